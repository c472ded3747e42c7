/**
 * Runs the keychain helper (keychain-helper.cjs) in a child Node process and returns its
 * answer. A keychain can block (a Secret Service bus that never answers, an unlock prompt
 * nobody sees), and the library's calls cannot be abandoned once started, so they happen in
 * a process that is killed when it takes too long. The desktop app, where plain Node child
 * processes may be switched off, passes its own runner (an Electron utility process).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

/** Sends one request to the helper; resolves with its answer's text, rejects when it fails or is too slow. */
export type KeychainRunner = (request: string, timeoutMs: number) => Promise<string>;

/** Beside the bundles in out/electron once built, beside this file in the source. */
export const KEYCHAIN_HELPER_PATH = path.join(__dirname, 'keychain-helper.cjs');

export interface NodeKeychainRunnerOptions {
  /** A program that runs JavaScript; default: this Node. */
  execPath?: string;
  helperPath?: string;
  /** The helper's environment (tests point DBUS_SESSION_BUS_ADDRESS at a private bus). */
  env?: NodeJS.ProcessEnv;
}

export function nodeKeychainRunner(options: NodeKeychainRunnerOptions = {}): KeychainRunner {
  return (request, timeoutMs) =>
    new Promise((resolve, reject) => {
      const child = spawn(options.execPath ?? process.execPath, [options.helperPath ?? KEYCHAIN_HELPER_PATH], {
        env: options.env ?? process.env,
        stdio: ['pipe', 'pipe', 'ignore'],
        windowsHide: true,
      });
      let out = '';
      let settled = false;
      const finish = (action: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        action();
      };
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        finish(() => reject(new Error(`it did not answer within ${timeoutMs / 1000} s`)));
      }, timeoutMs);
      child.stdout.setEncoding('utf8');
      child.stdout.on('data', (chunk: string) => (out += chunk));
      child.on('error', (error) => finish(() => reject(error)));
      child.on('close', (code, signal) => finish(() => (out ? resolve(out) : reject(new Error(`the keychain helper ended (${signal ?? `exit code ${code}`}) without an answer`)))));
      // A helper that ended before reading its request: the close event says so.
      child.stdin.on('error', () => undefined);
      child.stdin.end(request);
    });
}
