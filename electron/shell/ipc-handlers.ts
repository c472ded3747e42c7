/**
 * Registers one `ipcMain.handle` per channel of the table, and nothing else. Each
 * handler drops untrusted senders, then hands the payload to the dispatcher, which
 * validates it with the channel's schema. Written against a minimal slice of
 * Electron's types so it can be unit-tested with a fake ipcMain.
 */
import type { IpcMainInvokeEvent } from 'electron';
import { appApiMethods, channels } from '../../shared/api';
import type { Envelope } from '../../shared/envelope';
import type { Dispatch } from '../core/api/dispatcher';
import type { PageEvents } from '../core/events/event-bus';
import { PageLifetimes } from './page-lifetime';
import type { SenderFacts } from './trusted-sender';

export interface IpcMainLike {
  handle(channel: string, listener: (event: IpcMainInvokeEvent, payload: unknown) => Promise<unknown>): void;
}

export const UNTRUSTED: Envelope<never> = { ok: false, error: { code: 'untrusted-sender', message: 'Request refused: untrusted sender', kind: 'refused' } };

function senderFacts(event: Pick<IpcMainInvokeEvent, 'sender' | 'senderFrame'>): SenderFacts {
  const frame = event.senderFrame;
  return {
    webContentsId: event.sender.id,
    frameUrl: frame?.url,
    isTopFrame: frame != null && frame.parent === null,
  };
}

/**
 * Each call carries a signal that aborts when the page that made it goes away (see
 * page-lifetime.ts), and the page's own event stream, found by its WebContents id when the
 * call runs (`eventsOf`: the window's stream, made once the core is ready).
 */
export function registerIpcHandlers(ipcMain: IpcMainLike, dispatch: Dispatch, isTrusted: (sender: SenderFacts) => boolean, eventsOf: (webContentsId: number) => PageEvents | undefined = () => undefined): void {
  const pages = new PageLifetimes();
  for (const method of appApiMethods) {
    ipcMain.handle(channels[method].channel, async (event, payload) => {
      if (!isTrusted(senderFacts(event))) return UNTRUSTED;
      const id = event.sender.id;
      const pageEvents: PageEvents = { watchProtocolLog: (server) => eventsOf(id)?.watchProtocolLog(server) };
      return dispatch(method, payload, { pageGone: pages.signalFor(event.sender), pageEvents });
    });
  }
}
