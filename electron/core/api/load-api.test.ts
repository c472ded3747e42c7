/**
 * LoadApi on a real core: runs against the load-target fixture as real stdio processes,
 * progress as events, stop, the kept runs, and the safety rails (a remote server and a
 * destructive tool each need the user's consent). Each waits on the event that proves a
 * step (the run's first snapshot, its end), never on a fixed sleep.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureServer } from '../../../e2e/fixtures/paths';
import { isAlive, pidsWith } from '../../../e2e/support/processes';
import type { AppEvent, AppEventOf } from '../../../shared/events';
import { createCore, type Core } from './core-api';

const marker = `load-api-${randomUUID()}`;
let dataDir: string;
let core: Core;
const events: AppEvent[] = [];

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-load-api-'));
  const target = (...args: string[]) => ({ command: process.execPath, args: [fixtureServer('load-target'), ...args, marker] });
  const mcpServers = {
    target: target('--delay-ms', '5'),
    slow: target('--delay-ms', '20'),
    // Never reached: the rail refuses it before any connection.
    faraway: { type: 'http', url: 'http://10.255.255.1:9/mcp' },
  };
  await fs.writeFile(path.join(dataDir, 'servers.json'), JSON.stringify({ mcpServers }));
  core = await createCore({ dataDir, env: {}, watchConfig: false });
  core.events.subscribe((event) => events.push(event));
});

afterAll(async () => {
  await core?.dispose();
  await fs.rm(dataDir, { recursive: true, force: true });
});

function nextEvent<T extends AppEvent['type']>(type: T, runId: string): Promise<AppEventOf<T>> {
  return new Promise((resolve) => {
    const stop = core.events.subscribe((event) => {
      if (event.type === type && (event as { runId?: string }).runId === runId) {
        stop();
        resolve(event as AppEventOf<T>);
      }
    });
  });
}

describe('load API', () => {
  it('runs one tool, keeps the run with its report and budgets, and lists it', async () => {
    const ended = new Promise<AppEventOf<'load-ended'>>((resolve) => {
      const stop = core.events.subscribe((event) => {
        if (event.type === 'load-ended' && event.server === 'target') {
          stop();
          resolve(event);
        }
      });
    });
    const { runId } = await core.api.startLoadRun({ server: 'target', workload: { tool: 'work', arguments: {} }, clients: 2, concurrency: 2, requests: 40, budgets: 'p50<=1ms,errors<=0%' });
    const end = await ended;
    expect(end.runId).toBe(runId);
    expect(end.summary).toMatchObject({ id: runId, status: 'completed', requests: 40, errors: 0, label: 'work' });
    // p50 of a 5 ms tool cannot be 1 ms: that budget is missed, the errors one met.
    expect(end.summary.budgetsMissed).toBe(1);
    const record = await core.api.readLoadRun({ id: runId });
    expect(record.report?.requests).toBe(40);
    expect(record.report!.latency.p50).toBeGreaterThanOrEqual(4.5);
    expect(record.budgets.map((verdict) => [verdict.budget, verdict.ok])).toEqual([
      ['p50<=1ms', false],
      ['errors<=0%', true],
    ]);
    expect((await core.api.listLoadRuns({ server: 'target' })).map((run) => run.id)).toContain(runId);
    expect(await core.api.listLoadRuns({ server: 'slow' })).not.toContainEqual(expect.objectContaining({ id: runId }));
    const html = await core.api.loadRunHtml({ id: runId });
    expect(html).toContain('<title>Load report: target</title>');
  }, 60_000);

  it('streams progress, and stop ends the run and every server process it started', async () => {
    const { runId } = await core.api.startLoadRun({ server: 'slow', workload: { tool: 'work' }, clients: 3, concurrency: 1, durationMs: 600_000 });
    const progress = await nextEvent('load-progress', runId);
    expect(progress.snapshot.requests).toBeGreaterThan(0);
    const running = (await core.api.listLoadRuns({ server: 'slow' })).find((run) => run.id === runId);
    expect(running?.status).toBe('running');
    const pids = pidsWith(marker);
    expect(pids.length).toBeGreaterThanOrEqual(3);
    const ended = nextEvent('load-ended', runId);
    expect(await core.api.stopLoadRun({ runId })).toBe(true);
    // stopLoadRun answers once the clients are closed: no server process of the run is left.
    expect(pids.filter(isAlive)).toEqual([]);
    expect((await ended).summary.status).toBe('stopped');
    expect(await core.api.stopLoadRun({ runId })).toBe(false);
    expect((await core.api.readLoadRun({ id: runId })).summary.status).toBe('stopped');
  }, 60_000);

  it('refuses a tool not marked read-only without consent, starts no other client, and keeps nothing', async () => {
    const before = await core.api.listLoadRuns({});
    await expect(core.api.startLoadRun({ server: 'target', workload: { tool: 'write_record' }, clients: 3, concurrency: 1, requests: 5 })).rejects.toThrow(/"write_record" on target is marked destructive/);
    expect(pidsWith(marker)).toEqual([]);
    expect(await core.api.listLoadRuns({})).toEqual(before);
    await expect(core.api.startLoadRun({ server: 'target', workload: { tool: 'nope' }, clients: 1, concurrency: 1, requests: 5 })).rejects.toThrow(/has no tool named "nope"/);
    const ended = new Promise<AppEventOf<'load-ended'>>((resolve) => {
      const stop = core.events.subscribe((event) => event.type === 'load-ended' && event.summary.label === 'write_record' && (stop(), resolve(event)));
    });
    await core.api.startLoadRun({ server: 'target', workload: { tool: 'write_record' }, clients: 1, concurrency: 1, requests: 5, allowDestructive: true });
    expect((await ended).summary).toMatchObject({ status: 'completed', requests: 5 });
  }, 60_000);

  it('refuses a server that is not on this machine without consent, before connecting', async () => {
    await expect(core.api.startLoadRun({ server: 'faraway', workload: { tool: 'work' }, clients: 1, concurrency: 1, requests: 1 })).rejects.toThrow(/faraway is at 10\.255\.255\.1, not on this machine/);
  });

  it('answers clearly for bad budgets, profiles and unknown runs', async () => {
    await expect(core.api.startLoadRun({ server: 'target', workload: { tool: 'work' }, clients: 1, concurrency: 1, requests: 1, budgets: 'p95<=+15%' })).rejects.toThrow(/relative to a baseline/);
    await expect(core.api.startLoadRun({ server: 'target', workload: { tool: 'work' }, clients: 1, concurrency: 1, requests: 1, budgets: 'p95<200' })).rejects.toThrow(/needs a unit/);
    await expect(core.api.startLoadRun({ server: 'target', workload: { tool: 'work' }, clients: 1, concurrency: 1, requests: 1, profile: 'wave' })).rejects.toThrow(/not one of constant/);
    await expect(core.api.readLoadRun({ id: 'never-ran' })).rejects.toMatchObject({ code: 'not-found' });
  });
});

describe('a collection with a data file of the collections folder', () => {
  let projectCore: Core;
  let project: string;
  beforeAll(async () => {
    project = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-load-project-'));
    const folder = path.join(project, '.mcp-workbench', 'collections');
    await fs.mkdir(folder, { recursive: true });
    await fs.writeFile(path.join(folder, 'mix.yaml'), ['name: mix', 'steps:', '  - id: slow', '    tool: work', '    arguments: { delayMs: "${data.delay}" }', ''].join('\n'));
    await fs.writeFile(path.join(folder, 'rows.json'), JSON.stringify([{ delay: 30 }, { delay: 30 }]));
    projectCore = await createCore({ dataDir, env: {}, watchConfig: false, project });
  });
  afterAll(async () => {
    await projectCore?.dispose();
    await fs.rm(project, { recursive: true, force: true });
  });

  it('fills ${data.<column>} from its rows, one per call: the rows\' delay reaches the server', async () => {
    const ended = new Promise<AppEventOf<'load-ended'>>((resolve) => {
      const stop = projectCore.events.subscribe((event) => {
        if (event.type !== 'load-ended') return;
        stop();
        resolve(event);
      });
    });
    const { runId } = await projectCore.api.startLoadRun({ server: 'target', workload: { collection: 'mix.yaml', data: 'rows.json' }, clients: 1, concurrency: 2, requests: 10 });
    expect((await ended).summary).toMatchObject({ status: 'completed', requests: 10, errors: 0 });
    expect((await projectCore.api.readLoadRun({ id: runId })).report!.latency.p50).toBeGreaterThanOrEqual(29.5);
  }, 60_000);

  it('without the rows, or with a data file that is not there, the run does not start and says why', async () => {
    await expect(projectCore.api.startLoadRun({ server: 'target', workload: { collection: 'mix.yaml' }, clients: 1, concurrency: 1, requests: 1 })).rejects.toThrow(/give the rows with --data .*\(in the app: Data file\)/);
    await expect(projectCore.api.startLoadRun({ server: 'target', workload: { collection: 'mix.yaml', data: 'missing.csv' }, clients: 1, concurrency: 1, requests: 1 })).rejects.toThrow(/Cannot read the data file .*missing\.csv: ENOENT/);
  });
});
