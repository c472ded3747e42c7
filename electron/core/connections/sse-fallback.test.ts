/**
 * The spec's backwards-compatibility rule for Streamable HTTP: a URL whose POST is
 * refused with a 4xx (an SSE-only server answering `Cannot POST /sse`) is tried with the
 * older HTTP+SSE transport, but only when the entry did not name its transport itself
 * (a Cursor-style URL-only entry). Against the real v1 SDK SSE fixture.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startFixture, type RunningFixture } from '../../../e2e/fixtures/fixture-process';
import type { ServerConfig } from '../../../shared/config/server-config';
import { normalizeTransport } from '../config/formats/variables';
import { EventBus } from '../events/event-bus';
import { ToolsService } from '../tools/tools-service';
import { ConnectionManager } from './connection-manager';

const fixtures: RunningFixture[] = [];
let manager: ConnectionManager | undefined;

afterEach(async () => {
  await manager?.closeAll();
  manager = undefined;
  await Promise.all(fixtures.splice(0).map((f) => f.stop()));
});

async function sseFixture(args: string[] = []): Promise<RunningFixture> {
  const running = await startFixture('sse-server', args);
  fixtures.push(running);
  return running;
}

function create(): ConnectionManager {
  manager = new ConnectionManager({ events: new EventBus(), clientInfo: { name: 'test', version: '0' }, settings: () => ({ connectTimeoutMs: 10_000 }) });
  return manager;
}

const toolsOf = (m: ConnectionManager) => new ToolsService(m, new EventBus());

const textOf = (result: { content: Array<{ type: string; text?: unknown }> }) => result.content.map((b) => b.text).join('');

describe('Streamable HTTP falls back to SSE', () => {
  it('a URL-only entry (type inferred) whose POST gets 404 connects over SSE, and says so', async () => {
    const f = await sseFixture();
    const config = normalizeTransport({ url: f.url }) as ServerConfig;
    expect(config).toMatchObject({ type: 'http', typeInferred: true });
    const m = create();
    await m.connect('legacy', config);
    expect(m.state('legacy')).toMatchObject({
      status: 'connected',
      serverInfo: { name: 'sse-fixture' },
      transportNote: 'Connected over SSE: the server did not accept Streamable HTTP (HTTP 404).',
    });
    const log = m.protocolLog.entries('legacy').map((e) => e.text);
    expect(log).toContain('The server did not accept Streamable HTTP (HTTP 404); trying the SSE transport, as the MCP spec says for older servers.');
    expect(log).toContain(`Connecting over SSE to ${f.url}`);
    expect(textOf(await toolsOf(m).call('legacy', config, 'echo', { text: 'over sse' }))).toBe('over sse');
  });

  it('a 405 Method Not Allowed falls back too', async () => {
    const f = await sseFixture(['--post-status', '405']);
    const m = create();
    await m.connect('legacy', { type: 'http', url: f.url, typeInferred: true } as ServerConfig);
    expect(m.state('legacy')).toMatchObject({ status: 'connected', transportNote: expect.stringContaining('HTTP 405') });
  });

  it('an entry that names type http itself is not switched to SSE: the 404 is the error', async () => {
    const f = await sseFixture();
    const m = create();
    await expect(m.connect('pinned', { type: 'http', url: f.url })).rejects.toThrow('pinned: Error POSTing to endpoint: <pre>Cannot POST /sse</pre> (HTTP 404). If this is an SSE server, set its transport to SSE.');
    expect(m.state('pinned').status).toBe('failed');
    expect(m.state('pinned').transportNote).toBeUndefined();
    expect((await f.http<{ streams: number }>('/stats')).streams).toBe(0);
  });

  it('a 401 is sign-in, not a reason to try SSE', async () => {
    const f = await sseFixture(['--require-header', 'X-Key=yes']);
    const m = create();
    await expect(m.connect('locked', { type: 'http', url: f.url, typeInferred: true } as ServerConfig)).rejects.toThrow();
    expect(m.state('locked').status).toBe('needs-auth');
    expect((await f.http<{ streams: number }>('/stats')).streams).toBe(0);
  });
});
