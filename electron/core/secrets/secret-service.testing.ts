/**
 * A real Secret Service for tests on Linux: a private D-Bus session bus with GNOME Keyring
 * in it, unlocked, keeping its keyrings in a temporary home, so tests never touch the
 * user's own keychain. Resolves to undefined, with the reason, where it cannot be started
 * (no dbus-run-session or gnome-keyring-daemon, or not Linux).
 */
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export interface SecretService {
  /** An environment whose D-Bus session bus has the Secret Service on it. */
  env: NodeJS.ProcessEnv;
  stop(): Promise<void>;
}

function found(program: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${program}`], { stdio: 'ignore' }).status === 0;
}

export async function startSecretService(): Promise<SecretService | { unavailable: string }> {
  if (process.platform !== 'linux') return { unavailable: 'the Secret Service is a Linux keychain' };
  for (const program of ['dbus-run-session', 'gnome-keyring-daemon']) {
    if (!found(program)) return { unavailable: `${program} is not installed (apt-get install gnome-keyring dbus)` };
  }
  const home = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-keyring-'));
  const runtime = path.join(home, 'run');
  await fs.mkdir(runtime, { mode: 0o700 });
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, XDG_DATA_HOME: path.join(home, 'data'), XDG_RUNTIME_DIR: runtime };
  // These tests are about the keychain: a switch that keeps other tests from it does not apply.
  delete env.MCP_WORKBENCH_KEYCHAIN;
  // The daemon is unlocked with a password on stdin and forks away once it is on the bus;
  // `cat` then keeps the session open until the test closes its stdin.
  const script = 'echo -n test-password | gnome-keyring-daemon --unlock --components=secrets >/dev/null && echo "BUS=$DBUS_SESSION_BUS_ADDRESS" && cat >/dev/null';
  const session: ChildProcessWithoutNullStreams = spawn('dbus-run-session', ['--', 'sh', '-c', script], { env, stdio: 'pipe' });
  session.stderr.resume();
  const address = await new Promise<string | undefined>((resolve) => {
    let out = '';
    session.stdout.setEncoding('utf8');
    session.stdout.on('data', (chunk: string) => {
      out += chunk;
      const match = /^BUS=(.+)$/m.exec(out);
      if (match) resolve(match[1]);
    });
    session.on('close', () => resolve(undefined));
  });
  const stop = async () => {
    if (session.exitCode === null && session.signalCode === null) {
      const closed = once(session, 'close');
      session.stdin.end();
      await closed;
    }
    await fs.rm(home, { recursive: true, force: true });
  };
  if (!address) {
    await stop();
    return { unavailable: 'gnome-keyring-daemon did not start in a D-Bus session' };
  }
  return { env: { ...env, DBUS_SESSION_BUS_ADDRESS: address }, stop };
}

/** An environment with no D-Bus session bus at all (as over SSH, or in a container). */
export function envWithoutBus(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.DBUS_SESSION_BUS_ADDRESS;
  delete env.DISPLAY;
  delete env.MCP_WORKBENCH_KEYCHAIN;
  return env;
}
