import type { IpcMainInvokeEvent } from 'electron';
import { describe, expect, it, vi, type Mock } from 'vitest';
import { appApiMethods, channels } from '../../shared/api';
import type { Dispatch } from '../core/api/dispatcher';
import { registerIpcHandlers, UNTRUSTED, type IpcMainLike } from './ipc-handlers';
import { isTrustedSender } from './trusted-sender';
import { startNavigation, webContentsStandIn } from './web-contents.testing';

type Listener = (event: IpcMainInvokeEvent, payload: unknown) => Promise<unknown>;

/** A stand-in for ipcMain: records handlers and lets the test invoke them as Electron would. */
function fakeIpcMain() {
  const handlers = new Map<string, Listener>();
  const ipc: IpcMainLike = { handle: (channel, listener) => void handlers.set(channel, listener) };
  const invoke = async (channel: string, event: IpcMainInvokeEvent, payload: unknown) => {
    const handler = handlers.get(channel);
    if (!handler) throw new Error(`No handler registered for '${channel}'`);
    return handler(event, payload);
  };
  return { ipc, handlers, invoke };
}

const OUR_ID = 7;
function event(options: { id?: number; url?: string; top?: boolean; sender?: ReturnType<typeof webContentsStandIn> } = {}): IpcMainInvokeEvent {
  const top = options.top ?? true;
  return {
    sender: options.sender ?? webContentsStandIn(options.id ?? OUR_ID),
    senderFrame: { url: options.url ?? 'app://workbench/index.html', parent: top ? null : {} },
  } as unknown as IpcMainInvokeEvent;
}

function setup() {
  const fake = fakeIpcMain();
  const dispatch = vi.fn<Dispatch>(async () => ({ ok: true, value: 'done' }));
  registerIpcHandlers(fake.ipc, dispatch, (sender) => isTrustedSender(sender, new Set([OUR_ID])));
  return { ...fake, dispatch };
}

describe('IPC handlers', () => {
  it('registers exactly the channels of the table, so an unknown channel has no handler', async () => {
    const { handlers, invoke } = setup();
    expect([...handlers.keys()].sort()).toEqual(appApiMethods.map((m) => channels[m].channel).sort());
    await expect(invoke('shell:openExternal', event(), 'file:///etc/passwd')).rejects.toThrow(/No handler/);
  });

  it('drops untrusted senders before dispatching', async () => {
    const { invoke, dispatch } = setup();
    const channel = channels.listServers.channel;
    expect(await invoke(channel, event({ id: 99 }), undefined)).toEqual(UNTRUSTED);
    expect(await invoke(channel, event({ top: false }), undefined)).toEqual(UNTRUSTED);
    expect(await invoke(channel, event({ url: 'https://evil.example/' }), undefined)).toEqual(UNTRUSTED);
    expect(await invoke(channel, event({ url: 'file:///tmp/x.html' }), undefined)).toEqual(UNTRUSTED);
    expect(dispatch).not.toHaveBeenCalled();
    expect(await invoke(channel, event(), undefined)).toEqual({ ok: true, value: 'done' });
    expect(dispatch).toHaveBeenCalledWith('listServers', undefined, { pageGone: expect.any(AbortSignal), pageEvents: expect.objectContaining({ watchProtocolLog: expect.any(Function) }) });
  });

  it("hands each call its own page's event stream, found when the call runs (the window's stream is made once the core is ready)", async () => {
    const fake = fakeIpcMain();
    const dispatch = vi.fn<Dispatch>(async (_method, _payload, context) => {
      context?.pageEvents?.watchProtocolLog('fixture');
      return { ok: true, value: 'done' };
    });
    const streams = new Map<number, { watchProtocolLog: Mock<(server: string | undefined) => void> }>();
    registerIpcHandlers(fake.ipc, dispatch, (sender) => isTrustedSender(sender, new Set([OUR_ID, OUR_ID + 1])), (id) => streams.get(id));
    // Before the stream exists, the choice goes nowhere and nothing throws.
    expect(await fake.invoke(channels.watchProtocolLog.channel, event(), { server: 'fixture' })).toEqual({ ok: true, value: 'done' });
    const mine = { watchProtocolLog: vi.fn<(server: string | undefined) => void>() };
    const other = { watchProtocolLog: vi.fn<(server: string | undefined) => void>() };
    streams.set(OUR_ID, mine);
    streams.set(OUR_ID + 1, other);
    await fake.invoke(channels.watchProtocolLog.channel, event(), { server: 'fixture' });
    expect(mine.watchProtocolLog).toHaveBeenCalledWith('fixture');
    expect(other.watchProtocolLog).not.toHaveBeenCalled();
  });

  it('gives each call a signal that aborts when the page that made it goes away (a reload), not before', async () => {
    const { invoke, dispatch } = setup();
    const page = webContentsStandIn(OUR_ID);
    await invoke(channels.listServers.channel, event({ sender: page }), undefined);
    const pageGone = dispatch.mock.calls[0]![2]!.pageGone!;
    startNavigation(page, { url: 'app://workbench/index.html#/x', isMainFrame: true, isSameDocument: true });
    expect(pageGone.aborted).toBe(false);
    startNavigation(page, { url: 'app://workbench/index.html', isMainFrame: true, isSameDocument: false });
    expect(pageGone.aborted).toBe(true);
    // The reloaded page's calls are its own.
    await invoke(channels.listServers.channel, event({ sender: page }), undefined);
    expect(dispatch.mock.calls[1]![2]!.pageGone!.aborted).toBe(false);
  });

  it('hands payloads to the validating dispatcher, which refuses an invalid one', async () => {
    const { createDispatcher } = await import('../core/api/dispatcher');
    const fake = fakeIpcMain();
    const callTool = vi.fn();
    const api = { callTool } as never;
    registerIpcHandlers(fake.ipc, createDispatcher(api), (sender) => isTrustedSender(sender, new Set([OUR_ID])));
    const answer = await fake.invoke(channels.callTool.channel, event(), { server: 1, tool: 'x' });
    expect(answer).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
    expect(callTool).not.toHaveBeenCalled();
  });
});
