/**
 * A cancel settles a tool call at once, whatever the call is waiting for: its server's
 * connection, the tool list, the user's answer to a permission prompt, a task's next poll.
 * The real core (createCore) against real fixture processes; each wait is a gate the test
 * holds shut on the real transport, and the test asserts the call settled (as cancelled)
 * before the gate was opened, never on how long it took. Cancelled by its id (cancelCall,
 * as the page does) or by the caller's signal (as the CLI's Ctrl+C does).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureServer } from '../../../e2e/fixtures/paths';
import { waitUntil } from '../../../e2e/support/processes';
import type { AppEvent } from '../../../shared/events';
import { AppError } from '../../../shared/envelope';
import { controllableTransports, method, type ControllableTransport } from '../../../tests/support/controllable-transport';
import { Order } from '../../../tests/support/gate';
import { createCore, type Core } from '../api/core-api';

let core: Core;
let dataDir: string;
const events: AppEvent[] = [];
const transports = controllableTransports();
const toolLab = { command: process.execPath, args: [fixtureServer('tool-lab')] };

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-cancel-call-'));
  core = await createCore({ dataDir, env: {}, autoConnect: false, createTransport: transports.createTransport });
  core.events.subscribe((event) => events.push(event));
});

afterAll(async () => {
  for (const transport of transports.made) transport.holdClose().open();
  await core?.dispose();
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** How the call ended: "ran", or the failure's kind and message. */
const outcomeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ran',
    (error: unknown) => (error instanceof AppError ? `${error.kind ?? 'no kind'}: ${error.message}` : String(error)),
  );

/** Adds a server and hands back the transport of its first connection as soon as it is made. */
async function addServer(name: string, config: Record<string, unknown>): Promise<{ adding: Promise<unknown>; transport: ControllableTransport }> {
  const made = transports.next();
  const adding = core.api.addServer({ name, config: config as never });
  return { adding, transport: await made };
}

describe('cancelling a tool call settles it at once, whatever it waits for', () => {
  it('the connection: a server still starting (its initialize held back)', async () => {
    const { adding, transport } = await addServer('starting', toolLab);
    const initialize = transport.hold('out', method('initialize'));
    await transport.reached('out', method('initialize'));
    const order = new Order();
    const controller = new AbortController();
    const call = order.track('call settled', outcomeOf(core.api.callTool({ server: 'starting', tool: 'structured_ok', arguments: {} }, { signal: controller.signal })));

    controller.abort();
    const outcome = await call;
    order.note('initialize let through');
    initialize.open();
    await adding;

    expect(outcome).toBe('cancelled: starting: The call was cancelled.');
    expect(order.events).toEqual(['call settled', 'initialize let through']);
  });

  it('the tool list: a call that looks up its tool while tools/list is held back', async () => {
    const { adding, transport } = await addServer('listing', toolLab);
    await adding;
    const list = transport.hold('out', method('tools/list'));
    const order = new Order();
    const call = order.track('call settled', outcomeOf(core.api.callTool({ server: 'listing', tool: 'structured_ok', arguments: {}, callId: 'while-listing' })));
    await transport.reached('out', method('tools/list'));

    expect(await core.api.cancelCall({ callId: 'while-listing' })).toBe(true);
    const outcome = await call;
    order.note('tools/list let through');
    list.open();

    expect(outcome).toBe('cancelled: listing: The call was cancelled.');
    expect(order.events).toEqual(['call settled', 'tools/list let through']);
    expect(transport.log.some((entry) => entry.direction === 'out' && 'method' in entry.message && entry.message.method === 'tools/call')).toBe(false);
  });

  it('a permission prompt: the user has not yet said whether the call may open a page (URL elicitation)', async () => {
    const { adding } = await addServer('prompting', toolLab);
    await adding;
    const order = new Order();
    const call = order.track('call settled', outcomeOf(core.api.callTool({ server: 'prompting', tool: 'url_login', arguments: {}, callId: 'while-prompting', confirmed: true })));
    await waitUntil(() => events.some((e) => e.type === 'server-request' && e.request.server === 'prompting' && e.request.body.kind === 'elicitation-url'), 'the prompt');

    expect(await core.api.cancelCall({ callId: 'while-prompting' })).toBe(true);
    const outcome = await call;
    order.note('prompt could be answered');

    expect(outcome).toBe('cancelled: prompting: The call was cancelled.');
    expect(order.events).toEqual(['call settled', 'prompt could be answered']);
  });

  it('a task\'s next poll: tasks/get held back while the task runs', async () => {
    const { adding, transport } = await addServer('tasks', { command: process.execPath, args: [fixtureServer('tasks-server')], protocol: 'legacy' });
    await adding;
    const polls = transport.hold('out', method('tasks/get'), 1000);
    const order = new Order();
    const call = order.track(
      'call settled',
      outcomeOf(core.api.callTool({ server: 'tasks', tool: 'slow_job', arguments: { steps: 1000, delayMs: 50 }, task: true, callId: 'while-polling', confirmed: true })),
    );
    await transport.reached('out', method('tasks/get'));

    expect(await core.api.cancelCall({ callId: 'while-polling' })).toBe(true);
    const outcome = await call;
    order.note('polls let through');
    polls.open();

    expect(outcome).toMatch(/^cancelled: tasks: The call was cancelled \(task .+\)\.$/);
    expect(order.events).toEqual(['call settled', 'polls let through']);
  });
});
