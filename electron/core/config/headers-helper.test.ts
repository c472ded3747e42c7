/**
 * headersHelper with a real helper script and the real HTTP fixture that checks the
 * headers it gets: consent asked once per server and command (a changed command asks
 * again), the helper's headers winning over static ones, its environment, its values
 * masked, the window's question, and each way a helper can be broken.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { startFixture, type RunningFixture } from '../../../e2e/fixtures/fixture-process';
import { createCore, type Core } from '../api/core-api';
import type { HeadersHelperAsk, HeadersHelperQuestion } from './apply-headers-helper';
import { HEADERS_HELPER_CONSENTS_FILE } from './headers-helper-consents';
import { runHeadersHelper } from './headers-helper';

const HELPER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../e2e/fixtures/headers-helper.mjs');
const helper = (...args: string[]) => `"${process.execPath}" "${HELPER}" ${args.join(' ')}`;

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

async function tempDir(prefix: string): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  cleanup.push(() => fs.rm(dir, { recursive: true, force: true }));
  return dir;
}

async function fixture(): Promise<RunningFixture> {
  // Only the helper's token and its X-Server-Name (from CLAUDE_CODE_MCP_SERVER_NAME, over the static one) get in.
  const f = await startFixture('http-server', ['--bearer', 'helper-secret-token', '--require-header', 'X-Server-Name=helped']);
  cleanup.push(() => f.stop());
  return f;
}

async function start(dataDir: string, servers: Record<string, unknown>, ask?: HeadersHelperAsk): Promise<Core> {
  await fs.writeFile(path.join(dataDir, 'servers.json'), JSON.stringify({ mcpServers: servers }));
  const core = await createCore({ dataDir, env: { PATH: process.env.PATH }, watchConfig: false, project: null, ...(ask ? { headersHelperConsent: ask } : {}), shellEnv: async () => ({ env: {} }) });
  cleanup.push(() => core.dispose());
  return core;
}

const runs = async (file: string) => (await fs.readFile(file, 'utf8').catch(() => '')).split('\n').filter(Boolean);

describe('headersHelper', () => {
  it('asks once, runs the helper before each connect, its headers win, its values are masked; a changed command asks again', async () => {
    const [f, dataDir] = await Promise.all([fixture(), tempDir('mcpwb-helper-')]);
    const count = path.join(dataDir, 'runs.txt');
    const asked: HeadersHelperQuestion[] = [];
    const entry = { type: 'http', url: f.url, headers: { 'X-Server-Name': 'static' }, headersHelper: helper('ok', '--count', `"${count}"`) };
    const first = await start(dataDir, { helped: entry }, async (question) => (asked.push(question), 'always'));

    expect(await first.api.connectServer({ name: 'helped' })).toMatchObject({ status: 'connected' });
    expect(asked).toEqual([{ server: 'helped', command: entry.headersHelper, url: f.url }]);
    expect(await runs(count)).toEqual([`helped ${f.url}`]);
    expect((await f.http<{ authorizations: string[] }>('/stats')).authorizations[0]).toBe('Bearer helper-secret-token');
    // A tool that echoes the token shows the mask.
    const result = await first.api.callTool({ server: 'helped', tool: 'echo', arguments: { text: 'token=helper-secret-token' } });
    expect(JSON.stringify(result)).not.toContain('helper-secret-token');
    expect(JSON.stringify(result)).toContain('token=••••••');
    const consents = await fs.readFile(path.join(dataDir, HEADERS_HELPER_CONSENTS_FILE), 'utf8');
    expect(consents).not.toContain('headers-helper.mjs');
    await first.dispose();

    // Remembered: the next run does not ask, and runs the helper again.
    const second = await start(dataDir, { helped: entry }, async () => {
      throw new Error('asked again');
    });
    expect(await second.api.connectServer({ name: 'helped' })).toMatchObject({ status: 'connected' });
    expect(await runs(count)).toHaveLength(2);
    await second.dispose();

    // Another command is another question.
    const changed = { ...entry, headersHelper: helper('ok', '--count', `"${count}"`, '--changed') };
    const third = await start(dataDir, { helped: changed }, async (question) => (asked.push(question), 'refuse'));
    expect(await third.api.connectServer({ name: 'helped' })).toMatchObject({
      status: 'failed',
      error: 'Server "helped": its headersHelper was not run: you did not allow it. Connect again to be asked again.',
    });
    expect(asked).toHaveLength(2);
    expect(await runs(count)).toHaveLength(2);
  });

  it('in the app the question is a server request: accepting it runs the helper and is remembered', async () => {
    const [f, dataDir] = await Promise.all([fixture(), tempDir('mcpwb-helper-window-')]);
    const core = await start(dataDir, { helped: { type: 'http', url: f.url, headersHelper: helper('ok') } });
    const questions: unknown[] = [];
    core.events.subscribe((event) => {
      if (event.type !== 'server-request') return;
      questions.push(event.request.body);
      void core.api.answerServerRequest({ id: event.request.id, answer: { action: 'accept' } });
    });
    expect(await core.api.connectServer({ name: 'helped' })).toMatchObject({ status: 'connected' });
    expect(questions).toEqual([{ kind: 'headers-helper', command: helper('ok'), url: f.url }]);
    await expect(fs.readFile(path.join(dataDir, HEADERS_HELPER_CONSENTS_FILE), 'utf8')).resolves.toContain('"helped"');
  });

  describe('a broken helper stops the connect with a message that never quotes its output', () => {
    const env = { PATH: process.env.PATH };
    const run = (mode: string, timeoutMs?: number) =>
      runHeadersHelper({ command: helper(mode), server: 'srv', url: 'http://127.0.0.1:1/mcp', env, cwd: os.tmpdir(), ...(timeoutMs ? { timeoutMs } : {}) });

    it.each([
      ['not-json', 'Server "srv": its headersHelper did not print JSON; it should print one JSON object of headers, e.g. {"Authorization": "Bearer …"}.'],
      ['array', 'Server "srv": its headersHelper printed JSON that is not an object; it should print one JSON object of headers.'],
      ['number-value', 'Server "srv": its headersHelper printed a number for "X-Retries"; header values must be strings.'],
      ['fail', 'Server "srv": its headersHelper exited with code 3: helper: no credentials found'],
    ])('%s', async (mode, message) => {
      await expect(run(mode)).rejects.toThrow(message);
    });

    it('one that does not finish is stopped at its time limit, with its process', async () => {
      const started = Date.now();
      await expect(run('slow', 500)).rejects.toThrow('Server "srv": its headersHelper did not finish within 0.5 s.');
      expect(Date.now() - started).toBeLessThan(5000);
    });
  });
});
