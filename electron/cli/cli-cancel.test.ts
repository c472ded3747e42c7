/**
 * Ctrl+C during a long request of the real CLI (out/electron/cli.cjs): the call under way
 * is cancelled on its server (a tool call gets notifications/cancelled, a task tasks/cancel)
 * before the servers are closed, and the run exits with 130. Real fixture processes; the
 * tool-lab fixture writes what it was told into its call log. Needs the build
 * (`node scripts/build.mjs cli` or `npm run build`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fixtureServer } from '../../e2e/fixtures/paths';
import { waitUntil } from '../../e2e/support/processes';
import { BUILT_CLI } from '../../tests/support/built-cli';

let home: string;
const running: ChildProcess[] = [];

beforeAll(async () => {
  if (!existsSync(BUILT_CLI)) throw new Error(`${BUILT_CLI} is missing: run \`node scripts/build.mjs cli\` (or npm run build) first.`);
  home = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-cli-cancel-'));
});

afterEach(() => {
  for (const child of running.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

afterAll(async () => {
  await fs.rm(home, { recursive: true, force: true });
});

function cli(args: string[]) {
  const child = spawn(process.execPath, [BUILT_CLI, ...args], { env: { ...process.env, MCP_WORKBENCH_HOME: home }, stdio: ['ignore', 'pipe', 'pipe'] });
  running.push(child);
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout!.resume();
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, stderr: () => stderr, exited };
}

const read = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : '');

describe.runIf(process.platform === 'linux')('CLI: Ctrl+C during a long request', () => {
  it('a tool call is cancelled on its server (notifications/cancelled) before the server is closed; exit 130', async () => {
    const callLog = path.join(home, 'calls.log');
    const server = `"${process.execPath}" "${fixtureServer('tool-lab')}" --call-log "${callLog}"`;
    const run = cli(['tools', 'call', '--stdio', server, 'slow_progress', '--args', '{"steps": 1000, "delayMs": 50}', '--progress']);
    await waitUntil(() => /Step 2 of 1000/.test(run.stderr()), 'the call to be under way', 30_000);

    run.child.kill('SIGINT');
    expect(await run.exited, run.stderr()).toBe(130);
    expect(read(callLog).trim().split('\n')).toEqual(['slow_progress', 'slow_progress cancelled']);
  });

  it('a task is cancelled on its server (tasks/cancel) before the server is closed; exit 130', async () => {
    const server = `"${process.execPath}" "${fixtureServer('tasks-server')}"`;
    const run = cli(['tools', 'call', '--stdio', server, '--protocol', 'legacy', 'slow_job', '--task', '--args', '{"steps": 1000, "delayMs": 50}', '--progress']);
    const tasksFile = path.join(home, 'tasks.json');
    await waitUntil(() => read(tasksFile).includes('"working"'), 'the task to be under way', 30_000);

    run.child.kill('SIGINT');
    expect(await run.exited, run.stderr()).toBe(130);
    const [task] = (JSON.parse(read(tasksFile)) as { tasks: Array<{ tool: string; status: string }> }).tasks.filter((t) => t.tool === 'slow_job');
    expect(task?.status).toBe('cancelled');
  });
});
