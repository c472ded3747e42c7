/**
 * One place decides what connects after a config change: each edit through the API, and
 * each change another program makes on disk, connects or disconnects its server exactly
 * once, and the front ends get the new list as exactly one `servers-changed` event (they
 * never need to ask for it). A real core, real files, real stdio fixture servers; the
 * connection manager's methods are watched, not replaced.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fixtureServer } from '../../../e2e/fixtures/paths';
import type { AppEvent, AppEventOf } from '../../../shared/events';
import { SERVERS_FILE } from '../config/server-registry';
import { ConnectionManager } from '../connections/connection-manager';
import { createCore, type Core } from './core-api';

let dataDir: string;
let core: Core | undefined;
let events: AppEvent[];
const calls = { connect: [] as string[], disconnect: [] as string[], forget: [] as string[] };

beforeEach(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-decisions-'));
  for (const method of ['connect', 'disconnect', 'forget'] as const) {
    const original = ConnectionManager.prototype[method] as (this: ConnectionManager, name: string, ...rest: unknown[]) => Promise<unknown>;
    vi.spyOn(ConnectionManager.prototype, method).mockImplementation(function (this: ConnectionManager, name: string, ...rest: unknown[]) {
      calls[method].push(name);
      return original.call(this, name, ...rest);
    } as never);
  }
});
afterEach(async () => {
  await core?.dispose();
  core = undefined;
  vi.restoreAllMocks();
  for (const list of Object.values(calls)) list.length = 0;
  await fs.rm(dataDir, { recursive: true, force: true });
});

const basic = { command: process.execPath, args: [fixtureServer('basic-stdio')] };

async function start(): Promise<Core['api']> {
  core = await createCore({ dataDir, env: {}, shellEnv: async () => ({ env: {} }) });
  events = [];
  core.events.subscribe((event) => events.push(event));
  return core.api;
}

/** What the next action costs: the calls and list events it causes. */
function mark() {
  const from = { connect: calls.connect.length, disconnect: calls.disconnect.length, forget: calls.forget.length, events: events.length };
  return () => ({
    connect: calls.connect.slice(from.connect),
    disconnect: calls.disconnect.slice(from.disconnect),
    forget: calls.forget.slice(from.forget),
    lists: events.slice(from.events).filter((e): e is AppEventOf<'servers-changed'> => e.type === 'servers-changed'),
  });
}

/** Resolves with the first event (from now on) that `match` accepts. */
function nextEvent<T extends AppEvent>(match: (event: AppEvent) => event is T): Promise<T> {
  return new Promise((resolve) => {
    const stop = core!.events.subscribe((event) => {
      if (!match(event)) return;
      stop();
      resolve(event);
    });
  });
}

describe('connections after config changes', () => {
  it('adding a server connects it once and sends the list once, with the server in it', async () => {
    const api = await start();
    const since = mark();
    const view = await api.addServer({ name: 'one', config: basic });
    expect(view.status).toBe('connected');
    const cost = since();
    expect(cost.connect).toEqual(['one']);
    expect(cost.disconnect).toEqual([]);
    expect(cost.lists).toHaveLength(1);
    // The list carries where the command was found, so nobody needs to ask for it.
    expect(cost.lists[0]!.servers).toEqual([expect.objectContaining({ name: 'one', scope: 'user', launch: { commandPath: process.execPath } })]);
  });

  it('an edit reconnects once; switching off disconnects once; switching on connects once; removing forgets once', async () => {
    const api = await start();
    await api.addServer({ name: 'one', config: basic });

    let since = mark();
    const edited = await api.updateServer({ name: 'one', scope: 'user', config: { ...basic, env: { EDITED: '1' } } });
    expect(edited).toMatchObject({ status: 'connected', config: { env: { EDITED: '1' } } });
    expect(since()).toMatchObject({ connect: ['one'], disconnect: [], forget: [], lists: [expect.anything()] });

    since = mark();
    expect((await api.setServerEnabled({ name: 'one', enabled: false })).status).toBe('disabled');
    expect(since()).toMatchObject({ connect: [], disconnect: ['one'], forget: [], lists: [expect.anything()] });

    since = mark();
    expect((await api.setServerEnabled({ name: 'one', enabled: true })).status).toBe('connected');
    expect(since()).toMatchObject({ connect: ['one'], disconnect: [], forget: [], lists: [expect.anything()] });

    since = mark();
    await api.removeServer({ name: 'one' });
    const removed = since();
    expect(removed).toMatchObject({ connect: [], disconnect: [], forget: ['one'] });
    expect(removed.lists.map((list) => list.servers)).toEqual([[]]);
  });

  it('a running server renamed is forgotten once under its old name and connected once under its new one', async () => {
    const api = await start();
    await api.addServer({ name: 'one', config: basic });
    const since = mark();
    expect(await api.updateServer({ name: 'one', scope: 'user', newName: 'uno', config: basic })).toMatchObject({ name: 'uno', status: 'connected' });
    const cost = since();
    expect(cost).toMatchObject({ connect: ['uno'], disconnect: [], forget: ['one'] });
    expect(cost.lists.map((list) => list.servers.map((s) => s.name))).toEqual([['uno']]);
  });

  it('a config file changed on disk reconnects the server once and sends the list once', async () => {
    const api = await start();
    await api.addServer({ name: 'one', config: basic });
    const since = mark();
    const listed = nextEvent((e): e is AppEventOf<'servers-changed'> => e.type === 'servers-changed');
    const reconnected = nextEvent((e): e is AppEventOf<'server-state'> => e.type === 'server-state' && e.server.status === 'connected' && (e.server.config as { env?: object }).env !== undefined);
    await fs.writeFile(path.join(dataDir, SERVERS_FILE), JSON.stringify({ mcpServers: { one: { ...basic, env: { CHANGED: '1' } } } }));
    await Promise.all([listed, reconnected]);
    const cost = since();
    expect(cost.connect).toEqual(['one']);
    expect(cost.disconnect).toEqual([]);
    expect(cost.lists).toHaveLength(1);
    expect(events.some((e) => e.type === 'config-changed' && e.external)).toBe(true);
  });

  it('a failed server whose command is fixed reconnects with the fixed entry, and the old error is gone', async () => {
    const api = await start();
    const failed = await api.addServer({ name: 'typo', config: { command: 'mcp-workbench-no-such-command' } });
    expect(failed).toMatchObject({ status: 'failed', error: expect.stringContaining('mcp-workbench-no-such-command') });

    const since = mark();
    const fixed = await api.updateServer({ name: 'typo', scope: 'user', config: basic });
    expect(fixed.status).toBe('connected');
    expect(fixed.error).toBeUndefined();
    expect(since().connect).toEqual(['typo']);
  });

  it('a failed server whose file is fixed by another program reconnects, and its row never shows the old error for the new entry', async () => {
    const api = await start();
    await api.addServer({ name: 'typo', config: { command: 'mcp-workbench-no-such-command' } });
    const reconnected = nextEvent((e): e is AppEventOf<'server-state'> => e.type === 'server-state' && e.server.name === 'typo' && e.server.status === 'connected');
    const listed = nextEvent((e): e is AppEventOf<'servers-changed'> => e.type === 'servers-changed');
    await fs.writeFile(path.join(dataDir, SERVERS_FILE), JSON.stringify({ mcpServers: { typo: basic } }));
    const list = await listed;
    expect(list.servers.find((server) => server.name === 'typo')?.error).toBeUndefined();
    await reconnected;
    expect((await api.listServers()).find((server) => server.name === 'typo')).toMatchObject({ status: 'connected' });
  });

  it('a server never tried in this run, edited here, connects with the edit', async () => {
    await fs.writeFile(path.join(dataDir, SERVERS_FILE), JSON.stringify({ mcpServers: { idle: basic } }));
    const api = await start();
    expect((await api.listServers())[0]).toMatchObject({ name: 'idle', status: 'disconnected' });
    const since = mark();
    expect(await api.updateServer({ name: 'idle', scope: 'user', config: { ...basic, env: { EDITED: '1' } } })).toMatchObject({ status: 'connected' });
    expect(since().connect).toEqual(['idle']);
  });

  it('a server the user disconnected stays disconnected when edited', async () => {
    const api = await start();
    await api.addServer({ name: 'one', config: basic });
    await api.disconnectServer({ name: 'one' });
    const since = mark();
    expect(await api.updateServer({ name: 'one', scope: 'user', config: { ...basic, env: { EDITED: '1' } } })).toMatchObject({ status: 'disconnected' });
    expect(since().connect).toEqual([]);
  });
});
