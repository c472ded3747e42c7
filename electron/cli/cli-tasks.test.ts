/**
 * The real CLI (out/electron/cli.cjs) with tasks: `tools call --task` waits with the
 * status on stderr, `--detach` prints the id, and `tasks list|get|result|cancel` find it
 * again in a later run (the HTTP tasks fixture keeps its tasks between connections); a
 * forgotten task exits 5. server-everything's required-task tool runs as a task by
 * itself. Needs the build (`npm run build`).
 */
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixture, type RunningFixture } from '../../e2e/fixtures/fixture-process';
import { everythingServer, fixtureServer } from '../../e2e/fixtures/paths';
import { BUILT_CLI, runBuiltCli, type CliRun } from '../../tests/support/built-cli';

const CLI = BUILT_CLI;
let home: string;
let http: RunningFixture;


function cli(args: string[]): Promise<CliRun> {
  return runBuiltCli(args, { home });
}

beforeAll(async () => {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run npm run build first.`);
  home = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-cli-tasks-'));
  http = await startFixture('tasks-server', ['--http']);
  await fs.writeFile(
    path.join(home, 'servers.json'),
    JSON.stringify({
      mcpServers: {
        jobs: { type: 'http', url: http.url },
        local: { command: process.execPath, args: [fixtureServer('tasks-server')] },
        everything: { command: process.execPath, args: [everythingServer, 'stdio'] },
      },
    }),
  );
});

afterAll(async () => {
  await http?.stop();
  await fs.rm(home, { recursive: true, force: true });
});

describe('mcp-workbench tasks', { timeout: 120_000 }, () => {
  it('tools call --task waits for the result, its status on stderr', async () => {
    const run = await cli(['tools', 'call', 'local', 'slow_job', '--arg', 'steps=3', '--arg', 'delayMs=100', '--task', '--progress']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('done after 3 steps');
    expect(run.stderr).toMatch(/step 2 of 3/);
  });

  it('a failed task exits 1 with its reason', async () => {
    const run = await cli(['tools', 'call', 'local', 'fails', '--task']);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/failed: the job broke/);
  });

  it('--detach prints the id; tasks list, get, result and cancel find it in later runs', async () => {
    const started = await cli(['tools', 'call', 'jobs', 'slow_job', '--arg', 'steps=4', '--arg', 'delayMs=200', '--detach']);
    expect(started.code, started.stderr).toBe(0);
    const taskId = started.stdout.trim();
    expect(taskId).toMatch(/^[0-9a-f-]{36}$/);

    const list = await cli(['tasks', 'list', 'jobs', '--json']);
    expect(JSON.parse(list.stdout).tasks).toEqual(expect.arrayContaining([expect.objectContaining({ taskId, tool: 'slow_job' })]));
    const got = await cli(['tasks', 'get', 'jobs', taskId, '--json']);
    expect(got.code).toBe(0);
    expect(JSON.parse(got.stdout)).toMatchObject({ taskId, status: expect.stringMatching(/working|completed/) });
    const result = await cli(['tasks', 'result', 'jobs', taskId, '--progress']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('done after 4 steps');

    const long = await cli(['tools', 'call', 'jobs', 'slow_job', '--arg', 'steps=100', '--detach', '--json']);
    const longId = JSON.parse(long.stdout).task.taskId as string;
    const cancelled = await cli(['tasks', 'cancel', 'jobs', longId]);
    expect(cancelled.code, cancelled.stderr).toBe(0);
    expect(cancelled.stdout).toMatch(/cancelled/);
    const afterCancel = await cli(['tasks', 'result', 'jobs', longId]);
    expect(afterCancel.code).toBe(1);
  });

  it('a task the server forgot exits 5', async () => {
    const started = await cli(['tools', 'call', 'jobs', 'expires', '--arg', 'ttlMs=200', '--detach']);
    const taskId = started.stdout.trim();
    // The fixture forgets it 200 ms after it was made: ask until it says so.
    await expect.poll(async () => (await cli(['tasks', 'get', 'jobs', taskId])).code, { timeout: 30_000, interval: 200 }).toBe(5);
    const got = await cli(['tasks', 'get', 'jobs', taskId, '--json']);
    expect(got.code).toBe(5);
    expect(JSON.parse(got.stdout)).toMatchObject({ status: 'expired' });
  });

  it('server-everything: the required-task research tool runs as a task by itself', async () => {
    const run = await cli(['tools', 'call', 'everything', 'simulate-research-query', '--arg', 'topic=cli']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('# Research Report: cli');
  });
});
