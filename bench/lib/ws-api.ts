/**
 * The renderer's own AppApi client (renderer/src/api/ws-client.ts, browser code built
 * on the global WebSocket) run in Node: the `ws` package's client stands in for the
 * browser's WebSocket. Calls take exactly the path a page's calls take: JSON over the
 * host's WebSocket, the host's dispatcher, the core.
 */
import { WebSocket } from 'ws';
import type { AppApi } from '../../shared/api';
import { createWsApi, type HostStatus } from '../../renderer/src/api/ws-client';

export interface WsApi {
  api: AppApi;
  /** Bytes of the frames received so far (their UTF-8 text): what the answers cost on the wire. */
  bytesReceived(): number;
  close(): void;
}

export async function connectWsApi(host: { port: number; token: string }): Promise<WsApi> {
  const sockets: WebSocket[] = [];
  let received = 0;
  // The global the client uses; this subclass remembers the socket so it can be closed, and counts what it receives.
  (globalThis as { WebSocket?: unknown }).WebSocket = class extends WebSocket {
    constructor(...args: ConstructorParameters<typeof WebSocket>) {
      super(...args);
      sockets.push(this);
      this.on('message', (data: Buffer) => (received += data.length));
    }
  };
  const state: { status: HostStatus } = { status: 'connecting' };
  const api = createWsApi(`ws://127.0.0.1:${host.port}/api?token=${encodeURIComponent(host.token)}`, (status) => (state.status = status));
  // The first call waits for the socket to open.
  await api.getSettings();
  if (state.status !== 'open') throw new Error(`The host's WebSocket is ${state.status}.`);
  return { api, bytesReceived: () => received, close: () => sockets.forEach((socket) => socket.close()) };
}
