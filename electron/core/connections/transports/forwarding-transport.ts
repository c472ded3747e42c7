/**
 * A Transport that wraps another and passes everything through; subclasses override
 * the handle* hooks to watch or change traffic. The SDK's Client takes over the
 * callbacks of whatever it is given, so each layer owns its inner transport's.
 */
import type { JSONRPCMessage, MessageExtraInfo, Transport, TransportSendOptions } from '@modelcontextprotocol/client';

export class ForwardingTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void;

  constructor(protected readonly inner: Transport) {
    inner.onclose = () => this.handleClose();
    inner.onerror = (error) => this.handleError(error);
    inner.onmessage = (message, extra) => this.handleMessage(message, extra);
    // The SDK tells a stdio transport by its `pid` and `stderr` (a stdio server silent on
    // server/discover is a 2025 one; a silent HTTP server is down): a wrapper keeps them.
    if ('pid' in inner && 'stderr' in inner) {
      const stdio = inner as Transport & { pid: unknown; stderr: unknown };
      Object.defineProperties(this, { pid: { get: () => stdio.pid }, stderr: { get: () => stdio.stderr } });
    }
  }

  start(): Promise<void> {
    return this.inner.start();
  }

  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    return this.inner.send(message, options);
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  /** Must stay undefined before connect: a set session id makes the Client skip initialize. */
  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  setProtocolVersion(version: string): void {
    this.inner.setProtocolVersion?.(version);
  }

  setSupportedProtocolVersions(versions: string[]): void {
    this.inner.setSupportedProtocolVersions?.(versions);
  }

  /** Streamable HTTP on MCP 2026-07-28 cancels a request by closing its own response stream: the SDK asks the transport whether it has one. */
  get hasPerRequestStream(): boolean | undefined {
    return this.inner.hasPerRequestStream;
  }

  protected handleClose(): void {
    this.onclose?.();
  }

  protected handleError(error: Error): void {
    this.onerror?.(error);
  }

  protected handleMessage(message: JSONRPCMessage, extra?: MessageExtraInfo): void {
    this.onmessage?.(message, extra);
  }
}
