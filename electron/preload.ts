/**
 * Exposes `window.api`: exactly the AppApi methods, each a thin invoke on its channel,
 * plus the event subscription. Nothing else of Electron or Node reaches the page.
 * Bundled to one CommonJS file because a sandboxed preload cannot load modules.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { buildAppApi } from '../shared/api/client';
import { channels, EVENT_CHANNEL } from '../shared/api';
import { unwrapEnvelope, type Envelope } from '../shared/envelope';
import { deliverBatch, type AppEvent } from '../shared/events';

const api = buildAppApi(
  async (method, payload) => unwrapEnvelope((await ipcRenderer.invoke(channels[method].channel, payload)) as Envelope<unknown>),
  (listener) => {
    // The main process sends one message per batch of events (oldest first).
    const handler = (_event: IpcRendererEvent, batch: AppEvent[]) => deliverBatch(batch, [listener]);
    ipcRenderer.on(EVENT_CHANNEL, handler);
    return () => {
      ipcRenderer.removeListener(EVENT_CHANNEL, handler);
    };
  },
);

contextBridge.exposeInMainWorld('api', api);
