/**
 * Exposes `window.api`: the desktop page's transport, and nothing else of Electron or Node.
 * It carries data only — `invoke(method, payload)` answers with the main process's envelope,
 * `onEvents(listener)` hands over each batch of events — and the page builds the AppApi from
 * it with the same client browser mode uses (shared/api/client.ts). Typed failures cross
 * contextBridge as envelopes because the bridge copies a thrown error with its message only
 * (docs/api/context-bridge.md: "any custom properties on the Error object will be lost").
 *
 * Bundled to one CommonJS file because a sandboxed preload can load no modules. The
 * method → channel table is written in at build time (scripts/build.mjs), so the channel
 * schemas (zod) stay out of the page's process.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { ApiTransport } from '../shared/api/client';
import { EVENT_CHANNEL } from '../shared/api/event-channel';
import type { Envelope, ErrorCode, FailureKind } from '../shared/envelope';
import type { AppEvent } from '../shared/events';
import { messageOf } from '../shared/errors';

/** Each AppApi method's IPC channel, from the channel table (scripts/build.mjs). */
declare const __APP_CHANNELS__: Readonly<Record<string, string>>;

const failure = (code: ErrorCode, message: string, kind: FailureKind): Envelope<never> => ({ ok: false, error: { code, message, kind } });

const bridge: ApiTransport = {
  async invoke(method, payload) {
    const channel = typeof method === 'string' && Object.hasOwn(__APP_CHANNELS__, method) ? __APP_CHANNELS__[method] : undefined;
    if (channel === undefined) return failure('unknown-method', `Unknown method: ${String(method).slice(0, 100)}`, 'invalid-input');
    try {
      return (await ipcRenderer.invoke(channel, payload)) as Envelope<unknown>;
    } catch (error) {
      // IPC itself failed (a payload it cannot clone, the main process going away): still an envelope.
      return failure('failed', messageOf(error), 'unexpected');
    }
  },
  onEvents(listener) {
    // The main process sends one message per batch of events (oldest first).
    const handler = (_event: IpcRendererEvent, batch: readonly AppEvent[]) => listener(batch);
    ipcRenderer.on(EVENT_CHANNEL, handler);
    return () => {
      ipcRenderer.removeListener(EVENT_CHANNEL, handler);
    };
  },
};

contextBridge.exposeInMainWorld('api', bridge);
