/**
 * Splits a stdio server's stdout into lines and turns each into a JSON-RPC message.
 * A line that is not one (a banner, a stray console.log, half a JSON object) is handed
 * to `onNoise` and skipped: it must never break the connection.
 */
import { JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/** As the SDK's ReadBuffer: a line this long without a newline is dropped. */
export const MAX_LINE_BYTES = 10 * 1024 * 1024;

export class JsonRpcLineReader {
  private buffer: Buffer | undefined;

  constructor(
    private readonly onMessage: (message: JSONRPCMessage, line: string) => void,
    private readonly onNoise: (line: string) => void,
    private readonly maxLineBytes = MAX_LINE_BYTES,
  ) {}

  push(chunk: Buffer): void {
    this.buffer = this.buffer ? Buffer.concat([this.buffer, chunk]) : chunk;
    let index: number;
    while (this.buffer && (index = this.buffer.indexOf(0x0a)) !== -1) {
      const line = this.buffer.toString('utf8', 0, index).replace(/\r$/, '');
      this.buffer = this.buffer.subarray(index + 1);
      this.handle(line);
    }
    if (this.buffer && this.buffer.length > this.maxLineBytes) {
      this.buffer = undefined;
      this.onNoise(`(dropped a line longer than ${this.maxLineBytes} bytes without a newline)`);
    }
  }

  /** Whatever is left when the stream ends is an unterminated line. */
  end(): void {
    const rest = this.buffer?.toString('utf8');
    this.buffer = undefined;
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
