/**
 * One renderer's API WebSocket: requests in, answers and events out. Nothing a client
 * sends can stop the host: a malformed frame or an oversized message closes that
 * socket only, and a client that stops reading is dropped once its queue is full
 * instead of growing the host's memory without bound (its page reconnects by reloading).
 */
import { WebSocket } from 'ws';
import { WS_CLOSE_TOO_BIG, WS_MAX_MESSAGE_TEXT, type WsRequest, type WsServerMessage } from '../../shared/ws-protocol';
import type { Dispatch } from '../core/api/dispatcher';
import type { EventBus } from '../core/events/event-bus';

/**
 * How much may wait, unsent, for one client. Well above what a reading client ever has
 * queued (loopback drains fast), well below what hurts the host.
 */
export const MAX_QUEUED_BYTES = 64 * 1024 * 1024;

/**
 * `ws` closes the socket of a message over `maxPayload` with code 1009 and no reason; this
 * socket says which limit it was, so the page can tell the user.
 */
export class HostWebSocket extends WebSocket {
  override close(code?: number, data?: string | Buffer): void {
    super.close(code, code === WS_CLOSE_TOO_BIG && data === undefined ? `Message over the ${WS_MAX_MESSAGE_TEXT} limit` : data);
  }
}

export function serveApi(ws: WebSocket, dispatch: Dispatch, events: EventBus, maxQueuedBytes = MAX_QUEUED_BYTES): void {
  // A bad frame (invalid UTF-8, unmasked, unknown opcode, RSV bits, too long): `ws` has
  // already sent its close frame and ends the socket. Without a listener it would throw.
  ws.on('error', () => undefined);

  const send = (message: WsServerMessage) => {
    if (ws.readyState !== WebSocket.OPEN) return;
    if (ws.bufferedAmount > maxQueuedBytes) {
      // Not reading: a close frame would wait behind the queue, so drop the connection outright.
      ws.terminate();
      return;
    }
    let text: string;
    try {
      text = JSON.stringify(message);
    } catch (error) {
      // An answer that cannot be written as JSON still answers its call.
      if (message.kind !== 'response') return;
      text = JSON.stringify(failure(message.id, error));
    }
    ws.send(text);
  };
  // One frame per batch of events; the batch waiting when an answer is ready goes first, so
  // an answer never overtakes an event emitted before it.
  const stream = events.stream((batch) => send({ kind: 'events', events: batch }));
  const answer = (message: WsServerMessage) => {
    stream.flush();
    send(message);
  };
  ws.on('close', () => stream.close());
  ws.on('message', (data, isBinary) => {
    const request = parseRequest(isBinary ? undefined : data.toString());
    if (!request) {
      answer({ kind: 'response', id: -1, envelope: { ok: false, error: { code: 'invalid-request', message: 'Malformed message' } } });
      return;
    }
    const fail = (error: unknown) => answer(failure(request.id, error));
    void dispatch(request.method, request.payload).then((envelope) => answer({ kind: 'response', id: request.id, envelope }), fail);
  });
}

function failure(id: number, error: unknown): WsServerMessage {
  return { kind: 'response', id, envelope: { ok: false, error: { code: 'failed', message: error instanceof Error ? error.message : String(error) } } };
}

function parseRequest(text: string | undefined): WsRequest | undefined {
  if (text === undefined) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && Number.isSafeInteger((value as WsRequest).id) && typeof (value as WsRequest).method === 'string') {
      return value as WsRequest;
    }
  } catch {
    // fall through: malformed
  }
  return undefined;
}
