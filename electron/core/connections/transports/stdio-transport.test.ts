import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fixtureServer } from '../../../../e2e/fixtures/paths';
import { isAlive, pidsWith, waitUntil } from '../../../../e2e/support/processes';
import { ProcessTransport } from './stdio-transport';

describe('ProcessTransport', () => {
  it('once closed, never starts its server (a connect given up while being set up)', async () => {
    const marker = `stdio-closed-${process.pid}-${Date.now()}`;
    const transport = new ProcessTransport({ command: process.execPath, args: [fixtureServer('silent-stdio'), marker] });
    await transport.close();
    await expect(transport.start()).rejects.toThrow(/closed before the server started/);
    expect(transport.pid).toBeUndefined();
    expect(pidsWith(marker)).toEqual([]);
  });
});

describe.skipIf(process.platform !== 'linux')('stopping a server (Linux)', () => {
  it('also ends a descendant that left its process group, session and parent chain (setsid, then its parent ended)', async () => {
    const marker = `stdio-stray-${process.pid}-${Date.now()}`;
    const transport = new ProcessTransport({ command: process.execPath, args: [fixtureServer('setsid-stray'), marker] });
    await transport.start();
    await waitUntil(() => pidsWith(`${marker}-stray`).length === 1, 'the stray to start');
    const [stray] = pidsWith(`${marker}-stray`);
    // Its parent exits right after starting it; until then the stray is still below the server.
    await waitUntil(() => !ancestors(stray!).includes(transport.pid!), 'the stray to be left to init');
    // Not in the server's group, nor below it: only its environment still ties it to the server.
    expect(statFields(stray!).group).not.toBe(transport.pid);
    const reads = vi.spyOn(fs, 'readFile');
    await transport.close();
    await waitUntil(() => !isAlive(stray!), 'the stray to end', 5_000);
    // Found by its environment; processes older than the server (init, this test's runner) cannot
    // carry the server's spawn id, and their environments are not read.
    const environments = reads.mock.calls.map(([file]) => String(file)).filter((file) => file.endsWith('/environ'));
    expect(environments).toContain(`/proc/${stray}/environ`);
    expect(environments).not.toContain('/proc/1/environ');
    expect(environments).not.toContain(`/proc/${process.ppid}/environ`);
  });
});

afterEach(() => vi.restoreAllMocks());

/** /proc/<pid>/stat's parent and process group. */
function statFields(pid: number): { parent: number; group: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const [, parent, group] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { parent: Number(parent), group: Number(group) };
}

/** The pids above `pid`, nearest first, up to init. */
function ancestors(pid: number): number[] {
  const chain: number[] = [];
  for (let current = statFields(pid).parent; current > 1; current = statFields(current).parent) chain.push(current);
  return chain;
}
