/**
 * The browser-mode transport: calls and events over the browser host's WebSocket, turned
 * into an AppApi by the same client the desktop page uses (shared/api/client.ts), so
 * components cannot tell the two apart.
 */
import type { AppApi, AppApiMethod } from '../../../shared/api';
import { createApiClient, type ApiTransport } from '../../../shared/api/client';
import type { Envelope, ErrorCode, FailureKind } from '../../../shared/envelope';
import type { AppEvent } from '../../../shared/events';
import { oversizedBytes, WS_CLOSE_TOO_BIG, WS_MAX_MESSAGE_TEXT, type WsRequest, type WsServerMessage } from '../../../shared/ws-protocol';

/**
 * `lost`: the WebSocket closed and why is not known yet. The page then asks the host
 * (reconnect.ts) and narrows it: `stopped` (nothing answers at this address: the run
 * this page belongs to has ended) or `wrong-token` (a host answers but refuses this
 * page's token: another run of the host, or a mistyped URL).
 */
export type HostStatus = 'connecting' | 'open' | 'lost' | 'stopped' | 'wrong-token';

const LOST_CONNECTION_MESSAGE = 'Lost the connection to the MCP Workbench host.';

const failure = (code: ErrorCode, message: string, kind: FailureKind): Envelope<never> => ({ ok: false, error: { code, message, kind } });

export function createWsApi(url: string, onStatus: (status: HostStatus) => void = () => {}): AppApi {
  return createApiClient(createWsTransport(url, onStatus));
}

/** Answers each call with the host's envelope, or a failure envelope when the socket cannot carry it. */
function createWsTransport(url: string, onStatus: (status: HostStatus) => void = () => {}): ApiTransport {
  const socket = new WebSocket(url);
  /** Each call waiting for its answer, by request id. */
  const pending = new Map<number, (envelope: Envelope<unknown>) => void>();
  const eventListeners = new Set<(batch: readonly AppEvent[]) => void>();
  /** Whether the socket opened; false once it closed without ever opening. */
  const opened = new Promise<boolean>((resolve) => {
    socket.addEventListener('open', () => resolve(true), { once: true });
    socket.addEventListener('close', () => resolve(false), { once: true });
  });
  let nextId = 1;
  /** Set once the socket has closed: why every later call fails at once (a closed socket would drop it unsent, unanswered). */
  let closedMessage: string | undefined;

  onStatus('connecting');
  // 'close' always follows and reports the loss; in Node (`ws`, the benchmarks) an unheard error would throw.
  socket.addEventListener('error', () => undefined);
  socket.addEventListener('open', () => onStatus('open'));
  // Untyped CloseEvent, for the same reason as MessageEvent below.
  socket.addEventListener('close', (event: { code: number; reason: string }) => {
    onStatus('lost');
    const message =
      event.code === WS_CLOSE_TOO_BIG
        ? `The MCP Workbench host refused a message (${event.reason || `over the ${WS_MAX_MESSAGE_TEXT} limit`}) and closed the connection.`
        : LOST_CONNECTION_MESSAGE;
    closedMessage = message;
    for (const answer of pending.values()) answer(failure('failed', message, 'connection'));
    pending.clear();
  });
  // Untyped MessageEvent: this file also runs in Node (the benchmarks), whose MessageEvent is not generic.
  const receive = (data: WsServerMessage) => {
    if (data.kind === 'batch') {
      for (const message of data.messages) receive(message);
      return;
    }
    // A batch of events, or those an answer carries: the events reach the listeners first, in order, then the answer.
    if (data.events) for (const listener of eventListeners) listener(data.events);
    if (data.kind === 'events') return;
    const answer = pending.get(data.id);
    if (!answer) return;
    pending.delete(data.id);
    answer(data.envelope);
  };
  socket.addEventListener('message', (message: MessageEvent) => receive(JSON.parse(message.data as string) as WsServerMessage));

  const invoke = async (method: AppApiMethod, payload: unknown): Promise<Envelope<unknown>> => {
    if (!(await opened)) return failure('failed', 'Could not reach the MCP Workbench host.', 'connection');
    // Not connected (any more): fail now rather than wait for an answer that cannot come.
    if (closedMessage !== undefined || socket.readyState !== socket.OPEN) return failure('failed', closedMessage ?? LOST_CONNECTION_MESSAGE, 'connection');
    const id = nextId++;
    const request: WsRequest = { id, method, ...(payload === undefined ? {} : { payload }) };
    const text = JSON.stringify(request);
    // The host would close the connection on it: refuse here, with a reason, and keep the connection.
    const bytes = oversizedBytes(text);
    if (bytes !== undefined) {
      return failure(
        'invalid-request',
        `Too large to send: ${(bytes / (1024 * 1024)).toFixed(1)} MB, over the ${WS_MAX_MESSAGE_TEXT} limit of a message to the MCP Workbench host. Send smaller arguments.`,
        'invalid-input',
      );
    }
    return new Promise((resolve) => {
      pending.set(id, resolve);
      socket.send(text);
    });
  };

  return {
    invoke,
    onEvents: (listener) => {
      eventListeners.add(listener);
      return () => void eventListeners.delete(listener);
    },
  };
}
