/**
 * A 2026-07-28 server on the SDK marks its tool list `ttlMs: 0` (stale at once). A call
 * looks its tool's definition up in the list last seen on the connection instead of
 * listing again first; anyone who lists (the app's tool list, the CLI) still asks again.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fixtureServer } from '../../../e2e/fixtures/paths';
import { createCore, type Core } from '../api/core-api';

let core: Core;
let dataDir: string;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-stale-list-'));
  core = await createCore({ dataDir, env: {}, autoConnect: false, watchConfig: false });
  await core.api.addServer({ name: 'modern', config: { command: process.execPath, args: [fixtureServer('v2-stdio')], protocol: '2026-07-28' } });
});

afterAll(async () => {
  await core?.dispose();
  await fs.rm(dataDir, { recursive: true, force: true });
});

const listsSent = async () => (await core.api.getProtocolLog({ server: 'modern' })).filter((entry) => entry.direction === 'out' && entry.method === 'tools/list').length;

it('calls take the tool from the list last seen, however stale; listing asks the server again', async () => {
  expect((await core.api.connectServer({ name: 'modern' })).status).toBe('connected');
  expect((await core.api.listTools({ name: 'modern' })).map((tool) => tool.name)).toContain('weather');
  const before = await listsSent();
  expect(before).toBeGreaterThanOrEqual(1);
  for (let i = 0; i < 5; i++) {
    const result = await core.api.callTool({ server: 'modern', tool: 'weather', arguments: { city: 'Paris' }, confirmed: true });
    expect(result.isError).toBe(false);
    // The output schema still came from the list: the structured content was checked against it.
    expect(result.outputCheck.status).toBe('valid');
  }
  expect(await listsSent()).toBe(before);
  await core.api.listTools({ name: 'modern' });
  expect(await listsSent()).toBe(before + 1);
});
