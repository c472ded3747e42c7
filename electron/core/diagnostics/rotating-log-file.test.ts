import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rotatingLogFile } from './rotating-log-file';

let dir: string;

beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-logs-'));
});

afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('the rotating log file', () => {
  it('caps each file at its size and keeps only the newest few, oldest dropped', async () => {
    const logs = path.join(dir, 'logs');
    const file = rotatingLogFile({ dir: logs, fileName: 'test.log', level: 'debug', size: '1K', kept: 2 });
    const line = (i: number) => `${String(i).padStart(4, '0')} ${'x'.repeat(95)}\n`;
    // 100 lines of 100 bytes: 10 KB through 1 KB files.
    for (let i = 0; i < 100; i++) file.write(line(i));
    await file.close();
    const names = (await fs.readdir(logs)).sort();
    expect(names).toEqual(['test.log', 'test.log.1', 'test.log.2']);
    for (const name of names) expect((await fs.stat(path.join(logs, name))).size).toBeLessThanOrEqual(1024 + 100);
    // The newest lines are in the current file, the ones before in .1: nothing out of order.
    const current = await fs.readFile(path.join(logs, 'test.log'), 'utf8');
    const previous = await fs.readFile(path.join(logs, 'test.log.1'), 'utf8');
    expect(current.endsWith(line(99))).toBe(true);
    const firstOfCurrent = Number(current.slice(0, 4));
    expect(previous.endsWith(line(firstOfCurrent - 1))).toBe(true);
    expect((await fs.stat(path.join(logs, 'test.log'))).mode & 0o777).toBe(0o600);
  });

  it('leaves nothing behind when nothing was logged', async () => {
    const file = rotatingLogFile({ dir: path.join(dir, 'logs'), fileName: 'quiet.log', level: 'info' });
    await file.close();
    expect(await fs.readdir(dir)).toEqual([]);
    expect(file.path).toBe(path.join(dir, 'logs', 'quiet.log'));
  });
});
