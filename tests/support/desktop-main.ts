/**
 * Runs the built desktop main process (out/electron/main.cjs) under plain Node with the
 * Electron stand-in (tests/support/electron-stand-in/, bundled here with esbuild), as a real
 * process with its own data folder, and gives the test its trace and its controls.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';

export const BUILT_MAIN = path.resolve('out/electron/main.cjs');

/** A utility process's process.parentPort (docs/api/process.md): messages arrive as { data }. */
const PARENT_PORT = "process.parentPort = { on: (_event, listener) => process.on('message', (data) => listener({ data })), postMessage: (message) => process.send(message) };\n";

let standIn: Promise<string> | undefined;

/** The stand-in, bundled once per test file into a temporary folder (removed when the process exits). */
function buildStandIn(): Promise<string> {
  return (standIn ??= (async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-electron-stand-in-'));
    process.once('exit', () => void fs.rm(dir, { recursive: true, force: true }));
    const shim = path.join(dir, 'parent-port.cjs');
    await fs.writeFile(shim, PARENT_PORT);
    const register = path.join(dir, 'register.cjs');
    await build({
      entryPoints: [path.resolve('tests/support/electron-stand-in/register.ts')],
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      outfile: register,
      define: { PARENT_PORT_SHIM: JSON.stringify(shim) },
      logLevel: 'warning',
    });
    return register;
  })());
}

export interface TraceEvent {
  type: string;
  at: number;
  [key: string]: unknown;
}

export interface DesktopMain {
  readonly child: ChildProcess;
  readonly trace: TraceEvent[];
  readonly stderr: () => string;
  /** Resolves with the first trace event the predicate accepts (already seen or yet to come). */
  waitFor(predicate: (event: TraceEvent) => boolean, what: string, timeoutMs?: number): Promise<TraceEvent>;
  control<T = unknown>(op: string, args?: Record<string, unknown>): Promise<T>;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Quits through the app (before-quit) if it still runs, and waits for the process to end. */
  stop(): Promise<void>;
}

export interface DesktopMainOptions {
  /** MCP_WORKBENCH_HOME of the run. */
  home: string;
  /** What process.execPath is in the app (the packaged app's binary); default: Node's. */
  appBinary?: string;
  env?: NodeJS.ProcessEnv;
}

export async function startDesktopMain(options: DesktopMainOptions): Promise<DesktopMain> {
  if (!existsSync(BUILT_MAIN)) throw new Error(`${BUILT_MAIN} is missing: run \`npm run build\` first.`);
  const child = fork(BUILT_MAIN, [], {
    execArgv: ['-r', await buildStandIn()],
    env: {
      ...process.env,
      ...options.env,
      MCP_WORKBENCH_HOME: options.home,
      ...(options.appBinary ? { MCPWB_STAND_IN_APP_BINARY: options.appBinary } : {}),
    },
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  const trace: TraceEvent[] = [];
  const waiters = new Set<{ predicate: (event: TraceEvent) => boolean; resolve: (event: TraceEvent) => void }>();
  const replies = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.on('message', (message: { kind: string; event?: TraceEvent; id?: number; ok?: boolean; value?: unknown; error?: string }) => {
    if (message.kind === 'trace' && message.event) {
      trace.push(message.event);
      for (const waiter of [...waiters]) {
        if (waiter.predicate(message.event)) {
          waiters.delete(waiter);
          waiter.resolve(message.event);
        }
      }
    } else if (message.kind === 'reply' && message.id !== undefined) {
      const reply = replies.get(message.id);
      replies.delete(message.id);
      if (message.ok) reply?.resolve(message.value);
      else reply?.reject(new Error(message.error));
    }
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  let nextId = 1;
  const running = () => child.exitCode === null && child.signalCode === null;
  return {
    child,
    trace,
    stderr: () => stderr,
    exited,
    waitFor(predicate, what, timeoutMs = 20_000) {
      const seen = trace.find(predicate);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const waiter = { predicate, resolve };
        waiters.add(waiter);
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`Timed out waiting for ${what}; trace: ${trace.map((event) => event.type).join(', ')}; stderr: ${stderr.slice(-2000)}`));
        }, timeoutMs);
        void exited.then(() => {
          if (!waiters.has(waiter)) return;
          clearTimeout(timer);
          waiters.delete(waiter);
          reject(new Error(`The app ended before ${what}; trace: ${trace.map((event) => event.type).join(', ')}; stderr: ${stderr.slice(-2000)}`));
        });
      });
    },
    control<T>(op: string, args?: Record<string, unknown>) {
      const id = nextId++;
      return new Promise<T>((resolve, reject) => {
        replies.set(id, { resolve: resolve as (value: unknown) => void, reject });
        child.send({ kind: 'control', id, op, args });
      });
    },
    async stop() {
      if (running()) {
        child.send({ kind: 'control', id: 0, op: 'quit' });
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(timer);
      }
    },
  };
}
