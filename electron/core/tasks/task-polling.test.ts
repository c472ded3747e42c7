/**
 * Following a task while its server stays connected: a poll the server answers with its
 * own passing trouble (-32000), or that gets no answer in time, is asked again instead of
 * leaving the task "waiting" for ever; its progress listener goes when it ends; a cancel
 * the server refuses is said on the task; the kept tasks are bounded. The real tasks
 * fixture (SDK v2, 2025-11-25 tasks) as a process, its traffic steered by a controllable
 * transport where the server is to answer otherwise than it would.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixtureServer } from '../../../e2e/fixtures/paths';
import { waitUntil } from '../../../e2e/support/processes';
import type { TaskView } from '../../../shared/api/tasks';
import type { ServerConfig } from '../../../shared/config/server-config';
import { controllableTransports, method } from '../../../tests/support/controllable-transport';
import { ConnectionManager } from '../connections/connection-manager';
import { EventBus } from '../events/event-bus';
import { TaskService } from './task-service';
import { MAX_TASKS_PER_SERVER, TASKS_FILE, TaskStore } from './task-store';

const config: ServerConfig = { command: process.execPath, args: [fixtureServer('tasks-server')], protocol: 'legacy' };

let dataDir: string;
let manager: ConnectionManager;
let tasks: TaskService;
let events: EventBus;
let transports: ReturnType<typeof controllableTransports>;

async function open(requestTimeoutMs = 10_000): Promise<void> {
  events = new EventBus();
  transports = controllableTransports();
  manager = new ConnectionManager({ events, clientInfo: { name: 'test', version: '0' }, createTransport: transports.createTransport });
  manager.onStateChange = (name) => events.emit({ type: 'server-state', server: { name, config, ...manager.state(name) } });
  tasks = new TaskService({
    connections: manager,
    configOf: () => config,
    events,
    store: new TaskStore(dataDir),
    elicitation: {} as never,
    sampling: {} as never,
    processResult: async () => ({}) as never,
    requestTimeoutMs: () => requestTimeoutMs,
  });
  await tasks.load();
}

beforeEach(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-task-polling-'));
});

afterEach(async () => {
  await tasks?.dispose();
  await manager?.closeAll();
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** Every state the task went through, as task-updated events said. */
function watch(): TaskView[] {
  const seen: TaskView[] = [];
  events.subscribe((event) => event.type === 'task-updated' && seen.push(event.task));
  return seen;
}

const errorAnswer = (code: number, message: string) => (request: JSONRPCMessage) => ({ jsonrpc: '2.0' as const, id: (request as { id: string }).id, error: { code, message } });

describe('following a task while its server stays connected', () => {
  it('a poll the server answers with -32000 is asked again, and the task still ends', async () => {
    await open();
    const seen = watch();
    await manager.connect('tasks', config);
    transports.latest().answer(method('tasks/get'), errorAnswer(-32000, 'busy, try later'));
    const started = await tasks.start('tasks', config, 'slow_job', { steps: 3, delayMs: 100 });
    if (started.kind !== 'task') throw new Error('expected a task');

    const end = await tasks.waitForEnd('tasks', started.task.taskId);
    expect(end.status).toBe('completed');
    expect(seen.some((task) => task.waiting === true)).toBe(false);
    expect(seen.some((task) => /busy, try later/.test(task.error ?? ''))).toBe(true);
  });

  it('a poll with no answer in time is asked again (our own timeout is not the server\'s answer), and the task still ends', async () => {
    await open(300);
    const seen = watch();
    await manager.connect('tasks', config);
    // The first tasks/get never reaches the server: it times out on our side.
    transports.latest().hold('out', method('tasks/get'));
    const started = await tasks.start('tasks', config, 'slow_job', { steps: 3, delayMs: 100 });
    if (started.kind !== 'task') throw new Error('expected a task');

    const end = await tasks.waitForEnd('tasks', started.task.taskId);
    expect(end.status).toBe('completed');
    expect(seen.some((task) => task.waiting === true)).toBe(false);
    expect(seen.some((task) => /timed out after 300 ms/.test(task.error ?? ''))).toBe(true);
  });

  it('a task that ends lets go of its progress listener: progress the server sends after the end reaches nobody', async () => {
    await open();
    const client = await manager.connect('tasks', config);
    const channel = manager.rawChannelOf(client)!;
    const progress: number[] = [];
    const started = await tasks.start('tasks', config, 'slow_job', { steps: 2, delayMs: 100 }, { onProgress: (p) => progress.push(p.progress) });
    if (started.kind !== 'task') throw new Error('expected a task');
    expect(channel.progressListeners).toBe(1);
    await tasks.waitForEnd('tasks', started.task.taskId);
    await waitUntil(() => channel.progressListeners === 0, 'the listener to go');

    const token = transports.latest().log.find((entry) => entry.direction === 'out' && 'method' in entry.message && entry.message.method === 'tools/call')!.message as { params: { _meta: { progressToken: string } } };
    const before = progress.length;
    transports.latest().inject({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: token.params._meta.progressToken, progress: 99 } });
    expect(progress).toHaveLength(before);
  });

  it('a task forgotten while it runs lets go of its progress listener', async () => {
    await open();
    const client = await manager.connect('tasks', config);
    const started = await tasks.start('tasks', config, 'slow_job', { steps: 50, delayMs: 100 }, { onProgress: () => undefined });
    if (started.kind !== 'task') throw new Error('expected a task');
    expect(manager.rawChannelOf(client)!.progressListeners).toBe(1);
    await tasks.forget('tasks', started.task.taskId);
    expect(manager.rawChannelOf(client)!.progressListeners).toBe(0);
  });

  it('a cancel the server refuses after the call ended is said on the task, not dropped', async () => {
    await open();
    await manager.connect('tasks', config);
    const started = await tasks.start('tasks', config, 'slow_job', { steps: 50, delayMs: 100 });
    if (started.kind !== 'task') throw new Error('expected a task');
    transports.latest().answer(method('tasks/cancel'), errorAnswer(-32603, 'cannot stop it now'));

    await tasks.cancelAfterCall('tasks', started.task.taskId);
    const task = tasks.list('tasks').find((t) => t.taskId === started.task.taskId);
    expect(task).toMatchObject({ status: 'working', error: expect.stringMatching(/Cancelling the task failed \(it may still be running on the server\): .*cannot stop it now/) });
  });

  it('a refresh that fails says so instead of answering the kept list as if it were fresh', async () => {
    await open();
    await manager.connect('tasks', config);
    transports.latest().answer(method('tasks/list'), errorAnswer(-32603, 'the task list is broken'));
    await expect(tasks.refresh('tasks')).rejects.toThrow(/the task list is broken/);
  });

  it('keeps at most the kept number of ended tasks per server in memory, newest first', async () => {
    const ended = Array.from({ length: MAX_TASKS_PER_SERVER + 10 }, (_, i) => ({ server: 'tasks', taskId: `t${i}`, tool: 'slow_job', generation: 'v1', status: 'completed', startedAt: 1000 + i }));
    await fs.writeFile(path.join(dataDir, TASKS_FILE), JSON.stringify({ tasks: ended }));
    await open();
    const kept = tasks.list('tasks');
    expect(kept).toHaveLength(MAX_TASKS_PER_SERVER);
    expect(kept[0]!.taskId).toBe(`t${MAX_TASKS_PER_SERVER + 9}`);
  });
});
