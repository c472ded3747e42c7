/**
 * A server's own JSON-RPC error answer reaches the user with the server's message, also
 * for code -32000 (the code many servers use for their failures, and the SDK's code for a
 * closed connection): to a call, through the real core against the tool-lab fixture; to
 * initialize, from a real HTTP server on 127.0.0.1; and beside them a real connection
 * close, which still says so.
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureServer } from '../../../e2e/fixtures/paths';
import { AppError } from '../../../shared/envelope';
import { createCore, type Core } from '../api/core-api';

let core: Core;
let dataDir: string;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-server-errors-'));
  core = await createCore({ dataDir, env: {}, autoConnect: false, watchConfig: false });
  await core.api.addServer({ name: 'lab', config: { command: process.execPath, args: [fixtureServer('tool-lab')] } });
  await core.api.addServer({ name: 'crashy', config: { command: process.execPath, args: [fixtureServer('crash-mid-call')] } });
});

afterAll(async () => {
  await core?.dispose();
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function failure(call: Promise<unknown>): Promise<AppError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('errors a server answers a call with', () => {
  it('-32000 from the server shows the server\'s message, as a server error, and the connection stays', async () => {
    const error = await failure(core.api.callTool({ server: 'lab', tool: 'rpc_error', arguments: {}, confirmed: true }));
    expect(error.message).toMatch(/^lab: MCP error -32000: .*The database is locked \(SQLITE_BUSY\)$/);
    expect(error.message).not.toMatch(/connection closed/i);
    expect(error.kind).toBe('server-error');
    expect((await core.api.listServers()).find((s) => s.name === 'lab')?.status).toBe('connected');

    // Even a server message that reads like the SDK's own close is the server's answer.
    const lookalike = await failure(core.api.callTool({ server: 'lab', tool: 'rpc_error', arguments: { message: 'Connection closed' }, confirmed: true }));
    expect(lookalike.kind).toBe('server-error');
    expect(lookalike.message).toMatch(/^lab: MCP error -32000: .*Connection closed$/);
  });

  it('-32000 answering initialize (over HTTP, where the SDK closes the transport at once) shows the server\'s message', async () => {
    // Every JSON-RPC request is answered with the error; anything else (the session DELETE, a GET stream) is refused.
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const id = req.method === 'POST' ? (JSON.parse(body) as { id?: unknown }).id : undefined;
        if (id === undefined) return void res.writeHead(405).end();
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32000, message: 'Missing API key: set the X-Api-Key header' } }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
      const view = await core.api.addServer({ name: 'keyless', config: { type: 'http', url } });
      expect(view.status).toBe('failed');
      expect(view.error).toContain('Missing API key: set the X-Api-Key header');
      expect(view.error).not.toMatch(/closed/i);
    } finally {
      await core.api.removeServer({ name: 'keyless' });
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('a real close during the call still says the connection closed, with why', async () => {
    const error = await failure(core.api.callTool({ server: 'crashy', tool: 'crash', arguments: {}, confirmed: true }));
    expect(error.message).toMatch(/^crashy: The connection closed during the call: The server process exited with code \d+\.$/);
    expect(error.kind).toBe('connection');
  });
});
