/**
 * The user's login-shell environment. An app started from a desktop (Dock, Start menu,
 * launcher) inherits a minimal PATH, so `npx`, `uvx` or `docker` installed through
 * Homebrew, nvm, pipx and the like are not found. We ask the login shell once: run
 * `$SHELL -ilc` with a command that has the shell's own `env` print the environment,
 * NUL-separated (`env -0`, so values with newlines survive), between two markers (so
 * anything the shell's start-up files print is ignored), with a time limit so a shell that
 * waits for input cannot hold the app up.
 *
 * The probe never runs a copy of our own binary. The packaged desktop app has its RunAsNode
 * fuse off, so `ELECTRON_RUN_AS_NODE` is ignored there and `process.execPath -e …` would
 * start a whole second app, which would run its own probe (Electron's
 * shell/app/electron_main_*.cc; docs/tutorial/fuses.md). The `shell-env` package also asks
 * the shell's `env`, but without a time limit and newline-separated (a value with a newline
 * splits), hence this module.
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
  baseEnv?: NodeJS.ProcessEnv;
}

const SHELL_ENV_TIMEOUT_MS = 10_000;

/**
 * Variables we set only to run the probe (they keep oh-my-zsh from updating itself and
 * tmux plugins from taking the shell over), and `_`, which the shell sets to the program it
 * ran: they must not reach the servers.
 */
const PROBE_ENV = { DISABLE_AUTO_UPDATE: 'true', ZSH_TMUX_AUTOSTARTED: 'true', ZSH_TMUX_AUTOSTART: 'false' };
const PROBE_ONLY = new Set([...Object.keys(PROBE_ENV), '_']);

function defaultShell(env: NodeJS.ProcessEnv): string {
  if (env.SHELL) return env.SHELL;
  try {
    return os.userInfo().shell || '/bin/sh';
  } catch {
    return '/bin/sh';
  }
}

/**
 * What the login shell runs: the marker, the environment, the marker. The same text works in
 * sh, bash, zsh, fish, csh and tcsh (`printf`, `;` and `||` all are in each). `/usr/bin/env`
 * by its path, so no alias or function of the user's named `env` answers instead; where an
 * older `env` lacks `-0`, the plain listing is read line by line.
 */
export function probeCommand(mark: string): string {
  return `printf '%s' ${mark}; /usr/bin/env -0 || /usr/bin/env; printf '%s' ${mark}`;
}

const NAME = /^[^=\0]+$/;

/**
 * `env -0` output (NUL after each `NAME=value`), or plain `env` output (a newline after
 * each; a line without `=` continues the value before it, the best that format allows).
 */
export function parseEnvOutput(text: string): Env {
  const env: Env = {};
  const add = (entry: string) => {
    const equals = entry.indexOf('=');
    const name = entry.slice(0, equals);
    if (equals > 0 && NAME.test(name)) env[name] = entry.slice(equals + 1);
  };
  if (text.includes('\0')) {
    for (const entry of text.split('\0')) add(entry);
    return env;
  }
  let last: string | undefined;
  for (const line of text.split('\n')) {
    const equals = line.indexOf('=');
    if (equals > 0 && /^[A-Za-z_][A-Za-z0-9_]*$/.test(line.slice(0, equals))) {
      add(line);
      last = line.slice(0, equals);
    } else if (last !== undefined && line !== '') {
      env[last] += `\n${line}`;
    }
  }
  return env;
}

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
  const args = loginShellArgs(shell, probeCommand(mark));
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
        env: { ...base, ...PROBE_ENV },
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
      const env = parseEnvOutput(out.slice(start + mark.length, end));
      for (const key of PROBE_ONLY) delete env[key];
      if (Object.keys(env).length === 0) fallback(`${shell} printed an empty environment`);
      else resolve({ env, shell });
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
