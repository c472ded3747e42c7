/**
 * A real core with contract watching on, and real stdio fixture servers: a reconnect to the
 * same server says nothing; a reconnect that reaches a different server emits what changed,
 * its identity at once and its tools once they are listed. The watch itself never asks the
 * server for a list.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureServer } from '../../../e2e/fixtures/paths';
import type { AppEventOf } from '../../../shared/events';
import { createCore, type Core } from '../api/core-api';

let dataDir: string;
let core: Core;
const contractEvents: AppEventOf<'contract-changed'>[] = [];

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-contract-watch-'));
  core = await createCore({ dataDir, env: {}, autoConnect: false, watchContracts: true, watchConfig: false });
  core.events.subscribe((event) => {
    if (event.type === 'contract-changed') contractEvents.push(event);
  });
  await core.api.addServer({ name: 'srv', config: { command: process.execPath, args: [fixtureServer('basic-stdio')] } });
});

afterAll(async () => {
  await core?.dispose();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('what changed since the last connection', () => {
  it('emits contract-changed with the changes when a reconnect finds another surface, and nothing when it is the same', async () => {
    expect((await core.api.connectServer({ name: 'srv' })).status).toBe('connected');
    await core.api.listTools({ name: 'srv' });
    expect((await core.api.reconnectServer({ name: 'srv' })).status).toBe('connected');
    await core.api.listTools({ name: 'srv' });
    expect(contractEvents).toEqual([]);

    // Editing a running server reconnects it, to the other server: the identity comes with
    // the connection, so its change is known at once.
    await core.api.updateServer({ name: 'srv', scope: 'user', config: { command: process.execPath, args: [fixtureServer('v2-stdio')] } });
    expect(contractEvents).toHaveLength(1);
    expect(contractEvents[0]!.changes).toContainEqual(expect.objectContaining({ kind: 'changed', in: 'after', pointer: '/server/name' }));
    expect(contractEvents[0]!.changes.some((change) => change.pointer.startsWith('/tools'))).toBe(false);
    // Another reconnect to that same server has nothing new to say.
    expect((await core.api.reconnectServer({ name: 'srv' })).status).toBe('connected');
    expect(contractEvents).toHaveLength(1);

    // The tools, once something lists them: compared with the list last seen, in an event of their own.
    await core.api.listTools({ name: 'srv' });
    expect(contractEvents).toHaveLength(2);
    const [, event] = contractEvents;
    expect(event!.server).toBe('srv');
    expect(event!.changes.some((change) => change.kind === 'breaking' && /^tool .+ removed$/.test(change.message))).toBe(true);
    expect(event!.changes.some((change) => change.pointer.startsWith('/server'))).toBe(false);

    // Four connections, three tools/list: every one was ours, none the watch's.
    const requests = (await core.api.getProtocolLog({ server: 'srv' })).filter((entry) => entry.direction === 'out' && entry.kind === 'request');
    expect(requests.filter((entry) => entry.method === 'tools/list')).toHaveLength(3);
    expect(requests.filter((entry) => entry.method === 'resources/list' || entry.method === 'prompts/list' || entry.method === 'resources/templates/list')).toEqual([]);
  });
});
