/**
 * Each rule with a definition that trips it (at the expected JSON pointer) and one that
 * passes; a rule without a case here fails the last test.
 */
import { describe, expect, it } from 'vitest';
import type { ToolInfo } from '../../../../shared/domain';
import { TOOL_SEARCH_TOKENS } from './claude-code';
import type { DoctorRule, ToolListTokens } from '../rule';
import { HOST_RULE_SETS } from './index';
import { checkTools } from '../check-tools';
import { LIVE_RULES } from '../live/live-rules';
import { geminiCliName } from './gemini';

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
  /** What the tool list costs, for the rules on its size: for the bad definition, then the good one. */
  tokens?: [ToolListTokens, ToolListTokens];
}

const many = (n: number) => Array.from({ length: n }, (_, i) => tool({ name: `t${i}` }));

const CASES: Record<string, Case> = {
  'claude-code-name-length': { bad: tool({ name: 'x'.repeat(55) }), good: tool({ name: 'x'.repeat(54) }), pointer: '/name', server: 'srv' },
  'claude-code-name-characters': { bad: tool({ name: 'files.read' }), good: tool({ name: 'files_read' }), pointer: '/name' },
  'claude-code-tool-search': { bad: many(3), good: many(3), pointer: '', tokens: [{ openai: 19_000, claudeEstimate: TOOL_SEARCH_TOKENS + 1 }, { openai: TOOL_SEARCH_TOKENS + 5, claudeEstimate: TOOL_SEARCH_TOKENS }] },
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
  'openai-name': { bad: tool({ name: 'x'.repeat(65) }), good: tool({ name: 'x'.repeat(64) }), pointer: '/name' },
  'openai-top-level-union': { bad: tool({ inputSchema: { type: 'object', properties: {}, enum: [{}] } }), good: tool(), pointer: '/inputSchema/enum' },
  'openai-object-properties': { bad: tool({ inputSchema: { type: 'object' } }), good: tool({ inputSchema: { type: 'object', properties: {} } }), pointer: '/inputSchema' },
  'openai-tool-count': { bad: many(20), good: many(19), pointer: '' },
  'openai-strict-additional-properties': {
    bad: tool({ inputSchema: strictObj({ where: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'], additionalProperties: { type: 'string' } } }) }),
    good: tool({ inputSchema: strictObj({ where: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } }) }),
    pointer: '/inputSchema/properties/where',
  },
  'openai-strict-required': { bad: tool({ inputSchema: { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } }, required: ['a'], additionalProperties: false } }), good: tool(), pointer: '/inputSchema' },
  'openai-strict-unsupported': { bad: tool({ inputSchema: strictObj({ a: { type: 'string', not: { const: 'x' } } }) }), good: tool(), pointer: '/inputSchema/properties/a' },
  'gemini-cli-name': { bad: tool({ name: 'read file' }), good: tool({ name: 'read.file:v2' }), pointer: '/name' },
  'gemini-cli-ref': {
    bad: tool({ inputSchema: obj({ at: { $ref: '#/$defs/place' } }, { $defs: { place: { type: 'string' } } }) }),
    good: tool({ inputSchema: obj({ at: { type: 'string' } }, { $defs: { unused: { type: 'string' } } }) }),
    pointer: '/inputSchema/properties/at',
  },
  'gemini-cli-cyclic-ref': {
    bad: tool({ inputSchema: obj({ tree: { $ref: '#/$defs/node' } }, { $defs: { node: { type: 'object', properties: { children: { type: 'array', items: { $ref: '#/$defs/node' } } } } } }) }),
    good: tool({ inputSchema: obj({ a: { $ref: '#/$defs/leaf' }, b: { $ref: '#/$defs/leaf' } }, { $defs: { leaf: { type: 'string' } } }) }),
    pointer: '/inputSchema',
  },
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

function hitsOf(rule: DoctorRule, subject: ToolInfo | ToolInfo[], server: string, tokens?: ToolListTokens) {
  const tools = Array.isArray(subject) ? subject : [subject];
  const ctx = { server, ...(tokens ? { tokens } : {}) };
  return rule.kind === 'list' ? rule.check(tools, ctx) : tools.flatMap((t) => rule.check(t, ctx));
}

describe('doctor rules', () => {
  for (const rule of ALL_RULES) {
    const c = CASES[rule.id];
    if (!c) continue;
    it(`${rule.id}: trips on a definition that breaks it, at ${c.pointer || 'the whole list'}`, () => {
      const hits = hitsOf(rule, c.bad, c.server ?? 'srv', c.tokens?.[0]);
      expect(hits.map((h) => h.pointer)).toContain(c.pointer);
      for (const hit of hits) expect(hit.message.length).toBeGreaterThan(20);
    });
    it(`${rule.id}: passes a definition that keeps it`, () => {
      expect(hitsOf(rule, c.good, c.server ?? 'srv', c.tokens?.[1])).toEqual([]);
    });
  }

  it('every rule has a case here, a source URL, evidence, a host and a unique id', () => {
    const ids = ALL_RULES.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => !CASES[id])).toEqual([]);
    expect(Object.keys(CASES).filter((id) => !ids.includes(id))).toEqual([]);
    for (const rule of ALL_RULES) {
      expect(rule.source).toMatch(/^https:\/\//);
      expect(rule.hosts.length).toBeGreaterThan(0);
      expect(rule.evidence.length, rule.id).toBeGreaterThan(30);
    }
  });

  it('a rule whose behaviour in the host could not be confirmed is never an error', () => {
    const unverifiedErrors = [...ALL_RULES, ...LIVE_RULES].filter((rule) => !rule.verified && rule.severity === 'error').map((rule) => rule.id);
    expect(unverifiedErrors).toEqual([]);
  });

  it("an unverified rule's finding says so, in its message and as a flag", () => {
    const rule = ALL_RULES.find((r) => r.id === 'gemini-cli-ref')!;
    expect(rule.verified).toBe(false);
    const [finding] = checkTools('srv', [CASES['gemini-cli-ref']!.bad as ToolInfo], ['gemini']).filter((f) => f.rule === 'gemini-cli-ref');
    expect(finding!.message).toMatch(/^Unverified: /);
    expect(finding!.unverified).toBe(true);
  });
});

describe('the Gemini CLI rules follow Gemini CLI', () => {
  it('builds the names Gemini CLI builds: mcp_<server>_<tool>, other characters as _, long ones cut in the middle', () => {
    expect(geminiCliName('files', 'read.file:v2')).toBe('mcp_files_read.file:v2');
    expect(geminiCliName('my server', 'get/thing')).toBe('mcp_my_server_get_thing');
    const long = geminiCliName('server', 'x'.repeat(70));
    expect(long).toHaveLength(63);
    expect(long).toMatch(/^mcp_server_x{19}\.\.\.x{30}$/);
  });

  it('takes $schema, additionalProperties: false and type lists as they are (Gemini CLI sends parametersJsonSchema)', () => {
    const schema = { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', properties: { note: { type: ['string', 'null'] }, ids: { type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'integer' }] } } }, additionalProperties: false };
    expect(checkTools('filesystem', [tool({ name: 'read_text_file', inputSchema: schema })], ['gemini']).filter((f) => f.hosts.includes('gemini'))).toEqual([]);
  });
});

describe('strict-mode fix text', () => {
  it("suggests each optional property's own type with null, not a string", () => {
    const schema = {
      type: 'object',
      properties: { path: { type: 'string' }, recursive: { type: 'boolean' }, depth: { type: 'integer', minimum: 0 }, tags: { type: 'array', items: { type: 'string' } }, mode: { anyOf: [{ type: 'string' }, { type: 'number' }] }, note: { type: ['string', 'null'] }, sortBy: { type: 'string', enum: ['name', 'size'] }, unit: { enum: ['cm', 'in'] } },
      required: ['path'],
    };
    const [finding] = checkTools('srv', [tool({ inputSchema: schema })], ['openai']).filter((f) => f.rule === 'openai-strict-required');
    expect(finding!.message).toContain('"recursive": {"type":["boolean","null"]}');
    expect(finding!.message).toContain('"depth": {"type":["integer","null"]}');
    expect(finding!.message).toContain('"tags": {"type":["array","null"]}');
    expect(finding!.message).toContain('"mode": {"anyOf":[{"type":"string"},{"type":"number"},{"type":"null"}]}');
    // An enum must list null too, or null is still refused.
    expect(finding!.message).toContain('"sortBy": {"type":["string","null"],"enum":["name","size",null]}');
    expect(finding!.message).toContain('"unit": {"enum":["cm","in",null]}');
    expect(finding!.message).toContain('"note": {"type":["string","null"]}');
    expect(finding!.message).not.toMatch(/"recursive": \{"type": \["string"/);
  });
});
