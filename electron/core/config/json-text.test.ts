import { describe, expect, it } from 'vitest';
import { editJsonText, locate, parseJsonText, positionAt } from './json-text';

describe('parseJsonText', () => {
  it('parses an object, and treats an empty file as an empty object', () => {
    expect(parseJsonText('{"mcpServers": {}}')).toEqual({ ok: true, value: { mcpServers: {} } });
    expect(parseJsonText('  \n')).toEqual({ ok: true, value: {} });
    expect(parseJsonText('\uFEFF{"a": 1}')).toEqual({ ok: true, value: { a: 1 } });
  });

  it('says where the first problem is, by line and column', () => {
    const result = parseJsonText('{\n  "mcpServers": {\n    "a": }\n}');
    expect(result).toEqual({ ok: false, problem: { message: 'a value is expected at line 3, column 10', line: 3, column: 10 } });
    const trailing = parseJsonText('{"a": 1,}');
    expect(trailing.ok).toBe(false);
    expect(parseJsonText('[1]')).toMatchObject({ ok: false, problem: { line: 1, column: 1 } });
  });

  it('refuses comments in JSON files and allows them (and trailing commas) in JSONC files', () => {
    const text = '{\n  // servers\n  "servers": {"a": {"command": "x"},},\n}';
    expect(parseJsonText(text)).toMatchObject({ ok: false, problem: { line: 2, column: 3, message: expect.stringContaining('comments are not allowed') } });
    expect(parseJsonText(text, { jsonc: true })).toEqual({ ok: true, value: { servers: { a: { command: 'x' } } } });
  });

  it('computes positions and locates entries', () => {
    expect(positionAt('ab\ncd', 4)).toEqual({ line: 2, column: 2 });
    expect(locate('{\n  "mcpServers": {\n    "x": {"command": 1}\n  }\n}', ['mcpServers', 'x'])).toEqual({ line: 3, column: 10 });
  });
});

describe('editJsonText', () => {
  it('adds, replaces and removes entries, keeping the rest of the file as written', () => {
    const text = '{\n    "other": true,\n    "mcpServers": {\n        "a": { "command": "x" }\n    }\n}\n';
    const added = editJsonText(text, [{ path: ['mcpServers', 'b'], value: { command: 'y' } }]);
    expect(JSON.parse(added)).toEqual({ other: true, mcpServers: { a: { command: 'x' }, b: { command: 'y' } } });
    expect(added).toContain('    "other": true,');
    expect(added).toMatch(/\n {8}"b": \{/);
    const removed = editJsonText(added, [{ path: ['mcpServers', 'a'], value: undefined }]);
    expect(JSON.parse(removed)).toEqual({ other: true, mcpServers: { b: { command: 'y' } } });
  });

  it('creates missing parents and starts from an empty file', () => {
    const text = editJsonText('', [{ path: ['projects', '/p', 'mcpServers', 'x'], value: { command: 'n' } }]);
    expect(JSON.parse(text)).toEqual({ projects: { '/p': { mcpServers: { x: { command: 'n' } } } } });
    expect(text.endsWith('\n')).toBe(true);
  });
});
