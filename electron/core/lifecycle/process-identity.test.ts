import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { parsePsIdentity, parseStatTail, processIdentity, sameIdentity } from './process-identity';

describe('process identity', () => {
  it('reads /proc stat lines whose command name holds spaces and parentheses', () => {
    const fields = ['S', '1', '4242', '4242', '0', '-1', '4194560', ...Array(12).fill('0'), '987654', '100'];
    expect(parseStatTail(`4242 (my (odd) server) ${fields.join(' ')}`)).toEqual({ state: 'S', pgid: 4242, sid: 4242, startTicks: 987654 });
    expect(parseStatTail('4242 (short) S 1')).toBeUndefined();
  });

  it('reads ps output (other POSIX systems): start time, then the whole command', () => {
    expect(parsePsIdentity('Tue Dec  1 11:15:29 2026 /usr/bin/node /srv/server.mjs --flag  \n')).toEqual({
      start: 'Tue Dec  1 11:15:29 2026',
      command: '/usr/bin/node /srv/server.mjs --flag',
    });
    expect(parsePsIdentity('')).toBeUndefined();
    if (process.platform !== 'win32') {
      const real = parsePsIdentity(execFileSync('ps', ['-ww', '-o', 'lstart=', '-o', 'command=', '-p', String(process.pid)], { encoding: 'utf8' }));
      expect(real?.command).toContain('node');
    }
  });

  it.runIf(process.platform !== 'win32')('tells this process from a gone one; identities match only when start and command do', async () => {
    const mine = await processIdentity(process.pid);
    expect(mine?.command).toContain('node');
    expect(sameIdentity(mine, await processIdentity(process.pid))).toBe(true);
    expect(sameIdentity(mine, mine && { ...mine, command: `${mine.command} x` })).toBe(false);
    expect(await processIdentity(2 ** 22 + 12345)).toBeUndefined();
  });
});
