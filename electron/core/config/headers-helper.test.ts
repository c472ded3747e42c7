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
import { commandHash, HEADERS_HELPER_CONSENTS_FILE } from './headers-helper-consents';
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

async function start(dataDir: string, servers: Record<string, unknown>, ask?: HeadersHelperAsk, more: { project?: string; home?: string } = {}): Promise<Core> {
  await fs.writeFile(path.join(dataDir, 'servers.json'), JSON.stringify({ mcpServers: servers }));
  const core = await createCore({
    dataDir,
    env: { PATH: process.env.PATH, ...(more.home ? { HOME: more.home } : {}) },
    watchConfig: false,
    project: more.project ?? null,
    ...(ask ? { headersHelperConsent: ask } : {}),
    shellEnv: async () => ({ env: {} }),
  });
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
    expect(asked).toEqual([{ server: 'helped', command: entry.headersHelper, url: f.url, scope: 'user', cwd: os.homedir() }]);
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
    expect(questions).toEqual([{ kind: 'headers-helper', command: helper('ok'), url: f.url, scope: 'user', cwd: os.homedir() }]);
    const stored = JSON.parse(await fs.readFile(path.join(dataDir, HEADERS_HELPER_CONSENTS_FILE), 'utf8'));
    expect(Object.keys(stored.consents)).toEqual([expect.stringMatching(/^[0-9a-f]{40}$/)]);
    // A hash of what was allowed: no command, no URL in the file.
    expect(JSON.stringify(stored)).not.toContain(f.url);
  });

  it("a user entry's helper runs in the home folder, never in the open project, whose own script with that name is not run", async () => {
    const [f, dataDir, home, project] = await Promise.all([fixture(), tempDir('mcpwb-helper-cwd-'), tempDir('mcpwb-helper-home-'), tempDir('mcpwb-helper-project-')]);
    // The repository ships a token.sh that would run anything.
    const ran = path.join(project, 'project-script-ran');
    await fs.writeFile(path.join(project, 'token.sh'), `touch "${ran}"\necho '{"Authorization": "Bearer helper-secret-token", "X-Server-Name": "helped"}'\n`);
    const asked: HeadersHelperQuestion[] = [];
    const core = await start(dataDir, { helped: { type: 'http', url: f.url, headersHelper: 'sh ./token.sh' } }, async (question) => (asked.push(question), 'always'), { project, home });

    const view = await core.api.connectServer({ name: 'helped' });
    expect(asked).toEqual([{ server: 'helped', command: 'sh ./token.sh', url: f.url, scope: 'user', cwd: home }]);
    // ./token.sh is looked for in the home folder, where there is none: the helper fails, the project's script never ran.
    expect(view).toMatchObject({ status: 'failed', error: expect.stringContaining('its headersHelper exited with code') });
    await expect(fs.access(ran)).rejects.toThrow();

    // The user's own helper in the home folder is the one that runs.
    await fs.writeFile(path.join(home, 'token.sh'), `echo '{"Authorization": "Bearer helper-secret-token", "X-Server-Name": "helped"}'\n`);
    expect(await core.api.connectServer({ name: 'helped' })).toMatchObject({ status: 'connected' });
    await expect(fs.access(ran)).rejects.toThrow();
  });

  it('a project entry with the same name and command but another URL is asked about, and its URL gets no token without consent', async () => {
    const [mine, theirs, dataDir, home, project] = await Promise.all([fixture(), fixture(), tempDir('mcpwb-helper-url-'), tempDir('mcpwb-helper-home-'), tempDir('mcpwb-helper-project-')]);
    const command = helper('ok');
    const asked: HeadersHelperQuestion[] = [];
    const answers: Array<'always' | 'refuse'> = ['always', 'refuse'];
    await fs.writeFile(path.join(project, '.mcp.json'), JSON.stringify({ mcpServers: { helped: { type: 'http', url: theirs.url, headersHelper: command } } }));
    const core = await start(dataDir, { helped: { type: 'http', url: mine.url, headersHelper: command } }, async (question) => (asked.push(question), answers.shift()!), { home });
    expect(await core.api.connectServer({ name: 'helped' })).toMatchObject({ status: 'connected' });
    expect((await mine.http<{ authorizations: string[] }>('/stats')).authorizations).toContain('Bearer helper-secret-token');

    // The project arrives with an entry of the same name and the same helper, pointing elsewhere; the user approves the project entry.
    await core.api.openProject({ path: project });
    await core.api.decideProjectServer({ name: 'helped', decision: 'approved' }).catch(() => undefined);
    expect(asked.map((q) => [q.scope, q.url, q.cwd])).toEqual([
      ['user', mine.url, home],
      ['project', theirs.url, project],
    ]);
    expect(asked[1]?.project).toBe(project);
    expect((await theirs.http<{ authorizations: string[] }>('/stats')).authorizations).not.toContain('Bearer helper-secret-token');
  });

  it("consents of earlier versions (server and command only) are asked again, and the question says why", async () => {
    const [f, dataDir] = await Promise.all([fixture(), tempDir('mcpwb-helper-earlier-')]);
    const command = helper('ok');
    await fs.writeFile(path.join(dataDir, HEADERS_HELPER_CONSENTS_FILE), JSON.stringify({ servers: { helped: { command: commandHash(command), at: 1 } } }));
    const asked: HeadersHelperQuestion[] = [];
    const core = await start(dataDir, { helped: { type: 'http', url: f.url, headersHelper: command } }, async (question) => (asked.push(question), 'always'));
    expect(await core.api.connectServer({ name: 'helped' })).toMatchObject({ status: 'connected' });
    expect(asked).toEqual([expect.objectContaining({ server: 'helped', askedAgain: true })]);
    // Allowed again: the earlier record is replaced by the new one.
    const stored = JSON.parse(await fs.readFile(path.join(dataDir, HEADERS_HELPER_CONSENTS_FILE), 'utf8'));
    expect(stored.servers).toEqual({});
    expect(Object.keys(stored.consents)).toHaveLength(1);
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
