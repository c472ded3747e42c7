/**
 * ToolsService against real servers: the tool list's cache (a "tools changed" notice or a
 * newer ask wins over an answer already on its way; a 2026-07-28 server's ttlMs bounds how
 * long the list is served without asking; Refresh always asks).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFixture, type RunningFixture } from '../../../e2e/fixtures/fixture-process';
import { fixtureServer } from '../../../e2e/fixtures/paths';
import type { ServerConfig } from '../../../shared/config/server-config';
import { ConnectionManager } from '../connections/connection-manager';
import { EventBus } from '../events/event-bus';
import { toolNotifications } from './tool-notifications';
import { ToolsService } from './tools-service';

let manager: ConnectionManager | undefined;
let bus: EventBus;

function create(): { m: ConnectionManager; tools: ToolsService } {
  bus = new EventBus();
  manager = new ConnectionManager({ events: bus, clientInfo: { name: 'test', version: '0' }, clientFeatures: [toolNotifications(bus)] });
  return { m: manager, tools: new ToolsService(manager, bus) };
}

afterEach(async () => {
  await manager?.closeAll();
  manager = undefined;
});

const listsSent = (m: ConnectionManager, server: string) =>
  m.protocolLog.entries(server).filter((entry) => entry.direction === 'out' && entry.kind === 'request' && entry.method === 'tools/list').length;

describe('the tool list cache', () => {
  const lab: ServerConfig = { command: process.execPath, args: [fixtureServer('tool-lab'), '--list-delay-ms', '400'] };

  it('a "tools changed" notice while tools/list is under way is not lost: the next list asks the server again', async () => {
    const { m, tools } = create();
    await m.connect('lab', lab);
    const toolsChanged = new Promise<void>((resolve) => bus.subscribe((event) => event.type === 'tools-changed' && resolve()));
    // The list is asked for, then a tool is added (and the change announced) before it answers.
    const listing = tools.list('lab', lab);
    await tools.call('lab', lab, 'add_tool', {});
    await toolsChanged;
    const stale = await listing;
    expect(stale.map((t) => t.name)).not.toContain('added_1');
    expect((await tools.list('lab', lab)).map((t) => t.name)).toContain('added_1');
  });

  it('an answer asked for before a Refresh is returned but not kept: the refreshed list is', async () => {
    const { m, tools } = create();
    await m.connect('lab', lab);
    const older = tools.list('lab', lab);
    await tools.call('lab', lab, 'add_tool', {});
    const refreshed = tools.list('lab', lab, { refresh: true });
    // The notice of the added tool may land before or after the refresh is sent: either way
    // the older answer must not be what stays.
    expect((await older).map((t) => t.name)).not.toContain('added_1');
    expect((await refreshed).map((t) => t.name)).toContain('added_1');
    const sent = listsSent(m, 'lab');
    expect((await tools.list('lab', lab)).map((t) => t.name)).toContain('added_1');
    expect(listsSent(m, 'lab')).toBe(sent);
  });

  it('a 2025 server\'s list (no ttlMs) is kept until the connection closes', async () => {
    const { m, tools } = create();
    const basic: ServerConfig = { command: process.execPath, args: [fixtureServer('basic-stdio')] };
    await tools.list('basic', basic);
    await tools.list('basic', basic);
    expect(listsSent(m, 'basic')).toBe(1);
    await m.disconnect('basic');
    await tools.list('basic', basic);
    expect(listsSent(m, 'basic')).toBe(2);
  });
});

describe('the tool list of a 2026-07-28 server with ttlMs', () => {
  let http: RunningFixture;
  beforeAll(async () => {
    http = await startFixture('v2-http', ['--modern-only', '--tools-ttl-ms', '600']);
  });
  afterAll(async () => {
    await http?.stop();
  });

  it('is served from the cache while fresh, asked again once stale, and Refresh always asks', async () => {
    const { m, tools } = create();
    const config: ServerConfig = { type: 'http', url: http.url };
    const first = await tools.list('http', config);
    expect(first.map((t) => t.name)).toContain('weather');
    expect(listsSent(m, 'http')).toBe(1);
    await tools.list('http', config, { refresh: true });
    expect(listsSent(m, 'http')).toBe(2);
    // Fresh for 600 ms: the next ask is answered from the cache, and once that is over the
    // server is asked again.
    expect(await tools.list('http', config)).toEqual(first);
    expect(listsSent(m, 'http')).toBe(2);
    await expect.poll(async () => (await tools.list('http', config), listsSent(m, 'http')), { timeout: 5_000, interval: 100 }).toBe(3);
  });
});
