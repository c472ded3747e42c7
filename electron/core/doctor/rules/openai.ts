/** OpenAI / ChatGPT: function names, and the strict-mode subset of JSON Schema. */
import type { HostRuleSet } from '../rule';
import { schemaHits, typesOf } from '../schema-walk';
import { API_TOOL_NAME, nameOutside, topLevelUnion } from './common';

const FUNCTION_DOCS = 'https://platform.openai.com/docs/guides/function-calling';
const STRICT_DOCS = 'https://platform.openai.com/docs/guides/structured-outputs#supported-schemas';
const STRICT_CONVERSION = 'https://github.com/openai/openai-agents-python/blob/main/src/agents/strict_schema.py';

/** Keywords strict mode does not support (its documented subset leaves them out). */
const STRICT_UNSUPPORTED = ['patternProperties', 'unevaluatedProperties', 'unevaluatedItems', 'propertyNames', 'dependentRequired', 'dependentSchemas', 'if', 'then', 'else', 'not', 'contains', 'allOf'];

const isObject = (node: Record<string, unknown>) => typesOf(node).includes('object') || node.properties !== undefined;

export const openai: HostRuleSet = {
  host: 'openai',
  checked: '2026-12-01',
  rules: [
    {
      kind: 'tool',
      id: 'openai-name',
      severity: 'error',
      hosts: ['openai'],
      summary: 'function names match ^[a-zA-Z0-9_-]{1,64}$',
      source: FUNCTION_DOCS,
      check: (tool) => nameOutside(tool.name, API_TOOL_NAME, 'OpenAI', 'function names of 1–64 letters, digits, _ and -'),
    },
    {
      kind: 'tool',
      id: 'openai-top-level-union',
      severity: 'error',
      hosts: ['openai'],
      summary: 'the root of the parameters schema is an object, not anyOf/oneOf/allOf',
      source: STRICT_DOCS,
      check: (tool) => topLevelUnion(tool, 'OpenAI'),
    },
    {
      kind: 'tool',
      id: 'openai-strict-additional-properties',
      severity: 'warning',
      hosts: ['openai'],
      summary: 'strict mode: no object allows additional properties (a missing "additionalProperties" is set to false for you)',
      source: STRICT_CONVERSION,
      check: (tool) =>
        // Hosts make an MCP schema strict by adding "additionalProperties": false; one that allows extra keys cannot be made strict.
        schemaHits(tool, ({ node }) =>
          isObject(node) && node.additionalProperties !== undefined && node.additionalProperties !== false
            ? 'Strict mode (the only mode where arguments are guaranteed to match) cannot take an object that allows extra properties; remove "additionalProperties" or set it to false.'
            : undefined,
        ),
    },
    {
      kind: 'tool',
      id: 'openai-strict-required',
      severity: 'warning',
      hosts: ['openai'],
      summary: 'strict mode: every property is listed in "required" (optional ones as a union with null)',
      source: STRICT_DOCS,
      check: (tool) =>
        schemaHits(tool, ({ node }) => {
          if (!isObject(node) || typeof node.properties !== 'object' || node.properties === null) return undefined;
          const required = new Set(Array.isArray(node.required) ? node.required : []);
          const missing = Object.keys(node.properties).filter((name) => !required.has(name));
          return missing.length ? `Strict mode needs every property in "required"; missing: ${missing.join(', ')}. Make optional ones {"type": ["string", "null"]} and list them.` : undefined;
        }),
    },
    {
      kind: 'tool',
      id: 'openai-strict-unsupported',
      severity: 'warning',
      hosts: ['openai'],
      summary: `strict mode: none of ${STRICT_UNSUPPORTED.join(', ')}`,
      source: STRICT_DOCS,
      check: (tool) =>
        schemaHits(tool, ({ node }) => {
          const used = STRICT_UNSUPPORTED.filter((key) => node[key] !== undefined);
          return used.length ? `Strict mode does not support ${used.map((k) => `"${k}"`).join(', ')}; remove them or describe the constraint in words.` : undefined;
        }),
    },
  ],
};
