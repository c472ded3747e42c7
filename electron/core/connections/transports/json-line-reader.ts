/**
 * Splits a stdio server's stdout into lines and turns each into a JSON-RPC message.
 * A line that is not one (a banner, a stray console.log, half a JSON object) is handed
 * to `onNoise` and skipped: it must never break the connection.
 */
import { JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/**
 * A line this long without a newline is dropped. Big enough for a 20 MB text result or a
 * large image as base64 (tool results are cut later, before they reach the window).
 */
export const MAX_LINE_BYTES = 128 * 1024 * 1024;

export class JsonRpcLineReader {
  /** The pieces of the line being read: joined once its newline arrives, not per chunk. */
  private pending: Buffer[] = [];
  private pendingBytes = 0;
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
      const line = (this.pending.length > 0 ? Buffer.concat([...this.pending, piece]) : piece).toString('utf8').replace(/\r$/, '');
      this.pending = [];
      this.pendingBytes = 0;
      this.handle(line);
    }
    if (rest.length === 0 || this.dropping) return;
    this.pending.push(rest);
    this.pendingBytes += rest.length;
    if (this.pendingBytes > this.maxLineBytes) {
      this.pending = [];
      this.pendingBytes = 0;
      // Skip the rest of this line, up to its newline.
      this.dropping = true;
      this.onNoise(`(dropped a line longer than ${this.maxLineBytes} bytes without a newline)`);
    }
  }

  /** Whatever is left when the stream ends is an unterminated line. */
  end(): void {
    const rest = this.dropping ? '' : Buffer.concat(this.pending).toString('utf8');
    this.pending = [];
    this.pendingBytes = 0;
    this.dropping = false;
    if (rest) this.handle(rest);
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
    const parsed = JSONRPCMessageSchema.safeParse(json);
    if (parsed.success) this.onMessage(parsed.data, line);
    else this.onNoise(line);
  }
}
