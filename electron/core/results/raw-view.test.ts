/**
 * "Raw JSON" is the result as the server sent it: against a hand-written fixture whose answer
 * has no isError, a content block with its keys in its own order and a field of its own, and
 * an unsorted _meta — through the real core, over a real stdio process. The rendered result
 * is the normalised one (isError false); the raw view adds nothing, drops nothing, reorders
 * nothing.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { fixtureServer } from '../../../e2e/fixtures/paths';
import { createCore, type Core } from '../api/core-api';

const AS_SENT = '{"content":[{"text":"as sent","type":"text","x-note":"kept"}],"_meta":{"z":1,"a":2}}';
let core: Core | undefined;
let dataDir: string | undefined;
afterEach(async () => {
  await core?.dispose();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

it('shows the answer of a server that omits isError without one, keys and fields as sent', async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-raw-'));
  const servers = { raw: { command: process.execPath, args: [fixtureServer('raw-answers-stdio')], protocol: 'legacy' } };
  await fs.writeFile(path.join(dataDir, 'servers.json'), JSON.stringify({ mcpServers: servers }));
  core = await createCore({ dataDir, env: {}, watchConfig: false, shellEnv: async () => ({ env: {} }) });
  const result = await core.api.callTool({ server: 'raw', tool: 'as_sent', arguments: {}, confirmed: true });
  expect(result.isError).toBe(false);
  expect(result.content).toEqual([{ type: 'text', text: 'as sent' }]);
  expect(result.raw?.text).toBe(JSON.stringify(JSON.parse(AS_SENT), null, 2));
  expect(result.raw?.text).not.toContain('isError');
});
