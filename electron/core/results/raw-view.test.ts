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
import { startFixture } from '../../../e2e/fixtures/fixture-process';
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

it('on MCP 2026-07-28 too, over stdio and over HTTP with headers mirrored: the raw view is the answer as it came (resultType, _meta), not the SDK\'s parse (isError added)', async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-raw-'));
  const http = await startFixture('v2-http', ['--modern-only', '--header-tools']);
  try {
    core = await createCore({ dataDir, env: {}, autoConnect: false });
    await core.api.addServer({ name: 'stdio', config: { command: process.execPath, args: [fixtureServer('v2-stdio'), '--modern-only'] } });
    await core.api.addServer({ name: 'http', config: { type: 'http', url: http.url } });
    const calls = [
      { server: 'stdio', tool: 'touch_resource', arguments: { uri: 'file:///x' } },
      { server: 'http', tool: 'set_region', arguments: { region: 'eu-west1' } },
    ];
    for (const call of calls) {
      const result = await core.api.callTool({ ...call, confirmed: true });
      const answer = (await core.api.getProtocolLog({ server: call.server })).filter((entry) => entry.direction === 'in' && entry.method === 'tools/call').at(-1)!;
      expect(result.raw?.text, call.server).toBe(JSON.stringify((JSON.parse(answer.text) as { result: unknown }).result, null, 2));
      expect(result.raw?.text, call.server).toContain('"resultType": "complete"');
      expect(result.raw?.text, call.server).not.toContain('isError');
    }
  } finally {
    await core?.dispose();
    core = undefined;
    await http.stop();
  }
});

it('calls side by side with the very same arguments object each show their own answer', async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-raw-'));
  core = await createCore({ dataDir, env: {}, autoConnect: false });
  await core.api.addServer({ name: 'rec', config: { command: process.execPath, args: [fixtureServer('recording-target')] } });
  await core.api.connectServer({ name: 'rec' });
  const args = {};
  // `now` answers each call with a fresh id, in its structured content and so in its raw answer.
  const results = await Promise.all(Array.from({ length: 10 }, () => core!.api.callTool({ server: 'rec', tool: 'now', arguments: args, confirmed: true })));
  const ids = results.map((result) => (result.structured?.value as { id: string }).id);
  expect(new Set(ids).size).toBe(10);
  // As it came: the SDK's parse would add isError, which the server does not send.
  results.forEach((result, index) => {
    expect(JSON.parse(result.raw!.text)).toMatchObject({ structuredContent: { id: ids[index] } });
    expect(result.raw!.text).not.toContain('isError');
  });
});
