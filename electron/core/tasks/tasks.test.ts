/**
 * Tasks through the real core against the tasks fixture (SDK v2, both eras): a stdio
 * process pinned to each era, and an HTTP server whose tasks outlive connections. A long
 * task reports progress and finishes, a required-task tool runs as one by itself, input
 * goes through the elicitation dialog, a failure and an expiry are shown as such, Cancel
 * sends tasks/cancel, and the ids survive a reconnect and a restart of the core.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixture, type RunningFixture } from '../../../e2e/fixtures/fixture-process';
import { fixtureServer } from '../../../e2e/fixtures/paths';
import type { TaskView } from '../../../shared/api/tasks';
import type { AppEvent } from '../../../shared/events';
import { createCore, type Core } from '../api/core-api';

let core: Core;
let dataDir: string;
let http: RunningFixture;
const events: AppEvent[] = [];

const ERAS = [
  { server: 'legacy', protocol: 'legacy', generation: 'v1' },
  { server: 'modern', protocol: '2026-07-28', generation: 'v2' },
] as const;

async function openCore(): Promise<Core> {
  const opened = await createCore({ dataDir, env: {}, autoConnect: false });
  opened.events.subscribe((event) => events.push(event));
  return opened;
}

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-tasks-'));
  http = await startFixture('tasks-server', ['--http']);
  core = await openCore();
  for (const { server, protocol } of ERAS) {
    await core.api.addServer({ name: server, config: { command: process.execPath, args: [fixtureServer('tasks-server')], protocol } });
    await core.api.addServer({ name: `${server}-http`, config: { type: 'http', url: http.url, protocol } });
    await core.api.setPermissionRule({ pattern: `mcp__${server}`, decision: 'allow' });
    await core.api.setPermissionRule({ pattern: `mcp__${server}-http`, decision: 'allow' });
  }
});

afterAll(async () => {
  await core?.dispose();
  await http?.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
});

const taskEvents = (server: string) => events.flatMap((event) => (event.type === 'task-updated' && event.task.server === server ? [event.task] : []));
const latest = (server: string, taskId: string): TaskView | undefined => taskEvents(server).filter((task) => task.taskId === taskId).at(-1);

describe.each(ERAS)('tasks in the $protocol era', ({ server, generation }) => {
  it('runs an optional-task tool as a task on request: status messages, then the result', async () => {
    const progress: AppEvent[] = [];
    const off = core.events.subscribe((event) => event.type === 'tool-progress' && event.callId === `slow-${server}` && progress.push(event));
    const result = await core.api.callTool({ server, tool: 'slow_job', arguments: { steps: 3, delayMs: 150 }, task: true, callId: `slow-${server}` });
    off();
    expect(result.content).toEqual([expect.objectContaining({ type: 'text', text: 'done after 3 steps' })]);
    expect(result.task).toMatchObject({ status: 'completed' });
    const seen = taskEvents(server).filter((task) => task.taskId === result.task!.taskId);
    expect(seen[0]).toMatchObject({ tool: 'slow_job', generation });
    expect(seen.map((task) => task.statusMessage)).toContain('step 2 of 3');
    // 2025-11-25 carries progress notifications on the call's token after it was answered.
    if (generation === 'v1') expect(progress.length).toBeGreaterThanOrEqual(3);
    expect((await core.api.listTasks({ name: server })).find((task) => task.taskId === result.task!.taskId)).toMatchObject({ status: 'completed' });
    expect((await core.api.getTaskResult({ name: server, taskId: result.task!.taskId })).content[0]).toMatchObject({ text: 'done after 3 steps' });
  });

  it('calls an optional-task tool plainly when not asked', async () => {
    const result = await core.api.callTool({ server, tool: 'slow_job', arguments: { steps: 1, delayMs: 10 } });
    expect(result.task).toBeUndefined();
    expect(result.content[0]).toMatchObject({ text: 'done after 1 steps' });
  });

  it('asks for the input a task needs through the elicitation dialog', async () => {
    const answering = core.events.subscribe((event) => {
      if (event.type === 'server-request' && event.request.server === server) void core.api.answerServerRequest({ id: event.request.id, answer: { action: 'accept', content: { colour: 'teal' } } });
    });
    try {
      // needs_input is required-task in 2025-11-25; in 2026-07-28 the server decides, and we ask.
      const result = await core.api.callTool({ server, tool: 'needs_input', arguments: {}, task: true });
      expect(result.content[0]).toMatchObject({ text: 'you like teal' });
      expect(taskEvents(server).filter((task) => task.taskId === result.task!.taskId).map((task) => task.status)).toContain('input_required');
    } finally {
      answering();
    }
  });

  it('reports a failed task with its reason', async () => {
    await expect(core.api.callTool({ server, tool: 'fails', arguments: {}, task: true })).rejects.toThrow(/failed: the job broke/);
  });

  it('shows a task the server forgot after its ttl as expired', async () => {
    const started = await core.api.callTool({ server, tool: 'expires', arguments: { ttlMs: 400 }, task: true, detach: true });
    const taskId = started.task!.taskId;
    await expect.poll(() => latest(server, taskId)?.status, { timeout: 10_000 }).toBe('expired');
  });

  it('cancels a running task with tasks/cancel when the call is cancelled', async () => {
    const callId = `cancel-${server}`;
    const running = core.api.callTool({ server, tool: 'slow_job', arguments: { steps: 50, delayMs: 100 }, task: true, callId });
    await expect.poll(() => taskEvents(server).find((task) => task.callId === callId)?.status, { timeout: 10_000 }).toBe('working');
    await core.api.cancelCall({ callId });
    await expect(running).rejects.toThrow(/cancelled/);
    const taskId = taskEvents(server).find((task) => task.callId === callId)!.taskId;
    await expect.poll(() => latest(server, taskId)?.status, { timeout: 10_000 }).toBe('cancelled');
    const log = await core.api.getProtocolLog({ server });
    expect(log.some((entry) => entry.direction === 'out' && entry.method === 'tasks/cancel')).toBe(true);
  });

  it('keeps polling a task after a reconnect and after a restart of the app (the HTTP server keeps it)', async () => {
    const name = `${server}-http`;
    const started = await core.api.callTool({ server: name, tool: 'slow_job', arguments: { steps: 8, delayMs: 250 }, task: true, detach: true });
    const taskId = started.task!.taskId;
    await core.api.reconnectServer({ name });
    await expect.poll(() => latest(name, taskId)?.statusMessage, { timeout: 10_000 }).toMatch(/step [2-8] of 8/);

    await core.dispose();
    core = await openCore();
    const kept = await core.api.listTasks({ name });
    expect(kept.find((task) => task.taskId === taskId)).toMatchObject({ tool: 'slow_job', waiting: true });
    await core.api.connectServer({ name });
    await expect.poll(() => latest(name, taskId)?.status, { timeout: 15_000 }).toBe('completed');
    expect((await core.api.getTaskResult({ name, taskId })).content[0]).toMatchObject({ text: 'done after 8 steps' });
  });
});
