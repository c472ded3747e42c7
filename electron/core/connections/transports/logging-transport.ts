/**
 * Records every JSON-RPC message a connection sends and receives in the protocol log:
 * direction, kind, method, id, size, and for responses the latency since their request
 * (the method of a response is the one of the request it answers). Transport errors
 * and the close are recorded as events.
 */
import type { TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage, MessageExtraInfo } from '@modelcontextprotocol/sdk/types.js';
import type { ProtocolLogDirection } from '../../../../shared/protocol-log';
import type { NewProtocolLogEntry } from '../protocol-log';
import { ForwardingTransport } from './forwarding-transport';
import { rememberText, textOf } from './message-text';

/** Requests waiting for an answer; beyond this many the oldest are forgotten. */
const MAX_PENDING = 10_000;
/** The SDK's code for a closed connection, which servers use for their own errors too. */
const CONNECTION_CLOSED_CODE = -32000;
/** Such answers kept until the failure they caused is described; beyond this many the oldest go. */
const MAX_KEPT_ANSWERS = 16;

interface Pending {
  started: number;
  method: string;
}

export type LogSink = (entry: NewProtocolLogEntry) => void;

export class LoggingTransport extends ForwardingTransport {
  /** Our requests waiting for the server's answer, and the server's waiting for ours. */
  private readonly sent = new Map<string, Pending>();
  private readonly received = new Map<string, Pending>();
  /** The protocol version agreed at initialize (the Client tells the transport). */
  protocolVersion: string | undefined;
  /** The messages of -32000 errors the server answered with, not yet matched to a failure. */
  private readonly closedCodeAnswers: string[] = [];

  constructor(
    inner: ConstructorParameters<typeof ForwardingTransport>[0],
    private readonly log: LogSink,
  ) {
    super(inner);
  }

  override async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    // Serialized once: the transport below sends this same text.
    const text = JSON.stringify(message);
    rememberText(message, text);
    this.record('out', message, text);
    return super.send(message, options);
  }

  override setProtocolVersion(version: string): void {
    this.protocolVersion = version;
    super.setProtocolVersion(version);
  }

  protected override handleMessage(message: JSONRPCMessage, extra?: MessageExtraInfo): void {
    this.record('in', message, textOf(message));
    super.handleMessage(message, extra);
  }

  protected override handleError(error: Error): void {
    this.log({ direction: 'local', kind: 'event', size: 0, text: `Transport error: ${error.message}` });
    super.handleError(error);
  }

  /**
   * Whether `error` is one the server sent as its answer (code -32000 with this message),
   * not the SDK's own connection-closed error with the same code; each answer explains
   * one failure.
   */
  takeServerAnswer(error: unknown): boolean {
    const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
    if (code !== CONNECTION_CLOSED_CODE || typeof message !== 'string') return false;
    // The SDK's McpError reads "MCP error <code>: <the server's message>".
    const index = this.closedCodeAnswers.findIndex((answer) => message === `MCP error ${CONNECTION_CLOSED_CODE}: ${answer}`);
    if (index === -1) return false;
    this.closedCodeAnswers.splice(index, 1);
    return true;
  }

  protected override handleClose(): void {
    this.sent.clear();
    this.received.clear();
    super.handleClose();
  }

  private record(direction: ProtocolLogDirection, message: JSONRPCMessage, text: string): void {
    const size = Buffer.byteLength(text);
    const now = performance.now();
    // Our requests are answered by the server's responses, and the other way round.
    const mine = direction === 'out' ? this.sent : this.received;
    const theirs = direction === 'out' ? this.received : this.sent;

    if ('method' in message) {
      if ('id' in message && message.id !== undefined) {
        remember(mine, String(message.id), { started: now, method: message.method });
        this.log({ direction, kind: 'request', method: message.method, id: message.id, size, text });
      } else {
        if (message.method === 'notifications/cancelled') {
          const requestId = (message.params as { requestId?: unknown } | undefined)?.requestId;
          if (requestId !== undefined) (direction === 'out' ? this.sent : this.received).delete(String(requestId));
        }
        this.log({ direction, kind: 'notification', method: message.method, size, text });
      }
      return;
    }
    if (direction === 'in' && 'error' in message && message.error.code === CONNECTION_CLOSED_CODE) {
      this.closedCodeAnswers.push(String(message.error.message));
      if (this.closedCodeAnswers.length > MAX_KEPT_ANSWERS) this.closedCodeAnswers.shift();
    }
    const id = 'id' in message ? message.id : undefined;
    const request = id !== undefined && id !== null ? theirs.get(String(id)) : undefined;
    if (request) theirs.delete(String(id));
    this.log({
      direction,
      kind: 'error' in message ? 'error' : 'response',
      ...(request ? { method: request.method, latencyMs: Math.round((now - request.started) * 10) / 10 } : {}),
      ...(id !== undefined && id !== null ? { id } : {}),
      size,
      text,
    });
  }
}

function remember(map: Map<string, Pending>, id: string, pending: Pending): void {
  if (map.size >= MAX_PENDING) {
    const oldest = map.keys().next().value;
    if (oldest !== undefined) map.delete(oldest);
  }
  map.set(id, pending);
}
