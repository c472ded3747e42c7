/**
 * "Save as recording" through its channel on a real core: the protocol log of a real
 * stdio server becomes a recording file that reads back (header, both directions, the
 * credential masked), written the way every export is (never into the app's data folder,
 * never through a symbolic link, an existing file only replaced when asked).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { fixtureServer } from '../../../e2e/fixtures/paths';
import { readRecording } from '../recordings/read-recording';
import { createCore, type Core } from './core-api';
import { createDispatcher } from './dispatcher';
import { TempDirs } from '../../../tests/support/temp-dirs';

const SECRET = 'sk-app-recording-9d2e71';
const temp = new TempDirs();
let core: Core | undefined;

afterEach(async () => {
  await core?.dispose();
  core = undefined;
  await temp.removeAll();
});

const tempDir = (prefix: string) => temp.make(prefix);

it('saves the protocol log as a recording through recordings:save-from-log, with the export path’s refusals', async () => {
  const dataDir = await tempDir('mcpwb-recordings-api-');
  const outDir = await tempDir('mcpwb-recordings-out-');
  const target = { command: process.execPath, args: [fixtureServer('recording-target')], env: { API_KEY: SECRET } };
  await fs.writeFile(path.join(dataDir, 'servers.json'), JSON.stringify({ mcpServers: { target } }));
  core = await createCore({ dataDir, env: {}, autoConnect: false });
  const dispatch = createDispatcher(core.api);
  expect(await core.api.connectServer({ name: 'target' })).toMatchObject({ status: 'connected' });
  await core.api.callTool({ server: 'target', tool: 'greet', arguments: { name: 'Ada' }, confirmed: true });
  await core.api.callTool({ server: 'target', tool: 'api_key', arguments: {}, confirmed: true });

  const file = path.join(outDir, 'target.jsonl');
  const saved = await dispatch('saveProtocolLogAsRecording', { server: 'target', path: file });
  expect(saved).toMatchObject({ ok: true, value: { savedTo: file } });

  const text = await fs.readFile(file, 'utf8');
  expect(text).not.toContain(SECRET);
  const recording = await readRecording(file);
  expect(recording.header).toMatchObject({ format: 'mcp-workbench-recording', version: 1, source: 'app', server: { name: 'recording-target' }, transport: { type: 'stdio', command: process.execPath } });
  const messages = recording.lines.flatMap(({ line }) => ('message' in line ? [line] : []));
  // The opening (initialize, or server/discover on 2026-07-28), the calls, and the answers.
  expect(messages.some((line) => line.direction === 'to-server' && ['initialize', 'server/discover'].includes(String(line.message.method)))).toBe(true);
  expect(messages.some((line) => line.direction === 'to-server' && line.message.method === 'tools/call')).toBe(true);
  expect(messages.filter((line) => line.direction === 'to-client' && 'result' in line.message).length).toBeGreaterThanOrEqual(3);
  expect(messages.at(-1)).toMatchObject({ direction: 'to-client', message: { result: { content: [{ text: '••••••' }] } } });

  // Saving again over it needs overwrite; the old version is kept beside it.
  expect(await dispatch('saveProtocolLogAsRecording', { server: 'target', path: file })).toMatchObject({ ok: false, error: { code: 'conflict' } });
  expect(await dispatch('saveProtocolLogAsRecording', { server: 'target', path: file, overwrite: true })).toMatchObject({ ok: true });
  expect(await fs.readFile(`${file}.bak`, 'utf8')).toBe(text);

  // Never into the app's data folder, never through a link.
  const inData = await dispatch('saveProtocolLogAsRecording', { server: 'target', path: path.join(dataDir, 'servers.json'), overwrite: true });
  expect(inData).toMatchObject({ ok: false, error: { code: 'invalid-request', message: expect.stringContaining("inside the app's data folder") } });
  const link = path.join(outDir, 'link.jsonl');
  await fs.symlink(path.join(outDir, 'elsewhere.jsonl'), link);
  expect(await dispatch('saveProtocolLogAsRecording', { server: 'target', path: link, overwrite: true })).toMatchObject({ ok: false, error: { message: expect.stringContaining('symbolic link') } });
  // The payload is checked like every channel's.
  expect(await dispatch('saveProtocolLogAsRecording', { server: 'target' })).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
});
