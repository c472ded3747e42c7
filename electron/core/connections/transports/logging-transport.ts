/**
 * Records every JSON-RPC message a connection sends and receives in the protocol log:
 * direction, kind, method, id, size, and for responses the latency since their request
 * (the method of a response is the one of the request it answers). Transport errors
 * and the close are recorded as events. On Streamable HTTP a request is recorded once
 * it goes out, with the `Mcp-*` headers it carries (see header-tap.ts). The rounds of one
 * multi-round-trip request share a conversation id and are numbered. The responses to
 * requests sent within a wire capture (wire-capture.ts) keep their text for the caller.
 */
import type { JSONRPCMessage, MessageExtraInfo, TransportSendOptions } from '@modelcontextprotocol/client';
import type { ProtocolLogDirection } from '../../../../shared/protocol-log';
import type { NewProtocolLogEntry } from '../protocol-log';
import { ForwardingTransport } from './forwarding-transport';
import type { McpHeaders, McpHeaderTap } from './header-tap';
import { loggedTextOf, rememberText, type LongText } from './message-text';
import { MrtrConversations, type ConversationRound } from './mrtr-conversations';
import { captureOf, WIRE_CAPTURE_LIMIT_CHARS, type CapturedResponses } from './wire-capture';

/** Requests waiting for an answer; beyond this many the oldest are forgotten. */
const MAX_PENDING = 10_000;

interface Pending {
  started: number;
  method: string;
  /** Set for our requests that may be answered with `input_required` (as MrtrConversations.onResponse takes it). */
  round?: ConversationRound & { method: string; params: unknown };
}

export type LogSink = (entry: NewProtocolLogEntry) => void;

export class LoggingTransport extends ForwardingTransport {
  /** Our requests waiting for the server's answer, and the server's waiting for ours. */
  private readonly sent = new Map<string, Pending>();
  private readonly received = new Map<string, Pending>();
  private readonly conversations = new MrtrConversations();
  /** Requests sent within a wire capture, by id: their responses' texts go to it. */
  private readonly captures = new Map<string, CapturedResponses>();
  /** The protocol version agreed at initialize (the Client tells the transport). */
  protocolVersion: string | undefined;

  constructor(
    inner: ConstructorParameters<typeof ForwardingTransport>[0],
    private readonly log: LogSink,
    private readonly headerTap?: McpHeaderTap,
  ) {
    super(inner);
  }

  override send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    // Not an async function: each call's request goes out without a promise and a step of its own. Whatever throws still rejects.
    try {
      // Serialized once: the transport below sends this same text.
      const text = JSON.stringify(message);
      rememberText(message, text);
      if ('method' in message && 'id' in message) {
        const capture = captureOf(message);
        if (capture) this.captures.set(String(message.id), capture);
      }
      if (this.headerTap && 'method' in message && 'id' in message) return this.sendWithHeaders(this.headerTap, message, options, text);
      this.record('out', message, text);
      return super.send(message, options);
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /** A Streamable HTTP request is recorded once it went out, with the `Mcp-*` headers it went out with. */
  private async sendWithHeaders(tap: McpHeaderTap, message: JSONRPCMessage, options: TransportSendOptions | undefined, text: string): Promise<void> {
    const sending = super.send(message, options);
    // The response cannot arrive before the request went out, so it still finds the request recorded.
    const headers = await tap.headersFor(text, sending);
    this.record('out', message, text, headers);
    return sending;
  }

  override setProtocolVersion(version: string): void {
    this.protocolVersion = version;
    super.setProtocolVersion(version);
  }

  protected override handleMessage(message: JSONRPCMessage, extra?: MessageExtraInfo): void {
    const { text, long } = loggedTextOf(message);
    if (this.captures.size > 0 && 'id' in message && !('method' in message)) {
      const capture = this.captures.get(String(message.id));
      if (capture) {
        this.captures.delete(String(message.id));
        capture.texts.push(long || text.length > WIRE_CAPTURE_LIMIT_CHARS ? undefined : text);
      }
    }
    this.record('in', message, text, undefined, long);
    super.handleMessage(message, extra);
  }

  protected override handleError(error: Error): void {
    this.log({ direction: 'local', kind: 'event', size: 0, text: `Transport error: ${error.message}` });
    super.handleError(error);
  }

  protected override handleClose(): void {
    this.sent.clear();
    this.received.clear();
    this.captures.clear();
    this.conversations.clear();
    super.handleClose();
  }

  /** `long`: `text` is only the start of a long message, of `long.bytes` bytes. */
  private record(direction: ProtocolLogDirection, message: JSONRPCMessage, text: string, headers?: McpHeaders, long?: LongText): void {
    // The size is measured when the entry is built (see protocol-log.ts), not on the message's way.
    const now = performance.now();
    // Our requests are answered by the server's responses, and the other way round.
    const mine = direction === 'out' ? this.sent : this.received;
    const theirs = direction === 'out' ? this.received : this.sent;

    if ('method' in message) {
      if ('id' in message && message.id !== undefined) {
        const round = direction === 'out' ? this.conversations.onRequest(message.method, message.params) : undefined;
        const pending: Pending = { started: now, method: message.method };
        if (round) pending.round = { conversation: round.conversation, round: round.round, method: message.method, params: message.params };
        remember(mine, String(message.id), pending);
        // Field by field, not spread: this runs for every message.
        const fields: NewProtocolLogEntry = { direction, kind: 'request', method: message.method, id: message.id, text };
        if (headers && Object.keys(headers).length > 0) fields.headers = headers;
        if (round) {
          fields.conversation = round.conversation;
          fields.round = round.round;
        }
        this.log(fields);
      } else {
        if (message.method === 'notifications/cancelled') {
          const requestId = (message.params as { requestId?: unknown } | undefined)?.requestId;
          if (requestId !== undefined) (direction === 'out' ? this.sent : this.received).delete(String(requestId));
        }
        this.log({ direction, kind: 'notification', method: message.method, text });
      }
      return;
    }
    const id = 'id' in message ? message.id : undefined;
    const request = id !== undefined && id !== null ? theirs.get(String(id)) : undefined;
    if (request) theirs.delete(String(id));
    if (request?.round) this.conversations.onResponse(request.round, message);
    const fields: NewProtocolLogEntry = { direction, kind: 'error' in message ? 'error' : 'response', text };
    if (request) {
      fields.method = request.method;
      fields.latencyMs = Math.round((now - request.started) * 10) / 10;
      if (request.round) {
        fields.conversation = request.round.conversation;
        fields.round = request.round.round;
      }
    }
    if (id !== undefined && id !== null) fields.id = id;
    if (long) {
      fields.size = long.bytes;
      fields.cut = true;
    }
    this.log(fields);
  }
}

function remember(map: Map<string, Pending>, id: string, pending: Pending): void {
  if (map.size >= MAX_PENDING) {
    const oldest = map.keys().next().value;
    if (oldest !== undefined) map.delete(oldest);
  }
  map.set(id, pending);
}
