/**
 * MCP over WebSocket on the `ws` package. The SDK's WebSocketClientTransport takes only
 * a URL and uses the global WebSocket, so it cannot send headers (an IDE's
 * X-Claude-Code-Ide-Authorization, a gateway's API key). Messages are JSON-RPC, one per
 * text frame, on the "mcp" subprotocol; there is no session id.
 */
import WebSocket from 'ws';
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import { JSONRPCMessageSchema } from '@modelcontextprotocol/core';
import { WebSocketHandshakeError } from '../connection-errors';

const SUBPROTOCOL = 'mcp';
/** How long close() waits for the closing handshake before dropping the socket. */
const CLOSE_GRACE_MS = 500;

export interface WebSocketTransportOptions {
  headers?: Record<string, string>;
  /** Time limit for the opening handshake. */
  handshakeTimeoutMs?: number;
}

export class WebSocketTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private socket: WebSocket | undefined;
  private closed = false;
  /** Why the socket closed, when the server closed it. */
  closeReason: string | undefined;

  constructor(
    private readonly url: URL,
    private readonly options: WebSocketTransportOptions = {},
  ) {}

  start(): Promise<void> {
    if (this.socket) throw new Error('WebSocketTransport already started');
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(this.url, SUBPROTOCOL, {
        headers: this.options.headers ?? {},
        ...(this.options.handshakeTimeoutMs ? { handshakeTimeout: this.options.handshakeTimeoutMs } : {}),
      });
      this.socket = socket;
      let opened = false;
      socket.once('open', () => {
        opened = true;
        resolve();
      });
      socket.once('unexpected-response', (_request, response) => {
        response.resume();
        const error = new WebSocketHandshakeError(response.statusCode ?? 0);
        socket.terminate();
        reject(error);
      });
      socket.on('error', (error) => {
        if (!opened) reject(error);
        else this.onerror?.(error);
      });
      socket.on('message', (data, isBinary) => {
        if (isBinary) {
          this.onerror?.(new Error('Received a binary WebSocket frame; MCP messages are text.'));
          return;
        }
        this.receive(data.toString());
      });
      socket.once('close', (code, reason) => {
        if (!this.closed) this.closeReason = `WebSocket closed by the server (code ${code}${reason.length ? `, ${reason.toString()}` : ''})`;
        this.finish();
      });
    });
  }

  send(message: JSONRPCMessage): Promise<void> {
    const socket = this.socket;
    if (!socket || socket.readyState !== WebSocket.OPEN) return Promise.reject(new Error('Not connected'));
    return new Promise((resolve, reject) => socket.send(JSON.stringify(message), (error) => (error ? reject(error) : resolve())));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const socket = this.socket;
    if (!socket || socket.readyState === WebSocket.CLOSED) {
      this.finish();
      return;
    }
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        socket.terminate();
        resolve();
      }, CLOSE_GRACE_MS);
      timer.unref?.();
      socket.once('close', () => {
        clearTimeout(timer);
        resolve();
      });
      if (socket.readyState === WebSocket.CONNECTING) socket.terminate();
      else socket.close(1000);
    });
    this.finish();
  }

  private receive(text: string): void {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      this.onerror?.(new Error(`Received a WebSocket frame that is not JSON: ${(error as Error).message}`));
      return;
    }
    const parsed = JSONRPCMessageSchema.safeParse(json);
    if (parsed.success) this.onmessage?.(parsed.data);
    else this.onerror?.(new Error('Received a WebSocket frame that is not a JSON-RPC message.'));
  }

  private finishedOnce = false;
  private finish(): void {
    if (this.finishedOnce) return;
    this.finishedOnce = true;
    this.onclose?.();
  }
}
