/**
 * Splits a stdio server's stdout into lines and turns each into a JSON-RPC message.
 * A line that is not one (a banner, a stray console.log, half a JSON object) is handed
 * to `onNoise` and skipped: it must never break the connection.
 */
import { StringDecoder } from 'node:string_decoder';
import type { JSONRPCMessage } from '@modelcontextprotocol/client';

/**
 * A line this long without a newline is dropped. Big enough for a 20 MB text result or a
 * large image as base64 (tool results are cut later, before they reach the window).
 */
export const MAX_LINE_BYTES = 128 * 1024 * 1024;
/** A long line's text is kept in pieces made of this many bytes. */
const PIECE_BYTES = 1024 * 1024;

export class JsonRpcLineReader {
  /**
   * A line longer than one chunk is decoded a megabyte at a time as it arrives: its
   * bytes are copied into one staging buffer and each full buffer becomes a piece of
   * text. So a long line is never held as chunks and as their concatenation at once, and
   * its pieces are big enough for V8 to keep outside its young generation (small strings
   * that live long make that grow by tens of megabytes). For a 20 MB result this halves
   * the memory the read takes.
   */
  private pieces: string[] = [];
  /** Where a long line's bytes gather until they make a piece (one buffer per long line, reused for its pieces). */
  private staging: Buffer | undefined;
  private staged = 0;
  private lineBytes = 0;
  private readonly decoder = new StringDecoder('utf8');
  private dropping = false;

  constructor(
    private readonly onMessage: (message: JSONRPCMessage, line: string) => void,
    private readonly onNoise: (line: string) => void,
    private readonly maxLineBytes = MAX_LINE_BYTES,
  ) {}

  push(chunk: Buffer): void {
    let rest = chunk;
    let index: number;
    while ((index = rest.indexOf(0x0a)) !== -1) {
      const piece = rest.subarray(0, index);
      rest = rest.subarray(index + 1);
      if (this.dropping) {
        this.dropping = false;
        continue;
      }
      const line = this.takeLine(piece);
      this.handle(line.endsWith('\r') ? line.slice(0, -1) : line);
    }
    if (rest.length === 0 || this.dropping) return;
    this.stage(rest);
    this.lineBytes += rest.length;
    if (this.lineBytes > this.maxLineBytes) {
      this.reset();
      // Skip the rest of this line, up to its newline.
      this.dropping = true;
      this.onNoise(`(dropped a line longer than ${this.maxLineBytes} bytes without a newline)`);
    }
  }

  /** Copies bytes into the staging buffer, turning each full buffer into a piece of text. */
  private stage(bytes: Buffer): void {
    this.staging ??= Buffer.allocUnsafe(PIECE_BYTES);
    for (let offset = 0; offset < bytes.length; ) {
      const copied = bytes.copy(this.staging, this.staged, offset);
      this.staged += copied;
      offset += copied;
      if (this.staged === this.staging.length) this.unstage();
    }
  }

  private unstage(): void {
    if (this.staged === 0 || !this.staging) return;
    this.pieces.push(this.decoder.write(this.staging.subarray(0, this.staged)));
    this.staged = 0;
  }

  /** Whatever is left when the stream ends is an unterminated line. */
  end(): void {
    const rest = this.dropping ? '' : this.takeLine(Buffer.alloc(0));
    this.dropping = false;
    if (rest) this.handle(rest);
  }

  /** The line so far plus its last piece, as text; the reader is then ready for the next. */
  private takeLine(last: Buffer): string {
    // The usual case, a whole message in one chunk: decoded once, nothing joined.
    if (this.lineBytes === 0) return last.toString('utf8');
    this.unstage();
    // A newline never falls inside a UTF-8 sequence, so the decoder ends clean here.
    this.pieces.push(this.decoder.write(last), this.decoder.end());
    // One join, one flat string: JSON.parse would copy a rope of pieces once more.
    const line = this.pieces.length === 1 ? this.pieces[0]! : this.pieces.join('');
    this.reset();
    return line;
  }

  private reset(): void {
    this.pieces = [];
    this.staging = undefined;
    this.staged = 0;
    this.lineBytes = 0;
    this.decoder.end();
  }

  private handle(line: string): void {
    if (line.trim() === '') return;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch {
      this.onNoise(line);
      return;
    }
    if (looksLikeJsonRpc(json)) this.onMessage(json, line);
    else this.onNoise(line);
  }
}

/**
 * Whether parsed JSON is shaped like a JSON-RPC message, which is all the reader needs to
 * tell messages from noise. The SDK's Client checks every message against its schemas
 * itself (requests, notifications, responses, and each result against its method's), so
 * validating it here as well would only do that work twice.
 */
export function looksLikeJsonRpc(json: unknown): json is JSONRPCMessage {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return false;
  const message = json as Record<string, unknown>;
  if (message.jsonrpc !== '2.0') return false;
  if (typeof message.method === 'string') return true;
  return 'id' in message && ('result' in message || 'error' in message);
}
