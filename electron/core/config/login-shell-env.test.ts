/**
 * The login shell's environment, read from real shells (bash and dash) with real start-up
 * files, and the rule that the probe never runs a copy of our own binary: in the packaged
 * desktop app the RunAsNode fuse is off, so `process.execPath` with ELECTRON_RUN_AS_NODE
 * starts the whole app again (Electron's shell/app/electron_main_linux.cc and
 * electron_main_mac.cc run Node only `if (IsRunAsNodeEnabled() && IsEnvSet(kRunAsNode))`;
 * docs/tutorial/fuses.md, "runAsNode").
 */
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TempDirs } from '../../../tests/support/temp-dirs';
import { loginShellArgs, mergeEnvironments, parseEnvOutput, probeCommand, readLoginShellEnv } from './login-shell-env';

const temp = new TempDirs();
afterEach(() => temp.removeAll());

async function homeWith(file: string, text: string): Promise<string> {
  const home = await temp.make('mcpwb-login-shell-');
  await fs.writeFile(path.join(home, file), text);
  return home;
}

describe('the login shell environment', () => {
  it('reads the environment a login shell sets up, values with newlines, "=" and NUL-free text intact', async () => {
    // A login bash reads ~/.bash_profile: that is where desktop users put PATH changes.
    const home = await homeWith(
      '.bash_profile',
      'echo "noise from the profile"\nexport PATH="/opt/from-profile/bin:$PATH"\nexport FROM_PROFILE="a\nb=c\n\nd"\nexport UNICODE="€ ü 日本"\n',
    );
    const result = await readLoginShellEnv({ shell: '/bin/bash', baseEnv: { HOME: home, PATH: '/usr/bin:/bin' } });
    expect(result.problem).toBeUndefined();
    expect(result.env.PATH?.split(':')[0]).toBe('/opt/from-profile/bin');
    expect(result.env.FROM_PROFILE).toBe('a\nb=c\n\nd');
    expect(result.env.UNICODE).toBe('€ ü 日本');
    // What the probe sets for itself, and the shell's `_`, do not reach servers.
    for (const name of ['DISABLE_AUTO_UPDATE', 'ZSH_TMUX_AUTOSTART', 'ZSH_TMUX_AUTOSTARTED', '_', 'ELECTRON_RUN_AS_NODE']) expect(result.env[name]).toBeUndefined();
  });

  it('works with a POSIX sh that reads ~/.profile (dash)', async () => {
    const home = await homeWith('.profile', 'export FROM_PROFILE=dash\n');
    const result = await readLoginShellEnv({ shell: '/bin/sh', baseEnv: { HOME: home, PATH: '/usr/bin:/bin' } });
    expect(result.problem).toBeUndefined();
    expect(result.env.FROM_PROFILE).toBe('dash');
  });

  it('never starts a copy of our own binary, whatever process.execPath is (the packaged app would start again)', async () => {
    const dir = await temp.make('mcpwb-own-binary-');
    const started = path.join(dir, 'started');
    // Stands in for the packaged app: a binary that ignores ELECTRON_RUN_AS_NODE and starts anyway.
    const app = path.join(dir, 'MCP Workbench');
    await fs.writeFile(app, `#!/bin/sh\necho "$@" >> '${started}'\n`, { mode: 0o755 });
    const home = await homeWith('.bash_profile', 'export FROM_PROFILE=yes\n');
    const execPath = process.execPath;
    process.execPath = app;
    try {
      const result = await readLoginShellEnv({ shell: '/bin/bash', baseEnv: { HOME: home, PATH: '/usr/bin:/bin' } });
      expect(existsSync(started)).toBe(false);
      expect(result.problem).toBeUndefined();
      expect(result.env.FROM_PROFILE).toBe('yes');
    } finally {
      process.execPath = execPath;
    }
    expect(probeCommand('MARK')).not.toContain(app);
  });

  it('gives up after its time limit and falls back to the app environment', async () => {
    const home = await homeWith('.bash_profile', 'sleep 30\n');
    const result = await readLoginShellEnv({ shell: '/bin/bash', baseEnv: { HOME: home, PATH: '/usr/bin:/bin', MINE: '1' }, timeoutMs: 300 });
    expect(result.problem).toMatch(/did not answer within 0.3 s/);
    expect(result.env).toEqual({ HOME: home, PATH: '/usr/bin:/bin', MINE: '1' });
  });

  it('falls back when the shell does not exist, and knows which shells take which flags', async () => {
    const dir = await temp.make('mcpwb-no-shell-');
    const result = await readLoginShellEnv({ shell: path.join(dir, 'no-such-shell'), baseEnv: { PATH: '/bin' } });
    expect(result.problem).toMatch(/could not start/);
    expect(result.env).toEqual({ PATH: '/bin' });
    expect(loginShellArgs('/usr/bin/zsh', 'c')).toEqual(['-ilc', 'c']);
    expect(loginShellArgs('/bin/tcsh', 'c')).toEqual(['-ic', 'c']);
    expect(loginShellArgs('/usr/bin/nu', 'c')).toBeUndefined();
  });

  it('falls back when the shell prints no environment between the markers', async () => {
    const home = await homeWith('.bash_profile', 'exit 0\n');
    const result = await readLoginShellEnv({ shell: '/bin/bash', baseEnv: { HOME: home, PATH: '/usr/bin:/bin' } });
    expect(result.problem).toMatch(/did not print its environment/);
    expect(result.env).toEqual({ HOME: home, PATH: '/usr/bin:/bin' });
  });

  it('reads `env -0` output and, from an env without -0, the plain listing with continued lines', () => {
    expect(parseEnvOutput('A=1\0B=x=y\nz\0=bad\0C=\0')).toEqual({ A: '1', B: 'x=y\nz', C: '' });
    expect(parseEnvOutput('A=1\nB=two\nlines\nC=3\n')).toEqual({ A: '1', B: 'two\nlines', C: '3' });
  });

  it('merges: the app environment wins, PATH puts the shell folders first', () => {
    const merged = mergeEnvironments({ PATH: '/usr/bin:/app/only', A: 'app' }, { PATH: '/opt/homebrew/bin:/usr/bin', A: 'shell', B: 'shell' }, ':');
    expect(merged).toEqual({ PATH: '/opt/homebrew/bin:/usr/bin:/app/only', A: 'app', B: 'shell' });
  });
});
