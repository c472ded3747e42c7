import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ideLockDir, ideServerUrl, ideTokenFor, runningIdes } from './ide-lockfiles';

const dirs: string[] = [];
afterEach(async () => Promise.all(dirs.splice(0).map((dir) => fs.rm(dir, { recursive: true, force: true }))));

describe('IDE lock files', () => {
  it('lives in $CLAUDE_CONFIG_DIR/ide, else ~/.claude/ide', () => {
    expect(ideLockDir({ CLAUDE_CONFIG_DIR: '/cfg' }, '/home/me')).toBe(path.join('/cfg', 'ide'));
    expect(ideLockDir({}, '/home/me')).toBe(path.join('/home/me', '.claude', 'ide'));
  });

  it('offers running IDEs, skips dead and broken lock files, and finds the token by port', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-locks-'));
    dirs.push(dir);
    const write = (name: string, body: unknown) => fs.writeFile(path.join(dir, name), typeof body === 'string' ? body : JSON.stringify(body));
    await write('41001.lock', { pid: process.pid, workspaceFolders: ['/a'], ideName: 'Visual Studio Code', transport: 'ws', authToken: 'tok-1' });
    await write('41002.lock', { pid: process.pid, ideName: 'IntelliJ IDEA', transport: 'sse' });
    await write('41003.lock', { pid: 2 ** 22 + 12345, ideName: 'Crashed', transport: 'ws' });
    await write('41004.lock', '{ not json');
    await write('notes.txt', 'ignored');

    const ides = await runningIdes(dir);
    expect(ides.map((ide) => [ide.port, ide.ideName, ideServerUrl(ide)]).sort()).toEqual([
      [41001, 'Visual Studio Code', 'ws://127.0.0.1:41001'],
      [41002, 'IntelliJ IDEA', 'http://127.0.0.1:41002/sse'],
    ]);
    expect(await ideTokenFor(new URL('ws://127.0.0.1:41001'), dir)).toBe('tok-1');
    expect(await ideTokenFor(new URL('ws://127.0.0.1:49999'), dir)).toBeUndefined();
  });
});
