/**
 * Browser mode's opener on Linux, with a stand-in `xdg-open` first on the PATH (a script, as
 * the real one is): one that finds no method to open with exits 3 at once, as xdg-open does
 * on a machine without a desktop, and the request fails saying so; one that keeps running
 * has handed the file to an app.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { hostDesktop } from './desktop';

let bin: string;
let savedPath: string | undefined;
beforeEach(async () => {
  bin = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-opener-'));
  savedPath = process.env.PATH;
  process.env.PATH = `${bin}${path.delimiter}${savedPath ?? ''}`;
});
afterEach(async () => {
  process.env.PATH = savedPath;
  await fs.rm(bin, { recursive: true, force: true });
});

const opener = (script: string) => fs.writeFile(path.join(bin, 'xdg-open'), `#!/bin/sh\n${script}\n`, { mode: 0o755 });

it.runIf(process.platform === 'linux')('(Linux, whose opener is xdg-open) a host without a desktop: xdg-open exits 3, and opening fails saying so', async () => {
  await opener('echo "xdg-open: no method available for opening $1" >&2; exit 3');
  await expect(hostDesktop('linux').openPath('/tmp/result.txt')).rejects.toThrow('xdg-open found nothing to open it with (exit code 3): the machine MCP Workbench runs on may have no desktop');
  await expect(hostDesktop('linux').showItemInFolder('/tmp/result.txt')).rejects.toThrow('exit code 3');
});

it.runIf(process.platform === 'linux')('(Linux, whose opener is xdg-open) an opener that hands the file to an app (exits 0, or keeps running) opened it', async () => {
  await opener('exit 0');
  await expect(hostDesktop('linux').openPath('/tmp/result.txt')).resolves.toBeUndefined();
  await opener('sleep 2');
  await expect(hostDesktop('linux').openPath('/tmp/result.txt')).resolves.toBeUndefined();
});
