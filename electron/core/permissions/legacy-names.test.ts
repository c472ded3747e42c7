/**
 * Rules and pins an earlier version stored by `mcp__…` name, read once into server and tool
 * against the servers configured then, and the files written again in the new form.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ToolInfo } from '../../../shared/domain';
import { readLegacyRule, readLegacyTool } from './legacy-names';
import { PERMISSIONS_FILE, PermissionStore } from './permission-store';
import { definitionHashes, PINS_FILE, ToolPins } from './tool-pins';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-legacy-names-'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const servers = (...names: string[]) => new Set(names);

describe('reading an old rule name', () => {
  it('is the tool of the server you have, never a whole server of the longer name', () => {
    expect(readLegacyRule('mcp__a__b', servers('a'))).toEqual([{ server: 'a', tool: 'b' }]);
    // A project that later names a server a__b does not get the rule: it was written for a's tool b.
    expect(readLegacyRule('mcp__a__b', servers('a', 'a__b'))).toEqual([{ server: 'a', tool: 'b' }]);
  });

  it('stays with every server it covered when two you have could have written it', () => {
    expect(readLegacyRule('mcp__a__b__c', servers('a', 'a__b'))).toEqual([
      { server: 'a', tool: 'b__c' },
      { server: 'a__b', tool: 'c' },
    ]);
  });

  it('is a whole server when written so, or when it names a server you have and no tool of one', () => {
    expect(readLegacyRule('mcp__fs', servers())).toEqual([{ server: 'fs' }]);
    expect(readLegacyRule('mcp__a__b__*', servers('a'))).toEqual([{ server: 'a__b' }]);
    expect(readLegacyRule('mcp__a__b', servers('a__b'))).toEqual([{ server: 'a__b' }]);
  });

  it('is read as Claude Code reads it when no server you have fits', () => {
    expect(readLegacyRule('mcp__gone__tool__x', servers('other'))).toEqual([{ server: 'gone', tool: 'tool__x' }]);
    expect(readLegacyTool('mcp__gone__tool', servers())).toEqual([{ server: 'gone', tool: 'tool' }]);
    expect(readLegacyTool('mcp__gone', servers())).toEqual([]);
  });
});

describe('migrating the stored files', () => {
  it('permission rules: read once, the file written in the new form, and the new form read as it is', async () => {
    await fs.writeFile(
      path.join(dir, PERMISSIONS_FILE),
      JSON.stringify({ rules: [{ pattern: 'mcp__a__b', decision: 'allow' }, { pattern: 'mcp__fs', decision: 'deny' }, { server: 'kept', tool: 't', decision: 'ask' }] }),
    );
    const store = new PermissionStore(dir);
    await store.load();
    await store.migrate(['a', 'a__b', 'fs']);
    expect(store.decide('a__b', 'mcp__a__b__anything').decision).toBe('ask');
    expect(store.decide('a', 'mcp__a__b').decision).toBe('allow');
    const written = JSON.parse(await fs.readFile(path.join(dir, PERMISSIONS_FILE), 'utf8'));
    expect(written.rules).toEqual([
      { server: 'kept', tool: 't', decision: 'ask' },
      { server: 'a', tool: 'b', decision: 'allow' },
      { server: 'fs', decision: 'deny' },
    ]);

    const again = new PermissionStore(dir);
    await again.load();
    // Nothing old is left to read: other servers configured now change nothing.
    await again.migrate(['a__b']);
    expect(again.view().rules.map((rule) => rule.pattern)).toEqual(['mcp__kept__t', 'mcp__a__b', 'mcp__fs']);
    expect(again.decide('a__b', 'mcp__a__b__anything').decision).toBe('ask');
  });

  it('a run on servers of its own reads the old rules for itself and leaves the file as it was', async () => {
    const old = JSON.stringify({ rules: [{ pattern: 'mcp__a__b', decision: 'allow' }] });
    await fs.writeFile(path.join(dir, PERMISSIONS_FILE), old);
    const store = new PermissionStore(dir);
    await store.load();
    await store.migrate(['a'], { persist: false });
    expect(store.decide('a', 'mcp__a__b').decision).toBe('allow');
    expect(await fs.readFile(path.join(dir, PERMISSIONS_FILE), 'utf8')).toBe(old);
  });

  it('tool pins: by server and tool, so a server named a__b never meets the pin of a\'s tool b__c', async () => {
    const tool: ToolInfo = { server: 'a', name: 'b__c', fullName: 'mcp__a__b__c', inputSchema: { type: 'object' }, description: 'pinned' };
    await fs.writeFile(path.join(dir, PINS_FILE), JSON.stringify({ pins: { mcp__a__b__c: { time: 1, parts: definitionHashes(tool) } } }));
    const pins = new ToolPins(dir);
    await pins.load();
    await pins.migrate(['a', 'a__b__x']);
    expect(pins.check(tool)).toEqual({ status: 'same' });
    expect(pins.check({ ...tool, server: 'a__b', name: 'c' })).toEqual({ status: 'new' });
    const written = JSON.parse(await fs.readFile(path.join(dir, PINS_FILE), 'utf8'));
    expect(Object.keys(written.servers)).toEqual(['a']);
    expect(written.pins).toBeUndefined();
  });
});
