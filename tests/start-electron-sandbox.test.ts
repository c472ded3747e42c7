/**
 * `npm start` on Ubuntu 24.04 and later: AppArmor's user-namespace restriction stops
 * Chromium's sandbox and Electron aborts with one FATAL line on stderr and SIGTRAP
 * (electron/electron#42510, electron-builder#8440). The launcher recognises that exit and
 * prints the remedy. The stand-in prints Chromium's line and aborts the same way.
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SandboxAbortWatch } from '../scripts/lib/linux-sandbox.mjs';
import { startLauncher } from './support/stand-in-electron';

const temp = mkdtempSync(path.join(os.tmpdir(), 'launcher-sandbox-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** Chromium 14x's line, as reported in electron/electron#42510. */
const FATAL =
  "[12345:0611/120000.000000:FATAL:sandbox/linux/suid/client/setuid_sandbox_host.cc:166] The SUID sandbox helper binary was found, but is not configured correctly. Rather than run without sandboxing I'm aborting now. You need to make sure that /x/node_modules/electron/dist/chrome-sandbox is owned by root and has mode 4755.";

/** A shell stand-in: prints `stderr`, then ends as `ending` says (`kill -TRAP $$` aborts like Chromium's CHECK). */
function standIn(name: string, stderr: string, ending: string): string {
  const dist = path.join(temp, name);
  mkdirSync(dist, { recursive: true });
  writeFileSync(path.join(dist, 'electron'), `#!/bin/sh\ncat >&2 <<'LINES'\n${stderr}\nLINES\n${ending}\n`);
  chmodSync(path.join(dist, 'electron'), 0o755);
  return dist;
}

const notLinux = process.platform !== 'linux';
if (notLinux) console.log(`Skipping the sandbox-abort tests: the launcher watches for it on Linux only (this is ${process.platform})`);

describe.skipIf(notLinux)('npm start when the Linux sandbox cannot start', () => {
  it('recognises the SUID sandbox abort and prints the remedy, keeping Electron’s own line and status', async () => {
    const dist = standIn('suid', `[1:1:ERROR:gpu_init.cc] unrelated\n${FATAL}`, 'kill -TRAP $$');
    const result = await startLauncher(dist).done;
    expect(result.stderr).toContain(FATAL);
    expect(result.stderr).toContain('AppArmor');
    expect(result.stderr).toContain(`profile mcp-workbench-dev-electron "${path.join(dist, 'electron')}" flags=(unconfined)`);
    expect(result.stderr).toContain('sudo apparmor_parser -r /etc/apparmor.d/mcp-workbench-dev-electron');
    expect(result.stderr).toContain(`sudo chown root:root "${path.join(dist, 'chrome-sandbox')}" && sudo chmod 4755 "${path.join(dist, 'chrome-sandbox')}"`);
    expect(result.stderr).toContain('sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0');
    expect(result.stderr).toContain('npm start -- --no-sandbox');
    expect(result.stderr).toContain('docs/packaging.md');
    expect(result.code).toBe(128 + os.constants.signals.SIGTRAP);
  });

  it('recognises "No usable sandbox!" (no helper at all) the same way', async () => {
    const dist = standIn('none', '[1:1:FATAL:zygote_host_impl_linux.cc(127)] No usable sandbox! If you are running on Ubuntu 23.10+ …', 'exit 1');
    const result = await startLauncher(dist).done;
    expect(result.stderr).toContain('kernel.apparmor_restrict_unprivileged_userns=0');
    expect(result.code).toBe(1);
  });

  it('says nothing more when Electron fails for another reason', async () => {
    const dist = standIn('other', '[1:1:FATAL:something_else.cc] Missing X server or $DISPLAY', 'exit 1');
    const result = await startLauncher(dist).done;
    expect(result.stderr.trim()).toBe('[1:1:FATAL:something_else.cc] Missing X server or $DISPLAY');
    expect(result.code).toBe(1);
  });
});

describe('SandboxAbortWatch', () => {
  it('finds the line when it arrives split across chunks', () => {
    const watch = new SandboxAbortWatch();
    const at = FATAL.indexOf('helper binary');
    watch.feed(`noise\n${FATAL.slice(0, at)}`);
    expect(watch.seen).toBe(false);
    watch.feed(`${FATAL.slice(at)}\nmore`);
    expect(watch.seen).toBe(true);
  });

  it('finds it as the last line without a newline, once the stream ends', () => {
    const watch = new SandboxAbortWatch();
    watch.feed(FATAL);
    expect(watch.seen).toBe(false);
    watch.end();
    expect(watch.seen).toBe(true);
  });
});
