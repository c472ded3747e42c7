/**
 * Runs the built `mcp-workbench` CLI (out/electron/cli.cjs) as a real process, with its
 * data folder at `home`, and collects what it printed and how it ended.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

export const BUILT_CLI = path.resolve('out/electron/cli.cjs');

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface CliRunOptions {
  /** MCP_WORKBENCH_HOME of the run. */
  home: string;
  /** The environment (default: this process's); MCP_WORKBENCH_HOME is set on top. */
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Kill the run (SIGKILL) after this long: for a test whose failure would be a hang. */
  killAfterMs?: number;
}

export function runBuiltCli(args: string[], { home, env = process.env, cwd, killAfterMs }: CliRunOptions): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BUILT_CLI, ...args], {
      env: { ...env, MCP_WORKBENCH_HOME: home },
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(cwd ? { cwd } : {}),
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = killAfterMs === undefined ? undefined : setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    child.once('error', reject);
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr: signal === 'SIGKILL' && timer ? `${stderr}\n(killed after ${killAfterMs} ms)` : stderr });
    });
  });
}
