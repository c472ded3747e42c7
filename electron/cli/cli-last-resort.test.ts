/**
 * The real CLI (out/electron/cli.cjs) hit by an error nobody caught while a server it
 * started is running: it closes that server before it exits. The error is stood in for
 * by a preload that throws on SIGUSR2. Needs the build (`node scripts/build.mjs cli`).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureServer } from '../../e2e/fixtures/paths';
import { pidsWith, waitUntil } from '../../e2e/support/processes';
import { EXIT } from './exit-codes';

const CLI = path.resolve('out/electron/cli.cjs');
const CRASH_PRELOAD = pathToFileURL(path.resolve('e2e/fixtures/crash-on-signal.mjs')).href;

let home: string;
beforeAll(async () => {
  home = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-cli-crash-'));
});
afterAll(async () => {
  await fs.rm(home, { recursive: true, force: true });
});

describe('mcp-workbench on an error nobody caught', () => {
  it('closes the server it started, says why, and exits as a failed run', async () => {
    const marker = `cli-crash-${process.pid}-${Date.now()}`;
    // A server that never answers initialize and ignores its stdin closing: the CLI is still waiting for it.
    const server = `"${process.execPath}" "${fixtureServer('silent-stdio')}" ${marker}`;
    const child = spawn(process.execPath, ['--import', CRASH_PRELOAD, CLI, 'tools', 'list', '--stdio', server], {
      env: { ...process.env, MCP_WORKBENCH_HOME: home },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.resume();
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      await waitUntil(() => pidsWith(marker, CLI).length > 0, 'the server to start', 20_000);
      child.kill('SIGUSR2');
      expect(await exited).toBe(EXIT.connection);
      expect(stderr).toMatch(/unexpected error \(uncaught exception\)[\s\S]*test crash/);
      expect(pidsWith(marker, CLI)).toEqual([]);
    } finally {
      child.kill('SIGKILL');
      for (const pid of pidsWith(marker, CLI)) process.kill(pid, 'SIGKILL');
    }
  });
});
