/**
 * The page cancels any long request by the id it gave it (cancelCall), as it does a tool
 * call: a list, a read, a prompt, a connect, a doctor run, a skills listing. Each settles at
 * once as cancelled, whatever it waits for. The real core (createCore) against real fixture
 * processes; each wait is a gate the test holds shut on the real transport, and the test
 * asserts the request settled before the gate was opened, never on how long it took.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureServer } from '../../../e2e/fixtures/paths';
import { AppError } from '../../../shared/envelope';
import { controllableTransports, method, type ControllableTransport } from '../../../tests/support/controllable-transport';
import { Order } from '../../../tests/support/gate';
import { createCore, type Core } from './core-api';

let core: Core;
let dataDir: string;
const transports = controllableTransports();
const resourcesServer = { command: process.execPath, args: [fixtureServer('resources-stdio')] };
const skillsServer = { command: process.execPath, args: [fixtureServer('skills-server')] };

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-cancel-requests-'));
  core = await createCore({ dataDir, env: {}, autoConnect: false, createTransport: transports.createTransport });
});

afterAll(async () => {
  for (const transport of transports.made) transport.holdClose().open();
  await core?.dispose();
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** How the request ended: "done", or the failure's kind and message. */
const outcomeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'done',
    (error: unknown) => (error instanceof AppError ? `${error.kind ?? 'no kind'}: ${error.message}` : String(error)),
  );

/** Adds a connected server and hands back its transport. */
async function connected(name: string, config: Record<string, unknown>): Promise<ControllableTransport> {
  const made = transports.next();
  await core.api.addServer({ name, config: config as never });
  const transport = await made;
  await core.api.connectServer({ name });
  return transport;
}

/**
 * Starts the request, waits until `held` reaches the transport (and is held there), cancels
 * by id, and answers the outcome and the order of "request settled" and "gate opened".
 */
async function cancelWhileHeld(transport: ControllableTransport, held: string, callId: string, start: () => Promise<unknown>) {
  const gate = transport.hold('out', method(held));
  const order = new Order();
  const request = order.track('request settled', outcomeOf(start()));
  await transport.reached('out', method(held));

  expect(await core.api.cancelCall({ callId })).toBe(true);
  const outcome = await request;
  order.note(`${held} let through`);
  gate.open();
  return { outcome, order: order.events };
}

describe('cancelling a request by its id settles it at once', () => {
  it('a resource list: resources/list held back', async () => {
    const transport = await connected('res', resourcesServer);
    const { outcome, order } = await cancelWhileHeld(transport, 'resources/list', 'list-resources', () => core.api.listResources({ server: 'res', callId: 'list-resources' }));
    expect(outcome).toBe('cancelled: res: The call was cancelled.');
    expect(order).toEqual(['request settled', 'resources/list let through']);
    // The id is free again, and the list still works.
    expect(await core.api.cancelCall({ callId: 'list-resources' })).toBe(false);
    expect((await core.api.listResources({ server: 'res', callId: 'list-resources' })).resources.length).toBeGreaterThan(0);
  });

  it('a resource read: resources/read held back', async () => {
    const transport = transports.made.find((t) => t.log.some((e) => 'method' in e.message && e.message.method === 'resources/list'))!;
    const { outcome, order } = await cancelWhileHeld(transport, 'resources/read', 'read-one', () => core.api.readResource({ server: 'res', uri: 'fixture://notes/1', callId: 'read-one' }));
    expect(outcome).toBe('cancelled: res: The call was cancelled.');
    expect(order).toEqual(['request settled', 'resources/read let through']);
  });

  it('a prompt list and a prompt: prompts/list and prompts/get held back', async () => {
    const transport = transports.made.find((t) => t.log.some((e) => 'method' in e.message && e.message.method === 'resources/list'))!;
    const listed = await cancelWhileHeld(transport, 'prompts/list', 'list-prompts', () => core.api.listPrompts({ server: 'res', callId: 'list-prompts' }));
    expect(listed.outcome).toBe('cancelled: res: The call was cancelled.');
    expect(listed.order).toEqual(['request settled', 'prompts/list let through']);

    const got = await cancelWhileHeld(transport, 'prompts/get', 'get-prompt', () => core.api.getPrompt({ server: 'res', name: 'greet', arguments: { name: 'x' }, callId: 'get-prompt' }));
    expect(got.outcome).toBe('cancelled: res: The call was cancelled.');
    expect(got.order).toEqual(['request settled', 'prompts/get let through']);
  });

  it('a tool list: tools/list held back', async () => {
    const transport = transports.made.find((t) => t.log.some((e) => 'method' in e.message && e.message.method === 'resources/list'))!;
    const { outcome, order } = await cancelWhileHeld(transport, 'tools/list', 'list-tools', () => core.api.listTools({ name: 'res', refresh: true, callId: 'list-tools' }));
    expect(outcome).toBe('cancelled: res: The call was cancelled.');
    expect(order).toEqual(['request settled', 'tools/list let through']);
  });

  it('a connect: initialize held back (the connect itself goes on for whoever else waits)', async () => {
    // Adding a server connects it: the page's Connect then waits for that same attempt.
    const made = transports.next();
    const adding = core.api.addServer({ name: 'starting', config: resourcesServer as never });
    const transport = await made;
    const initialize = transport.hold('out', method('initialize'));
    await transport.reached('out', method('initialize'));
    const order = new Order();
    const connecting = order.track('request settled', outcomeOf(core.api.connectServer({ name: 'starting', callId: 'connect' })));

    expect(await core.api.cancelCall({ callId: 'connect' })).toBe(true);
    const outcome = await connecting;
    order.note('initialize let through');
    initialize.open();
    await adding;

    expect(outcome).toBe('cancelled: starting: The call was cancelled.');
    expect(order.events).toEqual(['request settled', 'initialize let through']);
  });

  it('a doctor run: its tools/list held back', async () => {
    const transport = transports.made.find((t) => t.log.some((e) => 'method' in e.message && e.message.method === 'resources/list'))!;
    const { outcome, order } = await cancelWhileHeld(transport, 'tools/list', 'doctor', () => core.api.runDoctor({ servers: ['res'], tokens: false, callId: 'doctor' }));
    expect(outcome).toBe('cancelled: The doctor run was cancelled.');
    expect(order).toEqual(['request settled', 'tools/list let through']);
  });

  it('a skills listing: skills/list held back', async () => {
    const transport = await connected('skills', skillsServer);
    const { outcome, order } = await cancelWhileHeld(transport, 'skills/list', 'skills', () => core.api.listSkills({ server: 'skills', refresh: true, callId: 'skills' }));
    expect(outcome).toBe('cancelled: skills: The call was cancelled.');
    expect(order).toEqual(['request settled', 'skills/list let through']);
  });

  it('a request whose id is already running is refused, and the running one goes on', async () => {
    const transport = transports.made.find((t) => t.log.some((e) => 'method' in e.message && e.message.method === 'resources/list'))!;
    const gate = transport.hold('out', method('prompts/list'));
    const first = outcomeOf(core.api.listPrompts({ server: 'res', refresh: true, callId: 'twice' }));
    await transport.reached('out', method('prompts/list'));
    expect(await outcomeOf(core.api.listPrompts({ server: 'res', refresh: true, callId: 'twice' }))).toBe('conflict: A call with id twice is already running.');
    gate.open();
    expect(await first).toBe('done');
  });
});
