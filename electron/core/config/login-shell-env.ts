/**
 * The user's login-shell environment. An app started from a desktop (Dock, Start menu,
 * launcher) inherits a minimal PATH, so `npx`, `uvx` or `docker` installed through
 * Homebrew, nvm, pipx and the like are not found. We ask the login shell once, the way
 * VS Code does: run `$SHELL -ilc` with a command that prints the environment as JSON
 * between two markers (so anything the shell's start-up files print is ignored and
 * values with newlines survive), with a time limit so a shell that waits for input
 * cannot hold the app up.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { diagnostics } from '../diagnostics/diagnostics';

export type Env = Record<string, string>;

export interface ShellEnvResult {
  env: Env;
  /** Why the shell's environment could not be read (the process's own is used then). */
  problem?: string;
  shell?: string;
}

export interface ShellEnvOptions {
  shell?: string;
  platform?: NodeJS.Platform;
  timeoutMs?: number;
  /** A program that runs JavaScript: node, or Electron with ELECTRON_RUN_AS_NODE. */
  nodePath?: string;
  baseEnv?: NodeJS.ProcessEnv;
}

export const SHELL_ENV_TIMEOUT_MS = 10_000;

/** Variables we set only to run the probe; they must not reach the servers. */
const PROBE_ONLY = ['ELECTRON_RUN_AS_NODE', 'ELECTRON_NO_ATTACH_CONSOLE', 'DISABLE_AUTO_UPDATE', 'ZSH_TMUX_AUTOSTARTED', 'ZSH_TMUX_AUTOSTART'];

function defaultShell(env: NodeJS.ProcessEnv): string {
  if (env.SHELL) return env.SHELL;
  try {
    return os.userInfo().shell || '/bin/sh';
  } catch {
    return '/bin/sh';
  }
}

const quote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;

/** The shell's arguments for a login, interactive run of `command`, or undefined for shells that cannot. */
export function loginShellArgs(shell: string, command: string): string[] | undefined {
  const name = path.basename(shell).replace(/\.exe$/, '');
  if (name === 'csh' || name === 'tcsh') return ['-ic', command];
  if (['nu', 'xonsh', 'pwsh', 'powershell', 'elvish'].includes(name)) return undefined;
  return ['-ilc', command];
}

function ownEnv(base: NodeJS.ProcessEnv): Env {
  return Object.fromEntries(Object.entries(base).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

export function readLoginShellEnv(options: ShellEnvOptions = {}): Promise<ShellEnvResult> {
  const base = options.baseEnv ?? process.env;
  const platform = options.platform ?? process.platform;
  if (platform === 'win32') return Promise.resolve({ env: ownEnv(base) });
  const shell = options.shell ?? defaultShell(base);
  const mark = `__MCPWB_${randomBytes(8).toString('hex')}__`;
  const script = `process.stdout.write(${JSON.stringify(mark)}+JSON.stringify(process.env)+${JSON.stringify(mark)})`;
  const args = loginShellArgs(shell, `${quote(options.nodePath ?? process.execPath)} -e ${quote(script)}`);
  if (!args) return Promise.resolve({ env: ownEnv(base), shell, problem: `${path.basename(shell)} cannot be asked for its environment; using the app's own.` });
  const timeoutMs = options.timeoutMs ?? SHELL_ENV_TIMEOUT_MS;

  return new Promise((resolve) => {
    const fallback = (problem: string) => {
      diagnostics.warn(`The login shell's environment is not used: ${problem}`);
      resolve({ env: ownEnv(base), shell, problem });
    };
    let child;
    try {
      child = spawn(shell, args, {
        env: { ...base, ELECTRON_RUN_AS_NODE: '1', ELECTRON_NO_ATTACH_CONSOLE: '1', DISABLE_AUTO_UPDATE: 'true', ZSH_TMUX_AUTOSTARTED: 'true', ZSH_TMUX_AUTOSTART: 'false' },
        stdio: ['ignore', 'pipe', 'ignore'],
        // Its own process group, so a timeout can stop the shell and whatever it started.
        detached: true,
      });
    } catch (error) {
      fallback(`could not start ${shell}: ${(error as Error).message}`);
      return;
    }
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => (out += chunk));
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
      fallback(`${shell} did not answer within ${timeoutMs / 1000} s`);
    }, timeoutMs);
    timer.unref();
    child.on('error', (error) => {
      clearTimeout(timer);
      fallback(`could not start ${shell}: ${error.message}`);
    });
    child.on('close', () => {
      clearTimeout(timer);
      const start = out.indexOf(mark);
      const end = out.lastIndexOf(mark);
      if (start === -1 || end <= start) {
        fallback(`${shell} did not print its environment`);
        return;
      }
      try {
        const parsed = JSON.parse(out.slice(start + mark.length, end)) as Record<string, unknown>;
        const env: Env = {};
        for (const [key, value] of Object.entries(parsed)) if (typeof value === 'string' && !PROBE_ONLY.includes(key)) env[key] = value;
        resolve({ env, shell });
      } catch {
        fallback(`${shell} printed an environment that could not be read`);
      }
    });
  });
}

/**
 * The environment servers are launched with and variables are expanded from: the
 * app's own values win (a terminal launch may have exported something on purpose), the
 * login shell's fill in the rest, and PATH is the login shell's followed by any folder
 * only the app's own PATH has.
 */
export function mergeEnvironments(own: NodeJS.ProcessEnv, shell: Env, delimiter = path.delimiter): Env {
  const merged: Env = { ...shell, ...ownEnv(own) };
  const folders = [...(shell.PATH ?? '').split(delimiter), ...(own.PATH ?? '').split(delimiter)].filter(Boolean);
  const PATH = [...new Set(folders)].join(delimiter);
  if (PATH) merged.PATH = PATH;
  return merged;
}
