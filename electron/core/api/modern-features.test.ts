/**
 * What MCP 2026-07-28 changes for resources and the console, through the real core against
 * the SDK v2 fixtures (a 2026-only stdio process and a 2026-only HTTP server): subscriptions
 * and list changes on a `subscriptions/listen` stream (renewed after a reconnect), log
 * messages at the chosen level through the per-request `_meta` logLevel, ping refused
 * with the reason, and list and read results cached for their `ttlMs` (Refresh asks anyway).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixture, type RunningFixture } from '../../../e2e/fixtures/fixture-process';
import { fixtureServer } from '../../../e2e/fixtures/paths';
import type { AppEvent } from '../../../shared/events';
import { createCore, type Core } from './core-api';

let core: Core;
let dataDir: string;
let http: RunningFixture;
const events: AppEvent[] = [];

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-modern-'));
  http = await startFixture('v2-http', ['--modern-only']);
  core = await createCore({ dataDir, env: {}, autoConnect: false });
  core.events.subscribe((event) => events.push(event));
  await core.api.addServer({ name: 'stdio', config: { command: process.execPath, args: [fixtureServer('v2-stdio'), '--modern-only'] } });
  await core.api.addServer({ name: 'http', config: { type: 'http', url: http.url } });
  await core.api.setPermissionRule({ pattern: 'mcp__stdio', decision: 'allow' });
  await core.api.setPermissionRule({ pattern: 'mcp__http', decision: 'allow' });
});

afterAll(async () => {
  await core?.dispose();
  await http?.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
});

const sent = async (server: string, method: string) =>
  (await core.api.getProtocolLog({ server })).filter((entry) => entry.direction === 'out' && entry.kind === 'request' && entry.method === method);
const count = (predicate: (event: AppEvent) => boolean) => events.filter(predicate).length;

describe.each(['stdio', 'http'])('MCP 2026-07-28 on %s', (server) => {
  it('subscribes through subscriptions/listen: updates arrive, list changes too, and a reconnect renews the stream', async () => {
    const uri = 'note://readme';
    const updates = () => count((e) => e.type === 'resource-updated' && e.server === server && e.uri === uri);
    const toolChanges = () => count((e) => e.type === 'tools-changed' && e.server === server);

    expect(await core.api.subscribeResource({ server, uri })).toEqual([uri]);
    expect(await sent(server, 'resources/subscribe')).toHaveLength(0);
    const listens = await sent(server, 'subscriptions/listen');
    expect(JSON.parse(listens.at(-1)!.text).params.notifications).toMatchObject({ toolsListChanged: true, resourceSubscriptions: [uri] });

    await core.api.callTool({ server, tool: 'touch_resource', arguments: { uri } });
    await expect.poll(updates, { timeout: 10_000 }).toBe(1);
    await core.api.callTool({ server, tool: 'add_tool', arguments: { name: `extra_${server}` } });
    await expect.poll(toolChanges, { timeout: 10_000 }).toBe(1);
    expect((await core.api.listTools({ name: server })).map((tool) => tool.name)).toContain(`extra_${server}`);

    const before = (await sent(server, 'subscriptions/listen')).length;
    await core.api.reconnectServer({ name: server });
    await expect.poll(async () => (await sent(server, 'subscriptions/listen')).length, { timeout: 10_000 }).toBe(before + 1);
    await core.api.callTool({ server, tool: 'touch_resource', arguments: { uri } });
    await expect.poll(updates, { timeout: 10_000 }).toBe(2);

    // Unsubscribing opens a stream without the URI: no more updates reach the workbench.
    expect(await core.api.unsubscribeResource({ server, uri })).toEqual([]);
    const last = (await sent(server, 'subscriptions/listen')).at(-1)!;
    expect(JSON.parse(last.text).params.notifications.resourceSubscriptions).toBeUndefined();
    await core.api.callTool({ server, tool: 'add_tool', arguments: { name: `later_${server}` } });
    await expect.poll(toolChanges, { timeout: 10_000 }).toBe(2);
    expect(updates()).toBe(2);
  });

  it('log messages reach the console at the chosen level (per-request _meta), and ping says why it is not there', async () => {
    expect(await core.api.setLogLevel({ server, level: 'warning' })).toBe('warning');
    expect(await sent(server, 'logging/setLevel')).toHaveLength(0);
    await core.api.callTool({ server, tool: 'log', arguments: {} });
    const logged = async () => (await core.api.getServerConsole({ server })).entries.filter((entry) => entry.source === 'log').map((entry) => entry.text);
    await expect.poll(logged, { timeout: 10_000 }).toEqual([`warning message from v2-modern-${server}`, `error message from v2-modern-${server}`]);
    const call = (await sent(server, 'tools/call')).at(-1)!;
    expect(JSON.parse(call.text).params._meta['io.modelcontextprotocol/logLevel']).toBe('warning');

    await expect(core.api.pingServer({ server })).rejects.toThrow(`${server}: MCP 2026-07-28 has no ping.`);
  });

  it('serves lists and reads from the cache while their ttlMs keeps them fresh; refresh asks the server', async () => {
    const textOf = (read: { contents: Array<{ content: unknown }> }) => (read.contents[0]?.content as { text: string }).text;
    const first = await core.api.readResource({ server, uri: 'note://readme', refresh: true });
    expect(first.cachedFreshForMs).toBeUndefined();
    const reads = (await sent(server, 'resources/read')).length;
    const again = await core.api.readResource({ server, uri: 'note://readme' });
    expect(textOf(again)).toBe(textOf(first));
    expect(again.cachedFreshForMs).toBeGreaterThan(25_000);
    expect(again.cachedFreshForMs).toBeLessThanOrEqual(30_000);
    expect(await sent(server, 'resources/read')).toHaveLength(reads);
    const refreshed = await core.api.readResource({ server, uri: 'note://readme', refresh: true });
    expect(refreshed.cachedFreshForMs).toBeUndefined();
    expect(textOf(refreshed)).not.toBe(textOf(first));
    expect(await sent(server, 'resources/read')).toHaveLength(reads + 1);
    // A read whose answer carries no ttlMs of its own (ttlMs 0: stale at once) is never served from the cache.
    await core.api.readResource({ server, uri: 'note://notes/1' });
    expect((await core.api.readResource({ server, uri: 'note://notes/1' })).cachedFreshForMs).toBeUndefined();
    expect(await sent(server, 'resources/read')).toHaveLength(reads + 3);

    const listed = await core.api.listResources({ server, refresh: true });
    expect(listed.cachedFreshForMs).toBeUndefined();
    const lists = (await sent(server, 'resources/list')).length;
    const cached = await core.api.listResources({ server });
    expect(cached.resources).toEqual(listed.resources);
    expect(cached.cachedFreshForMs).toBeGreaterThan(25_000);
    expect(await sent(server, 'resources/list')).toHaveLength(lists);
    await core.api.listResources({ server, refresh: true });
    expect(await sent(server, 'resources/list')).toHaveLength(lists + 1);

    await core.api.listPrompts({ server, refresh: true });
    const promptLists = (await sent(server, 'prompts/list')).length;
    expect((await core.api.listPrompts({ server })).map((prompt) => prompt.name)).toEqual(['greet']);
    expect(await sent(server, 'prompts/list')).toHaveLength(promptLists);
    await core.api.listPrompts({ server, refresh: true });
    expect(await sent(server, 'prompts/list')).toHaveLength(promptLists + 1);
  });
});
