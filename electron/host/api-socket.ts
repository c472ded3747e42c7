/**
 * One renderer's API WebSocket: requests in, answers and events out. Nothing a client
 * sends can stop the host: a malformed frame or an oversized message closes that
 * socket only, and a client that stops reading is dropped once its queue is full
 * instead of growing the host's memory without bound (its page reconnects by reloading).
 *
 * Output is written once per tick: the events waiting when an answer is ready travel
 * inside that answer, and everything made ready in the same tick (answers finishing
 * together, a batch of events) goes out as one frame. Frame writes, not the JSON, were
 * what a call cost the host.
 */
import { WebSocket } from 'ws';
import { WS_CLOSE_TOO_BIG, WS_MAX_MESSAGE_TEXT, type WsRequest, type WsServerMessage } from '../../shared/ws-protocol';
import type { Envelope } from '../../shared/envelope';
import type { Dispatch } from '../core/api/dispatcher';
import type { EventBus } from '../core/events/event-bus';
import { errorDataOf } from '../core/errors/error-kinds';

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

  let outgoing: WsServerMessage[] = [];
  const write = () => {
    const messages = outgoing;
    outgoing = [];
    if (ws.readyState !== WebSocket.OPEN) return;
    if (ws.bufferedAmount > maxQueuedBytes) {
      // Not reading: a close frame would wait behind the queue, so drop the connection outright.
      ws.terminate();
      return;
    }
    ws.send(frameText(messages));
  };
  const queue = (message: WsServerMessage) => {
    // The first message of a tick schedules the write; nextTick runs once the promise jobs
    // of this tick (other answers resolving) have run.
    if (outgoing.push(message) === 1) process.nextTick(write);
  };
  const stream = events.stream((batch) => queue({ kind: 'events', events: batch }));
  const answer = (id: number, envelope: Envelope<unknown>) => {
    const waiting = stream.take();
    queue(waiting.length > 0 ? { kind: 'response', id, envelope, events: waiting } : { kind: 'response', id, envelope });
  };
  // Tells what waits for this page's answer (a paused chat's tool call) that the page is gone.
  const page = new AbortController();
  ws.on('close', () => {
    stream.close();
    page.abort();
  });
  ws.on('message', (data, isBinary) => {
    const request = parseRequest(isBinary ? undefined : data.toString());
    if (!request) {
      answer(-1, { ok: false, error: { code: 'invalid-request', message: 'Malformed message', kind: 'invalid-input' } });
      return;
    }
    void dispatch(request.method, request.payload, { pageGone: page.signal, pageEvents: stream }).then(
      (envelope) => answer(request.id, envelope),
      (error: unknown) => answer(request.id, failedEnvelope(error)),
    );
  });
}

/** One frame's text: the message itself, or a batch of them in order. */
function frameText(messages: WsServerMessage[]): string {
  const message: WsServerMessage = messages.length === 1 ? messages[0]! : { kind: 'batch', messages };
  try {
    return JSON.stringify(message);
  } catch {
    // An answer that cannot be written as JSON still answers its call; the rest go as they are.
    return JSON.stringify({ kind: 'batch', messages: messages.map(writable) } satisfies WsServerMessage);
  }
}

function writable(message: WsServerMessage): WsServerMessage {
  const problem = jsonProblem(message);
  if (problem === undefined) return message;
  if (message.kind !== 'response') return { kind: 'events', events: [] };
  const bare: WsServerMessage = { kind: 'response', id: message.id, envelope: message.envelope };
  return jsonProblem(bare) === undefined ? bare : { kind: 'response', id: message.id, envelope: failedEnvelope(problem) };
}

/** Why the value cannot be written as JSON (a BigInt, a cycle), or undefined when it can. */
function jsonProblem(value: unknown): unknown {
  try {
    JSON.stringify(value);
    return undefined;
  } catch (error) {
    return error;
  }
}

function failedEnvelope(error: unknown): Envelope<unknown> {
  return { ok: false, error: errorDataOf(error) };
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
