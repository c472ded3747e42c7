/**
 * Decodes the inside of one long JSON string literal (the bytes between its quotes) as
 * they arrive, in chunks cut anywhere: inside an escape, a \uXXXX, a surrogate pair or a
 * UTF-8 sequence.
 *
 * Escapes are undone on the bytes themselves, into one staging buffer that is reused for
 * every piece, so the only strings made are the decoded pieces (a megabyte each); the text
 * is handed on as a rope of them (util/long-texts.ts), never as a copy. Decoding a piece by JSON.parse instead made three strings per
 * megabyte (the raw piece, the piece in quotes, the parsed piece): big strings live in V8's
 * large-object space, which only a full collection frees, so they added up to several
 * times the text before one ran.
 *
 * The text is what JSON.parse would make of the same bytes decoded as UTF-8: invalid UTF-8
 * becomes U+FFFD, a lone surrogate escape stays a lone surrogate, and what JSON forbids in
 * a string (a raw control character, an unknown escape, a bad hex digit) makes the string
 * invalid.
 */
import { StringDecoder } from 'node:string_decoder';
import { joinPieces } from '../../util/long-texts';

/** Decoded bytes are turned into a string this many at a time. */
export const PIECE_BYTES = 1024 * 1024;

/** Runs of plain bytes at least this long are copied natively. */
const NATIVE_COPY_FROM_BYTES = 4096;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const LETTER_U = 0x75;

/** What each one-letter escape stands for (by the letter's byte). */
const SIMPLE_ESCAPES: ReadonlyMap<number, number> = new Map([
  [0x22, 0x22], // \"
  [0x5c, 0x5c], // \\
  [0x2f, 0x2f], // \/
  [0x62, 0x08], // \b
  [0x66, 0x0c], // \f
  [0x6e, 0x0a], // \n
  [0x72, 0x0d], // \r
  [0x74, 0x09], // \t
]);

/** Where the decoder is: in plain bytes, after a backslash, or in the four hex digits of a \uXXXX. */
const State = { Plain: 0, Escape: 1, Hex: 2 } as const;
type State = (typeof State)[keyof typeof State];

export class LongStringDecoder {
  private readonly staging = Buffer.allocUnsafe(PIECE_BYTES);
  private filled = 0;
  private readonly pieces: string[] = [];
  /** Carries a UTF-8 sequence split between pieces over to the next one. */
  private readonly utf8 = new StringDecoder('utf8');
  private state: State = State.Plain;
  private hexLeft = 0;
  private unit = 0;
  /** A high surrogate from a \uXXXX, waiting to see whether a low one follows. */
  private pendingHigh = -1;
  /** Something JSON does not allow in a string was seen. */
  private invalid = false;

  /**
   * Takes the string's bytes from `from` on: up to its closing quote, whose index it
   * returns, or all of them (-1: the string goes on in the next chunk).
   */
  write(bytes: Buffer, from: number): number {
    const length = bytes.length;
    let i = from;
    while (i < length) {
      if (this.state === State.Plain) {
        let end = i;
        // The plain run up to the next escape or the closing quote; a raw control
        // character is not JSON.
        while (end < length) {
          const byte = bytes[end]!;
          if (byte === QUOTE || byte === BACKSLASH || byte < 0x20) break;
          end++;
        }
        if (end > i && !this.invalid) {
          this.releaseHigh();
          this.copy(bytes, i, end);
        }
        if (end === length) return -1;
        if (bytes[end] === QUOTE) return end;
        if (bytes[end]! < 0x20) this.fail();
        else this.state = State.Escape;
        i = end + 1;
      } else if (this.state === State.Escape) {
        const letter = bytes[i++]!;
        if (letter === LETTER_U) {
          this.state = State.Hex;
          this.hexLeft = 4;
          this.unit = 0;
          continue;
        }
        this.state = State.Plain;
        const byte = SIMPLE_ESCAPES.get(letter);
        if (byte === undefined) this.fail();
        else if (!this.invalid) {
          this.releaseHigh();
          this.room(1);
          this.staging[this.filled++] = byte;
        }
      } else {
        const digit = hexValue(bytes[i]!);
        // A bad digit ends the escape: what follows (a quote, say) is read as it is.
        if (digit < 0) {
          this.fail();
          this.state = State.Plain;
          continue;
        }
        i++;
        this.unit = this.unit * 16 + digit;
        if (--this.hexLeft === 0) {
          this.state = State.Plain;
          if (!this.invalid) this.codeUnit(this.unit);
        }
      }
    }
    return -1;
  }

  /** The decoded text, or undefined when the bytes were not a valid JSON string. */
  end(): string | undefined {
    if (this.state !== State.Plain) this.invalid = true;
    if (this.invalid) return undefined;
    this.releaseHigh();
    this.flush();
    const tail = this.utf8.end();
    if (tail) this.pieces.push(tail);
    // Not joined: the pieces and a copy of them all would be twice the text.
    return joinPieces(this.pieces.splice(0));
  }

  /** The string is not JSON; the bytes are still read, to find where it ends. */
  private fail(): void {
    this.invalid = true;
    this.pieces.length = 0;
    this.filled = 0;
  }

  /** A \uXXXX's code unit: surrogate pairs become one character, a lone surrogate stays as it is. */
  private codeUnit(unit: number): void {
    if (this.pendingHigh >= 0) {
      if (unit >= 0xdc00 && unit <= 0xdfff) {
        const codePoint = 0x10000 + ((this.pendingHigh - 0xd800) << 10) + (unit - 0xdc00);
        this.pendingHigh = -1;
        this.codePoint(codePoint);
        return;
      }
      this.releaseHigh();
    }
    if (unit >= 0xd800 && unit <= 0xdbff) this.pendingHigh = unit;
    else if (unit >= 0xdc00 && unit <= 0xdfff) this.loneSurrogate(unit);
    else this.codePoint(unit);
  }

  /** A waiting high surrogate that no low one followed: kept as a lone surrogate, as JSON.parse keeps it. */
  private releaseHigh(): void {
    if (this.pendingHigh < 0) return;
    const unit = this.pendingHigh;
    this.pendingHigh = -1;
    this.loneSurrogate(unit);
  }

  /** UTF-8 cannot carry a lone surrogate: the piece so far ends, and the surrogate is a piece of its own. */
  private loneSurrogate(unit: number): void {
    this.flush();
    // A UTF-8 sequence cut short before the escape is U+FFFD, as it would be in the whole line.
    const tail = this.utf8.end();
    if (tail) this.pieces.push(tail);
    this.pieces.push(String.fromCharCode(unit));
  }

  private codePoint(codePoint: number): void {
    this.room(4);
    const out = this.staging;
    if (codePoint < 0x80) out[this.filled++] = codePoint;
    else if (codePoint < 0x800) {
      out[this.filled++] = 0xc0 | (codePoint >> 6);
      out[this.filled++] = 0x80 | (codePoint & 0x3f);
    } else if (codePoint < 0x10000) {
      out[this.filled++] = 0xe0 | (codePoint >> 12);
      out[this.filled++] = 0x80 | ((codePoint >> 6) & 0x3f);
      out[this.filled++] = 0x80 | (codePoint & 0x3f);
    } else {
      out[this.filled++] = 0xf0 | (codePoint >> 18);
      out[this.filled++] = 0x80 | ((codePoint >> 12) & 0x3f);
      out[this.filled++] = 0x80 | ((codePoint >> 6) & 0x3f);
      out[this.filled++] = 0x80 | (codePoint & 0x3f);
    }
  }

  private copy(bytes: Buffer, from: number, to: number): void {
    // A short run (text between two \n, say) is copied a byte at a time: Buffer#copy makes
    // a view object per call, a quarter of a million for 20 MB of text, garbage enough to
    // grow the young generation by megabytes.
    if (to - from < NATIVE_COPY_FROM_BYTES) {
      const staging = this.staging;
      for (; from < to; from++) {
        if (this.filled === staging.length) this.flush();
        staging[this.filled++] = bytes[from]!;
      }
      return;
    }
    while (from < to) {
      const taken = Math.min(to - from, this.staging.length - this.filled);
      bytes.copy(this.staging, this.filled, from, from + taken);
      this.filled += taken;
      from += taken;
      if (this.filled === this.staging.length) this.flush();
    }
  }

  /** Makes sure `bytes` more fit in the staging buffer. */
  private room(bytes: number): void {
    if (this.staging.length - this.filled < bytes) this.flush();
  }

  private flush(): void {
    if (this.filled === 0) return;
    const piece = this.utf8.write(this.staging.subarray(0, this.filled));
    this.filled = 0;
    if (piece) this.pieces.push(piece);
  }
}

function hexValue(byte: number): number {
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
  const lower = byte | 0x20;
  if (lower >= 0x61 && lower <= 0x66) return lower - 0x61 + 10;
  return -1;
}
