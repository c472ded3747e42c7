/**
 * AppApi over the browser host's WebSocket: the browser-mode twin of the Electron
 * preload. Components cannot tell the two apart.
 */
import type { AppApi } from '../../../shared/api';
import { buildAppApi } from '../../../shared/api/client';
import { AppError, unwrapEnvelope } from '../../../shared/envelope';
import { deliverBatch, type AppEventListener } from '../../../shared/events';
import { oversizedBytes, WS_CLOSE_TOO_BIG, WS_MAX_MESSAGE_TEXT, type WsRequest, type WsServerMessage } from '../../../shared/ws-protocol';

/**
 * `lost`: the WebSocket closed and why is not known yet. The page then asks the host
 * (reconnect.ts) and narrows it: `stopped` (nothing answers at this address: the run
 * this page belongs to has ended) or `wrong-token` (a host answers but refuses this
 * page's token: another run of the host, or a mistyped URL).
 */
export type HostStatus = 'connecting' | 'open' | 'lost' | 'stopped' | 'wrong-token';

export const LOST_CONNECTION_MESSAGE = 'Lost the connection to the MCP Workbench host.';

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

export function createWsApi(url: string, onStatus: (status: HostStatus) => void = () => {}): AppApi {
  const socket = new WebSocket(url);
  const pending = new Map<number, Pending>();
  const listeners = new Set<AppEventListener>();
  const opened = new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve(), { once: true });
    socket.addEventListener('close', () => reject(new AppError('failed', 'Could not reach the MCP Workbench host.')), { once: true });
  });
  opened.catch(() => undefined);
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
    for (const call of pending.values()) call.reject(new AppError('failed', message));
    pending.clear();
  });
  // Untyped MessageEvent: this file also runs in Node (the benchmarks), whose MessageEvent is not generic.
  const receive = (data: WsServerMessage) => {
    if (data.kind === 'batch') {
      for (const message of data.messages) receive(message);
      return;
    }
    // A batch of events, or those an answer carries: each event reaches the listeners on its own, in order, before the answer.
    if (data.events) deliverBatch(data.events, listeners);
    if (data.kind === 'events') return;
    const call = pending.get(data.id);
    if (!call) return;
    pending.delete(data.id);
    try {
      call.resolve(unwrapEnvelope(data.envelope));
    } catch (error) {
      call.reject(error as Error);
    }
  };
  socket.addEventListener('message', (message: MessageEvent) => receive(JSON.parse(message.data as string) as WsServerMessage));

  const invoke = async (method: string, payload: unknown): Promise<unknown> => {
    await opened;
    // Not connected (any more): fail now rather than wait for an answer that cannot come.
    if (closedMessage !== undefined || socket.readyState !== socket.OPEN) throw new AppError('failed', closedMessage ?? LOST_CONNECTION_MESSAGE);
    const id = nextId++;
    const request: WsRequest = { id, method, ...(payload === undefined ? {} : { payload }) };
    const text = JSON.stringify(request);
    // The host would close the connection on it: refuse here, with a reason, and keep the connection.
    const bytes = oversizedBytes(text);
    if (bytes !== undefined) {
      throw new AppError(
        'invalid-request',
        `Too large to send: ${(bytes / (1024 * 1024)).toFixed(1)} MB, over the ${WS_MAX_MESSAGE_TEXT} limit of a message to the MCP Workbench host. Send smaller arguments.`,
      );
    }
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      socket.send(text);
    });
  };

  return buildAppApi(invoke, (listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  });
}
