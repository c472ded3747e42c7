/** Messages between the renderer and the browser host over its WebSocket. */
import type { Envelope } from './envelope';
import type { AppEvent } from './events';

export const WS_PATH = '/api';

/**
 * The browser host's one unauthenticated answer besides its static files: it says only
 * that an MCP Workbench host runs at this address. A browser hides why a WebSocket
 * handshake failed (a 401 for a wrong token and a host that is down both end in close
 * code 1006), so a page whose socket was refused asks here to tell the two apart.
 */
export const HEALTH_PATH = '/health';

/** The body of a healthy answer at HEALTH_PATH (JSON). */
export interface HealthAnswer {
  app: 'mcp-workbench';
}

/**
 * The largest message (one request, as UTF-8 JSON) the host accepts: large enough for
 * big tool arguments, small enough that one message cannot exhaust the host's memory.
 * The renderer refuses to send anything bigger; the host closes a socket that does.
 */
export const WS_MAX_MESSAGE_BYTES = 32 * 1024 * 1024;

/** The limit as people read it, e.g. "32 MB". */
export const WS_MAX_MESSAGE_TEXT = `${WS_MAX_MESSAGE_BYTES / (1024 * 1024)} MB`;

/** The close code (RFC 6455 "message too big") the host closes an oversized message's socket with. */
export const WS_CLOSE_TOO_BIG = 1009;

/**
 * The message's size in UTF-8 bytes, or undefined when it is surely within the limit (every
 * UTF-16 unit is at most 3 bytes): most messages are measured without being encoded.
 */
export function oversizedBytes(text: string): number | undefined {
  if (text.length * 3 <= WS_MAX_MESSAGE_BYTES) return undefined;
  const bytes = text.length > WS_MAX_MESSAGE_BYTES ? text.length : new TextEncoder().encode(text).length;
  return bytes > WS_MAX_MESSAGE_BYTES ? bytes : undefined;
}

/** A call from the renderer; `payload` is absent for methods without one. */
export interface WsRequest {
  id: number;
  method: string;
  payload?: unknown;
}

/**
 * What the host sends: an answer to one request, or a batch of events (oldest first; the
 * host coalesces the events of about one animation frame into one frame). The events that
 * were emitted before an answer reach the page before it: those still waiting when the
 * answer is ready travel in the answer itself (`events`, delivered first), so a call
 * costs one frame, its history and log events included. What is ready in the same tick
 * (several answers, say) goes out as one `batch` frame, its messages in order.
 */
export type WsServerMessage =
  | { kind: 'response'; id: number; envelope: Envelope<unknown>; events?: AppEvent[] }
  | { kind: 'events'; events: AppEvent[] }
  | { kind: 'batch'; messages: WsServerMessage[] };
