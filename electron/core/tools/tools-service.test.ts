/**
 * ToolsService against real servers: the tool list's cache (a "tools changed" notice or a
 * newer ask wins over an answer already on its way; a 2026-07-28 server's ttlMs bounds how
 * long the list is served without asking; Refresh always asks) and, on MCP 2026-07-28 over
 * Streamable HTTP, the SEP-2243 headers the server receives and the protocol log shows.
 */
import { Client } from '@modelcontextprotocol/client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
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

  it('the list last seen is at hand without asking, for this connection only, and gone once the tools change', async () => {
    const { m, tools } = create();
    expect(tools.lastSeen('lab', lab)).toBeUndefined();
    const listed = await tools.list('lab', lab);
    expect(tools.lastSeen('lab', lab)).toBe(listed);
    // Another entry under the same name is another connection: not its list.
    expect(tools.lastSeen('lab', { ...lab, args: [...(lab.args ?? []), '--many', '3'] })).toBeUndefined();
    const toolsChanged = new Promise<void>((resolve) => bus.subscribe((event) => event.type === 'tools-changed' && resolve()));
    await tools.call('lab', lab, 'add_tool', {});
    await toolsChanged;
    expect(tools.lastSeen('lab', lab)).toBeUndefined();
    expect(listsSent(m, 'lab')).toBe(1);
  });
});

describe('calls over stdio in the 2026-07-28 era', () => {
  it('give the SDK no input schema to scan for x-mcp-header (stdio carries no headers), nor the output schema, and get the result', async () => {
    const { tools } = create();
    const v2: ServerConfig = { command: process.execPath, args: [fixtureServer('v2-stdio')], protocol: '2026-07-28' };
    const listed = (await tools.list('v2', v2)).find((tool) => tool.name === 'weather');
    expect(listed?.outputSchema).toBeDefined();
    const sent = vi.spyOn(Client.prototype, 'callTool');
    const result = await tools.call('v2', v2, 'weather', { city: 'Quito' });
    expect(result).toMatchObject({ isError: false, structuredContent: { city: 'Quito' } });
    expect(sent).toHaveBeenCalledTimes(1);
    expect(sent.mock.calls[0]![1]?.toolDefinition).toEqual({ name: 'weather', inputSchema: { type: 'object' } });
    sent.mockRestore();
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

describe('SEP-2243 headers on MCP 2026-07-28 over Streamable HTTP', () => {
  let http: RunningFixture;
  beforeAll(async () => {
    http = await startFixture('v2-http', ['--modern-only', '--header-tools']);
  });
  afterAll(async () => {
    await http?.stop();
  });

  interface Recorded {
    method?: string;
    headers: Record<string, string>;
  }
  const received = async () => (await http.http<{ requests: Recorded[] }>('/recorded-headers')).requests;

  it('every request carries Mcp-Method, tools/call its Mcp-Name, and x-mcp-header arguments arrive as Mcp-Param-* headers', async () => {
    const { m, tools } = create();
    const config: ServerConfig = { type: 'http', url: http.url };
    // Called before anything was listed: the tool is listed first, so its x-mcp-header is known.
    const result = await tools.call('sep', config, 'set_region', { region: 'us-east1', note: 'not a header' });
    expect(result).toMatchObject({ isError: false, content: [{ type: 'text', text: 'region us-east1' }] });
    // A value that is not a plain ASCII header value goes Base64-encoded, as the spec says.
    expect((await tools.call('sep', config, 'set_region', { region: 'Zürich' })).content).toEqual([{ type: 'text', text: 'region Zürich' }]);

    const requests = await received();
    for (const request of requests.filter((r) => r.method !== undefined && !r.method.startsWith('notifications/'))) {
      expect(request.headers['mcp-method'], `Mcp-Method of ${request.method}`).toBe(request.method);
    }
    const calls = requests.filter((r) => r.method === 'tools/call');
    expect(calls.map((call) => call.headers['mcp-name'])).toEqual(['set_region', 'set_region']);
    expect(calls.map((call) => call.headers['mcp-param-region'])).toEqual(['us-east1', `=?base64?${Buffer.from('Zürich').toString('base64')}?=`]);
    expect(calls[0]!.headers['mcp-param-note']).toBeUndefined();

    // The protocol log shows the headers each request went out with.
    const logged = m.protocolLog.entries('sep').filter((entry) => entry.direction === 'out' && entry.kind === 'request');
    expect(logged.find((entry) => entry.method === 'tools/list')?.headers).toMatchObject({ 'Mcp-Method': 'tools/list', 'MCP-Protocol-Version': '2026-07-28' });
    expect(logged.find((entry) => entry.method === 'tools/call')?.headers).toEqual({
      'MCP-Protocol-Version': '2026-07-28',
      'Mcp-Method': 'tools/call',
      'Mcp-Name': 'set_region',
      'Mcp-Param-Region': 'us-east1',
    });
  });

  it('a tool whose x-mcp-header annotations are invalid is listed with the reason and never called', async () => {
    const { tools } = create();
    const config: ServerConfig = { type: 'http', url: http.url };
    const listed = await tools.list('sep', config);
    expect(listed.find((tool) => tool.name === 'bad_header')?.excludedReason).toMatch(/score: x-mcp-header is only permitted on primitive-typed properties \(string, integer, boolean\); got number/);
    expect(listed.find((tool) => tool.name === 'set_region')?.excludedReason).toBeUndefined();
    expect(listed.find((tool) => tool.name === 'weather')?.excludedReason).toBeUndefined();
    await expect(tools.call('sep', config, 'bad_header', { score: 1.5 })).rejects.toThrow(/sep: bad_header cannot be called: its x-mcp-header annotations break/);
    expect((await received()).some((request) => request.method === 'tools/call' && request.headers['mcp-name'] === 'bad_header')).toBe(false);
  });
});
