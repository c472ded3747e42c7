import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ServerRegistry, SERVERS_FILE } from './server-registry';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-registry-'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('ServerRegistry', () => {
  it('starts empty, persists added servers as mcpServers, and reloads them', async () => {
    const registry = new ServerRegistry(dir);
    await registry.load();
    expect(registry.list()).toEqual([]);
    await registry.add('one', { command: 'node', args: ['a.js'], env: { A: '1' } });
    const onDisk = JSON.parse(await fs.readFile(path.join(dir, SERVERS_FILE), 'utf8'));
    expect(onDisk).toEqual({ mcpServers: { one: { command: 'node', args: ['a.js'], env: { A: '1' } } } });
    const again = new ServerRegistry(dir);
    await again.load();
    expect(again.get('one')).toEqual({ command: 'node', args: ['a.js'], env: { A: '1' } });
  });

  it('refuses a duplicate name and an unknown one', async () => {
    const registry = new ServerRegistry(dir);
    await registry.load();
    await registry.add('one', { command: 'node' });
    await expect(registry.add('one', { command: 'other' })).rejects.toThrow(/already exists/);
    await expect(registry.remove('two')).rejects.toThrow(/No server named "two"/);
  });

  it('keeps fields written by other tools', async () => {
    await fs.writeFile(path.join(dir, SERVERS_FILE), JSON.stringify({ other: 1, mcpServers: { a: { command: 'x', futureField: { y: 2 } } } }));
    const registry = new ServerRegistry(dir);
    await registry.load();
    await registry.add('b', { command: 'y' });
    const onDisk = JSON.parse(await fs.readFile(path.join(dir, SERVERS_FILE), 'utf8'));
    expect(onDisk).toEqual({ other: 1, mcpServers: { a: { command: 'x', futureField: { y: 2 } }, b: { command: 'y' } } });
  });

  it('never overwrites a file that does not parse', async () => {
    const broken = '{ "mcpServers": { "a": ';
    await fs.writeFile(path.join(dir, SERVERS_FILE), broken);
    const registry = new ServerRegistry(dir);
    await registry.load();
    expect(registry.problem).toMatch(/not valid JSON/);
    await expect(registry.add('b', { command: 'y' })).rejects.toThrow(/Not saving/);
    expect(await fs.readFile(path.join(dir, SERVERS_FILE), 'utf8')).toBe(broken);
  });
});
