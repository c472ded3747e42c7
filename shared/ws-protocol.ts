/** Messages between the renderer and the browser host over its WebSocket. */
import type { Envelope } from './envelope';
import type { AppEvent } from './events';

export const WS_PATH = '/api';

/** A call from the renderer; `payload` is absent for methods without one. */
export interface WsRequest {
  id: number;
  method: string;
  payload?: unknown;
}

export type WsServerMessage = { kind: 'response'; id: number; envelope: Envelope<unknown> } | { kind: 'event'; event: AppEvent };
