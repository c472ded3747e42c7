/**
 * Each rule with a definition that trips it (at the expected JSON pointer) and one that
 * passes; a rule without a case here fails the last test.
 */
import { describe, expect, it } from 'vitest';
import type { ToolInfo } from '../../../../shared/domain';
import type { DoctorRule } from '../rule';
import { HOST_RULE_SETS } from './index';

const obj = (properties: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => ({ type: 'object', properties, ...extra });
const strictObj = (properties: Record<string, unknown>) => ({ type: 'object', properties, required: Object.keys(properties), additionalProperties: false });

function tool(partial: Partial<ToolInfo> & { name?: string } = {}): ToolInfo {
  const name = partial.name ?? 'get_thing';
  return { server: 'srv', fullName: `mcp__srv__${name}`, name, description: 'Gets a thing.', inputSchema: strictObj({ id: { type: 'string' } }), ...partial };
}

interface Case {
  bad: ToolInfo | ToolInfo[];
  good: ToolInfo | ToolInfo[];
  pointer: string;
  server?: string;
}

const many = (n: number) => Array.from({ length: n }, (_, i) => tool({ name: `t${i}` }));

const CASES: Record<string, Case> = {
  'claude-code-name-length': { bad: tool({ name: 'x'.repeat(55) }), good: tool({ name: 'x'.repeat(54) }), pointer: '/name', server: 'srv' },
  'claude-code-name-characters': { bad: tool({ name: 'files.read' }), good: tool({ name: 'files_read' }), pointer: '/name' },
  'claude-code-description-cut': { bad: tool({ description: 'a'.repeat(2049) }), good: tool({ description: 'a'.repeat(2048) }), pointer: '/description' },
  'claude-code-top-level-union': { bad: tool({ inputSchema: { type: 'object', anyOf: [{ required: ['a'] }, { required: ['b'] }] } }), good: tool(), pointer: '/inputSchema/anyOf' },
  'claude-code-root-object': { bad: tool({ inputSchema: { type: 'string' } }), good: tool(), pointer: '/inputSchema/type' },
  'claude-desktop-name': { bad: tool({ name: 'read/file' }), good: tool({ name: 'read_file' }), pointer: '/name' },
  'claude-desktop-top-level-union': { bad: tool({ inputSchema: { oneOf: [obj(), obj()] } }), good: tool(), pointer: '/inputSchema/oneOf' },
  'claude-desktop-root-object': { bad: tool({ inputSchema: { type: ['object', 'null'] } }), good: tool(), pointer: '/inputSchema/type' },
  'cursor-tool-count': { bad: many(41), good: many(40), pointer: '' },
  'cursor-name-length': { bad: tool({ name: 'n'.repeat(57) }), good: tool({ name: 'n'.repeat(56) }), pointer: '/name', server: 'srv' },
  'vscode-tool-count': { bad: many(129), good: many(128), pointer: '' },
  'vscode-name-characters': { bad: tool({ name: 'admin.tools.list' }), good: tool({ name: 'admin_tools_list' }), pointer: '/name' },
  'vscode-array-items': { bad: tool({ inputSchema: obj({ tags: { type: 'array' } }) }), good: tool({ inputSchema: obj({ tags: { type: 'array', items: { type: 'string' } } }) }), pointer: '/inputSchema/properties/tags' },
  'vscode-object-properties': { bad: tool({ inputSchema: { type: 'object' } }), good: tool({ inputSchema: { type: 'object', properties: {} } }), pointer: '/inputSchema' },
  'openai-name': { bad: tool({ name: 'x'.repeat(65) }), good: tool({ name: 'x'.repeat(64) }), pointer: '/name' },
  'openai-top-level-union': { bad: tool({ inputSchema: { allOf: [obj()] } }), good: tool(), pointer: '/inputSchema/allOf' },
  'openai-strict-additional-properties': {
    bad: tool({ inputSchema: strictObj({ where: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'], additionalProperties: { type: 'string' } } }) }),
    good: tool({ inputSchema: strictObj({ where: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } }) }),
    pointer: '/inputSchema/properties/where',
  },
  'openai-strict-required': { bad: tool({ inputSchema: { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } }, required: ['a'], additionalProperties: false } }), good: tool(), pointer: '/inputSchema' },
  'openai-strict-unsupported': { bad: tool({ inputSchema: strictObj({ a: { type: 'string', not: { const: 'x' } } }) }), good: tool(), pointer: '/inputSchema/properties/a' },
  'gemini-name': { bad: tool({ name: '1st_tool' }), good: tool({ name: '_first.tool-2' }), pointer: '/name' },
  'gemini-no-ref': {
    bad: tool({ inputSchema: obj({ at: { $ref: '#/$defs/place' } }, { $defs: { place: { type: 'string' } } }) }),
    good: tool({ inputSchema: obj({ at: { type: 'string' } }) }),
    pointer: '/inputSchema',
  },
  'gemini-no-union-in-items': {
    bad: tool({ inputSchema: obj({ ids: { type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'integer' }] } } }) }),
    good: tool({ inputSchema: obj({ ids: { type: 'array', items: { type: 'string' } } }) }),
    pointer: '/inputSchema/properties/ids/items',
  },
  'gemini-no-type-array': { bad: tool({ inputSchema: obj({ note: { type: ['string', 'null'] } }) }), good: tool({ inputSchema: obj({ note: { type: 'string' } }) }), pointer: '/inputSchema/properties/note' },
  'gemini-no-additional-properties-false': { bad: tool({ inputSchema: obj({}, { additionalProperties: false }) }), good: tool({ inputSchema: obj({ a: { type: 'string' } }) }), pointer: '/inputSchema' },
  'gemini-no-schema-keyword': { bad: tool({ inputSchema: obj({}, { $schema: 'https://json-schema.org/draft/2020-12/schema' }) }), good: tool({ inputSchema: obj() }), pointer: '/inputSchema' },
  'gemini-properties-on-non-object': { bad: tool({ inputSchema: obj({ s: { type: 'string', properties: { x: { type: 'string' } } } }) }), good: tool({ inputSchema: obj({ s: { type: 'string' } }) }), pointer: '/inputSchema/properties/s' },
  'spec-tool-name': { bad: tool({ name: 'get thing' }), good: tool({ name: 'user-profile/update' }), pointer: '/name' },
  'spec-unique-names': { bad: [tool({ name: 'a' }), tool({ name: 'a' })], good: [tool({ name: 'a' }), tool({ name: 'b' })], pointer: '/name' },
  'spec-valid-schema': { bad: tool({ inputSchema: obj({ when: { type: 'date' } }) }), good: tool({ inputSchema: obj({ when: { type: 'string', format: 'date' } }) }), pointer: '/inputSchema/properties/when/type' },
  'spec-input-schema-object': { bad: tool({ inputSchema: { type: 'array', items: {} } }), good: tool(), pointer: '/inputSchema/type' },
  'spec-output-schema-object': { bad: tool({ outputSchema: { type: 'array', items: { type: 'string' } } }), good: tool({ outputSchema: obj({ items: { type: 'array', items: { type: 'string' } } }) }), pointer: '/outputSchema/type' },
  'spec-resolvable-refs': { bad: tool({ inputSchema: obj({ a: { $ref: '#/$defs/missing' } }) }), good: tool({ inputSchema: obj({ a: { $ref: '#/$defs/x' } }, { $defs: { x: { type: 'string' } } }) }), pointer: '/inputSchema/properties/a/$ref' },
  'spec-icons': { bad: tool({ icons: [{ src: 'http://example.com/i.png', sizes: ['big'] }] }), good: tool({ icons: [{ src: 'https://example.com/i.png', mimeType: 'image/png', sizes: ['48x48'] }] }), pointer: '/icons/0/src' },
  'spec-annotations': { bad: tool({ annotations: { readOnlyHint: true, destructiveHint: true } }), good: tool({ annotations: { readOnlyHint: true } }), pointer: '/annotations/destructiveHint' },
};

const ALL_RULES: DoctorRule[] = Object.values(HOST_RULE_SETS).flatMap((set) => set.rules);

function hitsOf(rule: DoctorRule, subject: ToolInfo | ToolInfo[], server: string) {
  const tools = Array.isArray(subject) ? subject : [subject];
  return rule.kind === 'list' ? rule.check(tools, { server }) : tools.flatMap((t) => rule.check(t, { server }));
}

describe('doctor rules', () => {
  for (const rule of ALL_RULES) {
    const c = CASES[rule.id];
    if (!c) continue;
    it(`${rule.id}: trips on a definition that breaks it, at ${c.pointer || 'the whole list'}`, () => {
      const hits = hitsOf(rule, c.bad, c.server ?? 'srv');
      expect(hits.map((h) => h.pointer)).toContain(c.pointer);
      for (const hit of hits) expect(hit.message.length).toBeGreaterThan(20);
    });
    it(`${rule.id}: passes a definition that keeps it`, () => {
      expect(hitsOf(rule, c.good, c.server ?? 'srv')).toEqual([]);
    });
  }

  it('every rule has a case here, a source URL, a host and a unique id', () => {
    const ids = ALL_RULES.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => !CASES[id])).toEqual([]);
    for (const rule of ALL_RULES) {
      expect(rule.source).toMatch(/^https:\/\//);
      expect(rule.hosts.length).toBeGreaterThan(0);
    }
  });
});
