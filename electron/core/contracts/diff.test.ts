/** The diff of two committed snapshots (fixtures/before.json → after.json) that hold one of every change class. */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffSnapshots, hasBreaking } from './diff';
import { parseSnapshot } from './snapshot';

const fixture = (name: string) => parseSnapshot(fs.readFileSync(path.join(__dirname, 'fixtures', name), 'utf8'));

describe('diffSnapshots', () => {
  it('classes every change and points at it', () => {
    expect(diffSnapshots(fixture('before.json'), fixture('after.json'))).toEqual([
      { kind: 'changed', in: 'after', pointer: '/server/version', message: 'server version: "1.0.0" → "2.0.0"' },
      { kind: 'changed', in: 'after', pointer: '/protocol/era', message: 'protocol era: "legacy" → "modern"' },
      { kind: 'changed', in: 'after', pointer: '/protocol/version', message: 'protocol version: "2025-06-18" → "2026-07-28"' },
      { kind: 'breaking', in: 'before', pointer: '/capabilities/logging', message: 'capability logging removed' },
      { kind: 'breaking', in: 'before', pointer: '/capabilities/prompts/listChanged', message: 'capability prompts.listChanged removed' },
      { kind: 'additive', in: 'after', pointer: '/capabilities/completions', message: 'capability completions added' },
      { kind: 'changed', in: 'after', pointer: '/instructions', message: 'instructions changed' },
      { kind: 'changed', in: 'after', pointer: '/tools/0/description', message: 'tool delete: description changed' },
      { kind: 'changed', in: 'after', pointer: '/tools/0/annotations/destructiveHint', message: 'tool delete: annotation destructiveHint (none) → true' },
      { kind: 'changed', in: 'after', pointer: '/tools/0/annotations/readOnlyHint', message: 'tool delete: annotation readOnlyHint true → false' },
      { kind: 'breaking', in: 'after', pointer: '/tools/2/inputSchema/properties/cursor/type', message: 'tool search input property cursor: type narrowed string|null → string' },
      { kind: 'breaking', in: 'after', pointer: '/tools/2/inputSchema/properties/limit/type', message: 'tool search input property limit: type narrowed number → integer' },
      { kind: 'breaking', in: 'before', pointer: '/tools/1/inputSchema/properties/mode/enum/1', message: 'tool search input property mode: enum value "full" removed' },
      { kind: 'additive', in: 'after', pointer: '/tools/2/inputSchema/properties/mode/enum/1', message: 'tool search input property mode: enum value "fuzzy" added' },
      { kind: 'additive', in: 'after', pointer: '/tools/2/inputSchema/properties/tags/items/type', message: 'tool search input property tags items: type widened string → string|number' },
      { kind: 'additive', in: 'after', pointer: '/tools/2/inputSchema/properties/lang', message: 'tool search input property lang added' },
      { kind: 'breaking', in: 'after', pointer: '/tools/2/inputSchema/properties/scope', message: 'tool search input property scope added (required)' },
      { kind: 'breaking', in: 'before', pointer: '/tools/1/outputSchema/properties/score', message: 'tool search output property score removed' },
      { kind: 'breaking', in: 'after', pointer: '/tools/2/outputSchema/properties/total', message: 'tool search output property total is now optional (may be missing)' },
      { kind: 'breaking', in: 'before', pointer: '/tools/2', message: 'tool sunset removed' },
      { kind: 'additive', in: 'after', pointer: '/tools/1', message: 'tool fetch added' },
      { kind: 'changed', in: 'after', pointer: '/resources/1/mimeType', message: 'resource file:///readme.md: mimeType changed' },
      { kind: 'breaking', in: 'before', pointer: '/resources/1', message: 'resource file:///old.txt removed' },
      { kind: 'additive', in: 'after', pointer: '/resources/0', message: 'resource file:///changelog.md added' },
      { kind: 'breaking', in: 'before', pointer: '/resourceTemplates/1', message: 'resource template repo://wiki/{page} removed' },
      { kind: 'additive', in: 'after', pointer: '/resourceTemplates/1', message: 'resource template repo://pulls/{id} added' },
      { kind: 'changed', in: 'after', pointer: '/prompts/0/description', message: 'prompt forecast: description changed' },
      { kind: 'breaking', in: 'after', pointer: '/prompts/0/arguments/2/required', message: 'prompt forecast: argument units is now required' },
      { kind: 'breaking', in: 'after', pointer: '/prompts/0/arguments/1', message: 'prompt forecast: argument date added (required)' },
      { kind: 'breaking', in: 'before', pointer: '/prompts/1', message: 'prompt retired removed' },
      { kind: 'additive', in: 'after', pointer: '/prompts/1', message: 'prompt summarize added' },
    ]);
  });

  it('finds nothing between a snapshot and itself', () => {
    const changes = diffSnapshots(fixture('before.json'), fixture('before.json'));
    expect(changes).toEqual([]);
    expect(hasBreaking(changes)).toBe(false);
  });

  it('reads a removed input property and an output schema dropped as breaking, and a new one as additive', () => {
    const before = fixture('before.json');
    const after = structuredClone(before);
    const search = after.tools.find((tool) => tool.name === 'search')!;
    delete (search.inputSchema.properties as Record<string, unknown>).tags;
    delete search.outputSchema;
    const changes = diffSnapshots(before, after);
    expect(changes).toEqual([
      { kind: 'breaking', in: 'before', pointer: '/tools/1/inputSchema/properties/tags', message: 'tool search input property tags removed' },
      { kind: 'breaking', in: 'before', pointer: '/tools/1/outputSchema', message: 'tool search: output schema removed' },
    ]);
    expect(hasBreaking(changes)).toBe(true);
    expect(diffSnapshots(after, before).map((c) => c.kind)).toEqual(['additive', 'additive']);
  });

  it('escapes ~ and / in pointers (RFC 6901)', () => {
    const before = fixture('before.json');
    const after = structuredClone(before);
    after.tools[0]!.inputSchema = { type: 'object', properties: { path: { type: 'string' }, 'a/b~c': { type: 'string' } }, required: ['path'] };
    expect(diffSnapshots(before, after)).toEqual([{ kind: 'additive', in: 'after', pointer: '/tools/0/inputSchema/properties/a~1b~0c', message: 'tool delete input property a/b~c added' }]);
  });
});
