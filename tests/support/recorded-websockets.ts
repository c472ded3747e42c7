/**
 * Runs the renderer's WebSocket client in Node: installs the `ws` package as the global
 * WebSocket the client uses, recording every socket it opens so a test can reach one
 * (send a raw frame, pause it) and terminate them all afterwards.
 */
import { WebSocket } from 'ws';

export function recordWebSockets(): { sockets: WebSocket[]; terminateAll(): void } {
  const sockets: WebSocket[] = [];
  (globalThis as { WebSocket?: unknown }).WebSocket = class extends WebSocket {
    constructor(...args: ConstructorParameters<typeof WebSocket>) {
      super(...args);
      sockets.push(this);
    }
  };
  return { sockets, terminateAll: () => sockets.forEach((socket) => socket.terminate()) };
}
