/**
 * AppApi over the browser host's WebSocket: the browser-mode twin of the Electron
 * preload. Components cannot tell the two apart.
 */
import type { AppApi } from '../../../shared/api';
import { buildAppApi } from '../../../shared/api/client';
import { AppError, unwrapEnvelope } from '../../../shared/envelope';
import type { AppEventListener } from '../../../shared/events';
import type { WsRequest, WsServerMessage } from '../../../shared/ws-protocol';

export type HostStatus = 'connecting' | 'open' | 'lost';

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

  onStatus('connecting');
  socket.addEventListener('open', () => onStatus('open'));
  socket.addEventListener('close', () => {
    onStatus('lost');
    for (const call of pending.values()) call.reject(new AppError('failed', 'Lost the connection to the MCP Workbench host.'));
    pending.clear();
  });
  // Untyped MessageEvent: this file also runs in Node (the benchmarks), whose MessageEvent is not generic.
  socket.addEventListener('message', (message: MessageEvent) => {
    const data = JSON.parse(message.data as string) as WsServerMessage;
    if (data.kind === 'event') {
      for (const listener of listeners) listener(data.event);
      return;
    }
    const call = pending.get(data.id);
    if (!call) return;
    pending.delete(data.id);
    try {
      call.resolve(unwrapEnvelope(data.envelope));
    } catch (error) {
      call.reject(error as Error);
    }
  });

  const invoke = async (method: string, payload: unknown): Promise<unknown> => {
    await opened;
    const id = nextId++;
    const request: WsRequest = { id, method, ...(payload === undefined ? {} : { payload }) };
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      socket.send(JSON.stringify(request));
    });
  };

  return buildAppApi(invoke, (listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  });
}
