/**
 * Parses one long JSON line (a 20 MB text result, a big image as base64) as its bytes
 * arrive, so the line never exists as one string beside the value parsed from it.
 *
 * The bytes are scanned for string literals. A long one (more than LONG_STRING_BYTES) is
 * decoded as it streams in (long-string-decoder.ts: escapes undone on the bytes, a
 * megabyte-sized piece at a time) and handed on as a rope of its pieces (util/long-texts.ts);
 * in the line it is replaced by a short placeholder. What remains, the line's skeleton, is small: it is
 * parsed with JSON.parse and the placeholders are swapped for their strings. At its
 * largest the reader then holds one long string's pieces, not the chunks, the line, its
 * pieces and the parsed value together.
 *
 * The line's first HEAD_BYTES are kept as read, for the protocol log, which shows only the
 * start of a long message anyway.
 */
import { randomBytes } from 'node:crypto';
import { StringDecoder } from 'node:string_decoder';
import { LongStringDecoder } from './long-string-decoder';

/** A string literal longer than this (in bytes, as read) is decoded as it streams in. */
const LONG_STRING_BYTES = 256 * 1024;
/** Bytes of the line kept as read, for the protocol log (which keeps 256K characters of an entry at most). */
export const HEAD_BYTES = 512 * 1024;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const LETTER_U = 0x75;

export interface ParsedLongLine {
  /** The parsed JSON, or undefined when the line is not JSON. */
  value: unknown;
  /** The line's first HEAD_BYTES, as text. */
  head: string;
  /** The whole line's size in bytes. */
  bytes: number;
}

export class LongLineParser {
  private readonly placeholderPrefix = `\u0000mcpwb-long-${randomBytes(6).toString('hex')}-`;
  private readonly skeleton: Buffer[] = [];
  private readonly longs: string[] = [];
  private readonly head: Buffer[] = [];
  private headBytes = 0;
  private bytes = 0;

  private inString = false;
  /** The previous byte was a backslash (inside a string). */
  private escaped = false;
  /** Hex digits of a \uXXXX escape still to come. */
  private hexLeft = 0;
  /** The open string's bytes while it is short (with its opening quote). */
  private held: Buffer[] = [];
  private heldBytes = 0;
  /** A long string held something JSON cannot decode: the line is not JSON. */
  private broken = false;
  /** Set once the open string is long: it is decoded as its bytes arrive. */
  private long: LongStringDecoder | undefined;

  /** Takes the line's next bytes (no newline among them). */
  push(chunk: Buffer): void {
    this.bytes += chunk.length;
    if (this.headBytes < HEAD_BYTES) {
      const kept = chunk.subarray(0, HEAD_BYTES - this.headBytes);
      // A copy: the chunk itself must not stay alive for the head's sake.
      this.head.push(Buffer.from(kept));
      this.headBytes += kept.length;
    }
    let pos = 0;
    // The chunk's bytes from here on are the skeleton's (short strings included), up to
    // an open string's start or a long string.
    let skeletonFrom = 0;
    // Where the open string's bytes start in this chunk (its opening quote, if it opened here).
    let stringFrom = this.inString ? 0 : -1;
    // The next quote and backslash at or after pos, searched again only once pos passes
    // them: searching from every escape would scan the rest of the chunk each time.
    let quote = -2;
    let backslash = -2;
    const next = (byte: number, found: number) => (found === -1 || found >= pos ? found : chunk.indexOf(byte, pos));
    while (pos < chunk.length) {
      if (this.long) {
        // A long string finds its own end, as it decodes.
        const close = this.long.write(chunk, pos);
        if (close === -1) return;
        this.endLongString();
        this.inString = false;
        skeletonFrom = close + 1;
        stringFrom = -1;
        pos = close + 1;
        continue;
      }
      if (!this.inString) {
        quote = next(QUOTE, quote);
        if (quote === -1) break;
        this.inString = true;
        stringFrom = quote;
        pos = quote + 1;
        continue;
      }
      if (this.escaped) {
        this.escaped = false;
        this.hexLeft = chunk[pos] === LETTER_U ? 4 : 0;
        pos++;
        continue;
      }
      if (this.hexLeft > 0) {
        const taken = Math.min(this.hexLeft, chunk.length - pos);
        this.hexLeft -= taken;
        pos += taken;
        continue;
      }
      quote = next(QUOTE, quote);
      backslash = next(BACKSLASH, backslash);
      if (backslash !== -1 && (quote === -1 || backslash < quote)) {
        this.escaped = true;
        pos = backslash + 1;
        continue;
      }
      if (quote === -1) break;
      // The string closes here.
      if (this.held.length > 0) {
        // A short string begun in an earlier chunk: its first bytes join the skeleton; the
        // rest is at the start of this chunk's range.
        for (const part of this.held) this.skeleton.push(part);
        this.held = [];
        this.heldBytes = 0;
      }
      this.inString = false;
      stringFrom = -1;
      pos = quote + 1;
    }
    if (!this.inString) {
      this.commit(chunk, skeletonFrom, chunk.length);
      return;
    }
    // A string still open: held (with its opening quote) until it is known to be short or long.
    this.commit(chunk, skeletonFrom, stringFrom);
    this.hold(Buffer.from(chunk.subarray(stringFrom)));
    if (this.heldBytes > LONG_STRING_BYTES) {
      const long = new LongStringDecoder();
      // Its bytes without the opening quote: a placeholder takes the whole literal's place.
      // They hold no closing quote (the string is still open); an escape they end inside
      // is the decoder's to finish.
      this.held[0] = this.held[0]!.subarray(1);
      for (const part of this.held) long.write(part, 0);
      this.long = long;
      this.held = [];
      this.heldBytes = 0;
      this.escaped = false;
      this.hexLeft = 0;
    }
  }

  /** The line ended: its value (undefined when it is not JSON), its start and size. */
  finish(): ParsedLongLine {
    // A decoder's write leaves out a character the cut split (toString would end in U+FFFD).
    const head = new StringDecoder('utf8').write(Buffer.concat(this.head));
    let value: unknown;
    if (!this.inString && !this.broken) {
      try {
        value = JSON.parse(Buffer.concat(this.skeleton).toString('utf8'));
        if (this.longs.length > 0) value = this.restore(value);
      } catch {
        value = undefined;
      }
    }
    return { value, head, bytes: this.bytes };
  }

  private commit(chunk: Buffer, from: number, to: number): void {
    if (to > from) this.skeleton.push(Buffer.from(chunk.subarray(from, to)));
  }

  private hold(bytes: Buffer): void {
    if (bytes.length === 0) return;
    this.held.push(bytes);
    this.heldBytes += bytes.length;
  }

  private endLongString(): void {
    const text = this.long!.end();
    this.long = undefined;
    // Not a valid JSON string: the line is noise.
    if (text === undefined) this.broken = true;
    this.skeleton.push(Buffer.from(JSON.stringify(`${this.placeholderPrefix}${this.longs.length}`)));
    this.longs.push(text ?? '');
  }

  /** The parsed skeleton with every placeholder (as a value or a key) replaced by its string. */
  private restore(value: unknown): unknown {
    if (typeof value === 'string') return this.longOf(value) ?? value;
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) value[i] = this.restore(value[i]);
      return value;
    }
    if (value !== null && typeof value === 'object') {
      const object = value as Record<string, unknown>;
      for (const key of Object.keys(object)) {
        const restored = this.restore(object[key]);
        const longKey = this.longOf(key);
        if (longKey !== undefined) {
          delete object[key];
          object[longKey] = restored;
        } else object[key] = restored;
      }
    }
    return value;
  }

  private longOf(text: string): string | undefined {
    if (!text.startsWith(this.placeholderPrefix)) return undefined;
    return this.longs[Number(text.slice(this.placeholderPrefix.length))];
  }
}
