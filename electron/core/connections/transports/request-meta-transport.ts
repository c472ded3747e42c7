/**
 * Adds keys to the `_meta` of every request sent in MCP 2026-07-28 (those carrying the
 * protocol-version envelope key), e.g. the per-request log level that replaces
 * `logging/setLevel`. 2025-era traffic passes through untouched. `subscriptions/listen`
 * is left alone: log messages never travel on a listen stream.
 */
import type { JSONRPCMessage, TransportSendOptions } from '@modelcontextprotocol/client';
import { ForwardingTransport } from './forwarding-transport';

const PROTOCOL_VERSION_KEY = 'io.modelcontextprotocol/protocolVersion';

export class RequestMetaTransport extends ForwardingTransport {
  constructor(
    inner: ConstructorParameters<typeof ForwardingTransport>[0],
    private readonly extraMeta: () => Record<string, unknown> | undefined,
  ) {
    super(inner);
  }

  override send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    return super.send(withMeta(message, this.extraMeta()), options);
  }
}

/** The message with the keys added to its request `_meta` (a copy; the caller's object is not changed). */
function withMeta(message: JSONRPCMessage, extra: Record<string, unknown> | undefined): JSONRPCMessage {
  if (!extra || !('method' in message) || !('id' in message) || message.method === 'subscriptions/listen') return message;
  const params = message.params as { _meta?: Record<string, unknown> } | undefined;
  if (params?._meta?.[PROTOCOL_VERSION_KEY] === undefined) return message;
  return { ...message, params: { ...params, _meta: { ...extra, ...params._meta } } } as JSONRPCMessage;
}
