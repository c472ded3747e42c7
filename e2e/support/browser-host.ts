/**
 * Starts the real browser host (the built out/electron/browser-host.cjs) as a child
 * process with its own app data folder, the way a user runs `npm run web`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';

export interface BrowserHost {
  url: string;
  port: number;
  token: string;
  home: string;
  /** The host process's id. */
  pid: number;
  /** Everything the host wrote to stderr so far (for failure messages). */
  stderr(): string;
  stop(): Promise<void>;
  /** Kills the host outright (SIGKILL), as a crash would: no cleanup, its sockets just drop. */
  crash(): Promise<void>;
}

const READY = /^MCP Workbench ready at (http:\/\/127\.0\.0\.1:(\d+)\/#token=(\S+))$/;
const HOST_ENTRY = path.resolve('out/electron/browser-host.cjs');

/**
 * `env` adds to (or, with undefined, removes from) the host's environment, e.g. a fake HOME
 * for import tests. `open` lets the host open the browser (with a stand-in opener on PATH).
 * `port` asks for a fixed port (default 0: any free one), e.g. the port of a host that stopped.
 * `nodeArgs` go to Node before the entry (the benchmarks' `--cpu-prof`, which NODE_OPTIONS refuses);
 * `entry` runs another build of the host (a benchmark comparing two builds).
 */
export async function startBrowserHost(
  options: { home?: string; env?: Record<string, string | undefined>; open?: boolean; port?: number; nodeArgs?: string[]; entry?: string } = {},
): Promise<BrowserHost> {
  const home = options.home ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-e2e-')));
  const env: NodeJS.ProcessEnv = { ...process.env, MCP_WORKBENCH_HOME: home };
  for (const [key, value] of Object.entries(options.env ?? {})) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), options.entry ?? HOST_ENTRY, ...(options.open ? [] : ['--no-open']), '--port', String(options.port ?? 0)], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const stdoutLines: string[] = [];

  const ready = await new Promise<RegExpExecArray>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      stdoutLines.push(line);
      const match = READY.exec(line);
      if (match) resolve(match);
    });
    child.once('exit', (code) => reject(new Error(`browser host exited with ${code} before it was ready:\n${stderr}`)));
  });

  return {
    url: ready[1]!,
    port: Number(ready[2]),
    token: ready[3]!,
    home,
    stderr: () => stderr,
    pid: child.pid!,
    stop: () => stopChild(child),
    crash: () => stopChild(child, 'SIGKILL'),
  };
}

async function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
