/** The snapshot document: what goes in, in what order, and how a bad file is told apart. */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ToolInfo } from '../../../shared/domain';
import { buildSnapshot, InvalidSnapshotError, parseSnapshot, serializeSnapshot, SNAPSHOT_FORMAT } from './snapshot';

const tool = (name: string, extra: Partial<ToolInfo> = {}): ToolInfo => ({ server: 's', name, fullName: `mcp__s__${name}`, inputSchema: { type: 'object' }, ...extra });

describe('contract snapshots', () => {
  it('sorts lists by name or URI and keys at every depth, drops what is not contract, ends with a newline', () => {
    const snapshot = buildSnapshot({
      view: { serverInfo: { name: 'demo', version: '1.2.3' }, protocolEra: 'modern', protocolVersion: '2026-07-28', capabilities: { tools: { listChanged: true }, prompts: {} } },
      tools: [tool('zeta', { excludedReason: 'bad header', annotations: { readOnlyHint: true, title: 'Z' } }), tool('alpha', { outputSchema: { type: 'object', required: ['b'], properties: { b: {}, a: {} } } })],
      resources: [
        { uri: 'file:///b', name: 'b', size: 12 },
        { uri: 'file:///a', name: 'a' },
      ],
      templates: [{ uriTemplate: 'x://{id}', name: 'x', variables: ['id'] }],
      prompts: [{ name: 'p', arguments: [{ name: 'y', required: true }, { name: 'x' }] }],
    });
    const text = serializeSnapshot(snapshot);
    expect(text.endsWith('}\n')).toBe(true);
    expect(snapshot.tools.map((t) => t.name)).toEqual(['alpha', 'zeta']);
    expect(snapshot.resources.map((r) => r.uri)).toEqual(['file:///a', 'file:///b']);
    expect(snapshot.prompts[0]!.arguments.map((a) => a.name)).toEqual(['x', 'y']);
    expect(text).not.toMatch(/excludedReason|fullName|"size"|variables/);
    expect(Object.keys(JSON.parse(text) as object)).toEqual(['capabilities', 'format', 'prompts', 'protocol', 'resourceTemplates', 'resources', 'server', 'tools']);
    expect(text).toContain('"properties": {\n          "a": {},\n          "b": {}');
    expect(text).toMatch(/^ {2}"format": "mcp-workbench\.contract\/1",$/m);
    expect(parseSnapshot(text)).toEqual(snapshot);
  });

  it('the committed fixtures are exactly their own serialization', () => {
    for (const name of ['before.json', 'after.json']) {
      const text = fs.readFileSync(path.join(__dirname, 'fixtures', name), 'utf8');
      expect(serializeSnapshot(parseSnapshot(text))).toBe(text);
    }
  });

  it('says what is wrong with a file that is not a snapshot', () => {
    expect(() => parseSnapshot('{nope')).toThrow(InvalidSnapshotError);
    expect(() => parseSnapshot('{nope')).toThrow(/not JSON/);
    expect(() => parseSnapshot('{"tools": []}')).toThrow(/not a contract snapshot/);
    expect(() => parseSnapshot('{"format": "mcp-workbench.contract/9"}')).toThrow(/is not one this version reads/);
    expect(() => parseSnapshot(JSON.stringify({ format: SNAPSHOT_FORMAT, server: { name: 'x', version: '1' }, protocol: {}, capabilities: {}, tools: [{ name: 3 }], resources: [], resourceTemplates: [], prompts: [] }))).toThrow(/at \/tools\/0\/name/);
  });
});
