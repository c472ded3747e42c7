/**
 * The check on connect (runDoctor with connect: false) reads only the connection open when it
 * starts. The page queues one per connected server, so its request can reach the core after the
 * user (or another client of the core) disconnected that server: it must not connect it again,
 * and a connection closed under it must not be reported as a server whose lists fail.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fixtureServer } from '../../../e2e/fixtures/paths';
import { createCore, type Core } from '../api/core-api';
import { createDispatcher } from '../api/dispatcher';

let core: Core;
let dataDir: string;

beforeEach(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-doctor-open-only-'));
  core = await createCore({ dataDir, env: {}, autoConnect: false });
});

afterEach(async () => {
  await core?.dispose();
  await fs.rm(dataDir, { recursive: true, force: true });
});

const statusOf = async (name: string) => (await core.api.listServers()).find((s) => s.name === name)?.status;
const sent = async (server: string, method: string) =>
  (await core.api.getProtocolLog({ server })).filter((entry) => entry.direction === 'out' && entry.kind === 'request' && entry.method === method).length;

describe('the check on connect', () => {
  it('leaves a server disconnected before it arrived disconnected, with no findings', async () => {
    await core.api.addServer({ name: 'good', config: { command: process.execPath, args: [fixtureServer('doctor-good')] } });
    await core.api.connectServer({ name: 'good' });
    await core.api.disconnectServer({ name: 'good' });

    const report = await core.api.runDoctor({ servers: ['good'], tokens: false, connect: false });

    expect(report.servers).toEqual([expect.objectContaining({ server: 'good', connected: false, findings: [], toolCount: 0 })]);
    expect(report.servers[0]!.error).toMatch(/not connected/i);
    expect(await statusOf('good')).toBe('disconnected');
  });

  it('ends as not connected, without findings, when the connection closes during it, and does not reconnect', async () => {
    // tools/list answers after a minute: the check is certainly waiting on it when the server is disconnected.
    await core.api.addServer({ name: 'bad', config: { command: process.execPath, args: [fixtureServer('doctor-bad')], env: { DOCTOR_BAD_START_DELAY_MS: '0', DOCTOR_BAD_LIST_DELAY_MS: '60000' } } });
    await core.api.connectServer({ name: 'bad' });
    const listsBefore = await sent('bad', 'tools/list');

    const checking = core.api.runDoctor({ servers: ['bad'], tokens: false, connect: false });
    await vi.waitFor(async () => expect(await sent('bad', 'tools/list')).toBe(listsBefore + 1), { timeout: 10_000 });
    await core.api.disconnectServer({ name: 'bad' });
    const report = await checking;

    // Its resources/list really fails, and was read before the disconnect; but nothing is said of a connection that went away.
    expect(report.servers).toEqual([expect.objectContaining({ server: 'bad', connected: false, findings: [] })]);
    expect(await statusOf('bad')).toBe('disconnected');
  });

  it('on a connection that stays open, reports as a full check does', async () => {
    await core.api.addServer({ name: 'bad', config: { command: process.execPath, args: [fixtureServer('doctor-bad')], env: { DOCTOR_BAD_START_DELAY_MS: '0', DOCTOR_BAD_LIST_DELAY_MS: '0' } } });
    await core.api.connectServer({ name: 'bad' });

    const report = await core.api.runDoctor({ servers: ['bad'], tokens: false, connect: false });

    const mine = report.servers[0]!;
    expect(mine.connected).toBe(true);
    expect(mine.findings.find((f) => f.rule === 'live-capability-failing')?.message).toMatch(/resources\/list fails/);
    expect(await statusOf('bad')).toBe('connected');
  });

  it('is refused with a connect that is not a boolean', async () => {
    await core.api.addServer({ name: 'good', config: { command: process.execPath, args: [fixtureServer('doctor-good')] } });
    const dispatch = createDispatcher(core.api);
    expect(await dispatch('runDoctor', { servers: ['good'], connect: 'no' })).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
    expect(await dispatch('runDoctor', { servers: ['good'], connect: false })).toMatchObject({ ok: true });
  });
});
