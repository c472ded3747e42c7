/**
 * Splits a stdio server's stdout into lines and turns each into a JSON-RPC message.
 * A line that is not one (a banner, a stray console.log, half a JSON object) is handed
 * to `onNoise` and skipped: it must never break the connection. A long line is parsed as
 * it arrives (long-line-parser.ts), so it never exists as one string beside its value.
 */
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { LongLineParser } from './long-line-parser';

/**
 * A line this long without a newline is dropped. Big enough for a 20 MB text result or a
 * large image as base64 (tool results are cut later, before they reach the window).
 */
export const MAX_LINE_BYTES = 128 * 1024 * 1024;
/** A line longer than this is parsed as it streams in (see long-line-parser.ts). */
const STREAM_FROM_BYTES = 1024 * 1024;

/** A long line's message is handed over with the line's start (for the log) and its size, not the line. */
export interface LongLine {
  bytes: number;
}

export class JsonRpcLineReader {
  /** The line so far, as read, until it is long enough to be parsed as it streams. */
  private held: Buffer[] = [];
  private heldBytes = 0;
  private parser: LongLineParser | undefined;
  private lineBytes = 0;
  private dropping = false;

  constructor(
    /** `line` is the whole line, or with `long` set only its start (its first HEAD_BYTES). */
    private readonly onMessage: (message: JSONRPCMessage, line: string, long?: LongLine) => void,
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
      this.endLine(piece);
    }
    if (rest.length === 0 || this.dropping) return;
    this.lineBytes += rest.length;
    if (this.lineBytes > this.maxLineBytes) {
      this.reset();
      // Skip the rest of this line, up to its newline.
      this.dropping = true;
      this.onNoise(`(dropped a line longer than ${this.maxLineBytes} bytes without a newline)`);
      return;
    }
    if (this.parser) {
      this.parser.push(rest);
      return;
    }
    this.held.push(rest);
    this.heldBytes += rest.length;
    if (this.heldBytes > STREAM_FROM_BYTES) {
      this.parser = new LongLineParser();
      for (const bytes of this.held) this.parser.push(bytes);
      this.held = [];
      this.heldBytes = 0;
    }
  }

  /** Whatever is left when the stream ends is an unterminated line. */
  end(): void {
    const dropping = this.dropping;
    this.dropping = false;
    if (dropping) this.reset();
    else if (this.parser || this.heldBytes > 0) this.endLine(Buffer.alloc(0));
  }

  private endLine(last: Buffer): void {
    const parser = this.parser;
    if (parser) {
      if (last.length > 0) parser.push(last);
      this.reset();
      const { value, head, bytes } = parser.finish();
      if (value !== undefined && looksLikeJsonRpc(value)) this.onMessage(value, head, { bytes });
      else this.onNoise(`${head}… (a line of ${bytes} bytes that is not a JSON-RPC message)`);
      return;
    }
    // The usual case, a whole message in one chunk: decoded once, nothing joined.
    const bytes = this.held.length === 0 ? last : Buffer.concat([...this.held, last]);
    this.reset();
    // A newline never falls inside a UTF-8 sequence: the line decodes on its own.
    const line = bytes.toString('utf8');
    this.handle(line.endsWith('\r') ? line.slice(0, -1) : line);
  }

  private reset(): void {
    this.held = [];
    this.heldBytes = 0;
    this.parser = undefined;
    this.lineBytes = 0;
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
function looksLikeJsonRpc(json: unknown): json is JSONRPCMessage {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return false;
  const message = json as Record<string, unknown>;
  if (message.jsonrpc !== '2.0') return false;
  if (typeof message.method === 'string') return true;
  return 'id' in message && ('result' in message || 'error' in message);
}
