import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDiagnosticsApi } from './diagnostics-api';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

describe('Open log folder', () => {
  it('answers the path in browser mode (nothing to open it with), and the folder exists', async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-logdir-'));
    const folder = path.join(dir, 'logs');
    expect(await createDiagnosticsApi(folder).openLogFolder()).toEqual({ path: folder, opened: false });
    expect((await fs.stat(folder)).isDirectory()).toBe(true);
  });

  it('opens it with the desktop’s opener, and reports an opener’s failure', async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-logdir-'));
    const folder = path.join(dir, 'logs');
    const opened: string[] = [];
    expect(await createDiagnosticsApi(folder, async (target) => void opened.push(target)).openLogFolder()).toEqual({ path: folder, opened: true });
    expect(opened).toEqual([folder]);
    await expect(
      createDiagnosticsApi(folder, async () => {
        throw new Error('No application knows how to open this folder');
      }).openLogFolder(),
    ).rejects.toThrow('No application');
  });
});
