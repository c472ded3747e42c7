/**
 * A server's own JSON-RPC error answer to a call reaches the user with the server's
 * message, also for code -32000 (the code many servers use for their failures, and the
 * SDK's code for a closed connection): through the real core against the tool-lab
 * fixture, and beside it a real connection close, which still says so.
 */
import fs from 'node:fs/promises';
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

  it('a real close during the call still says the connection closed, with why', async () => {
    const error = await failure(core.api.callTool({ server: 'crashy', tool: 'crash', arguments: {}, confirmed: true }));
    expect(error.message).toMatch(/^crashy: The connection closed during the call: The server process exited with code \d+\.$/);
    expect(error.kind).toBe('connection');
  });
});
