/** Gemini: function names, and its OpenAPI-3.0 subset of JSON Schema for function parameters. */
import type { HostRuleSet } from '../rule';
import { schemaHits, typesOf } from '../schema-walk';
import { nameOutside } from './common';

const SCHEMA_DOCS = 'https://ai.google.dev/api/caching#Schema';
const FUNCTION_DOCS = 'https://ai.google.dev/gemini-api/docs/function-calling';
const DECLARATION_DOCS = 'https://cloud.google.com/vertex-ai/docs/reference/rest/v1beta1/FunctionDeclaration';

export const gemini: HostRuleSet = {
  host: 'gemini',
  checked: '2026-12-01',
  rules: [
    {
      kind: 'tool',
      id: 'gemini-name',
      severity: 'error',
      hosts: ['gemini'],
      summary: 'function names start with a letter or _ and have at most 64 of a-z A-Z 0-9 _ . -',
      source: DECLARATION_DOCS,
      check: (tool) => nameOutside(tool.name, /^[a-zA-Z_][a-zA-Z0-9_.-]{0,63}$/, 'Gemini', 'function names that start with a letter or _ and have at most 64 letters, digits, _ . and -'),
    },
    {
      kind: 'tool',
      id: 'gemini-no-ref',
      severity: 'error',
      hosts: ['gemini'],
      summary: 'no $ref, $defs or definitions',
      source: SCHEMA_DOCS,
      check: (tool) =>
        schemaHits(tool, ({ node }) => {
          const used = ['$ref', '$defs', 'definitions'].filter((key) => node[key] !== undefined);
          return used.length ? `Gemini's schema has no ${used.join(', ')}; write the referenced schema in place.` : undefined;
        }),
    },
    {
      kind: 'tool',
      id: 'gemini-no-union-in-items',
      severity: 'error',
      hosts: ['gemini'],
      summary: 'array items are not unions (anyOf/oneOf)',
      source: SCHEMA_DOCS,
      check: (tool) =>
        schemaHits(tool, ({ node, via }) => (via === 'items' && (node.anyOf !== undefined || node.oneOf !== undefined) ? 'Gemini refuses a union as array items; give the items one type.' : undefined)),
    },
    {
      kind: 'tool',
      id: 'gemini-no-type-array',
      severity: 'error',
      hosts: ['gemini'],
      summary: 'type is one string, never a list such as ["object", "null"]',
      source: SCHEMA_DOCS,
      check: (tool) =>
        schemaHits(tool, ({ node }) =>
          Array.isArray(node.type) ? `Gemini takes one type per schema, not ${JSON.stringify(node.type)}; use the main type and leave the property out of "required" (or "nullable": true).` : undefined,
        ),
    },
    {
      kind: 'tool',
      id: 'gemini-no-additional-properties-false',
      severity: 'error',
      hosts: ['gemini'],
      summary: 'no "additionalProperties": false',
      source: FUNCTION_DOCS,
      check: (tool) =>
        schemaHits(tool, ({ node }) => (node.additionalProperties === false ? 'Gemini refuses "additionalProperties" in function parameters; remove it.' : undefined)),
    },
    {
      kind: 'tool',
      id: 'gemini-no-schema-keyword',
      severity: 'error',
      hosts: ['gemini'],
      summary: 'no $schema',
      source: SCHEMA_DOCS,
      check: (tool) => schemaHits(tool, ({ node }) => (node.$schema !== undefined ? 'Gemini refuses "$schema" in function parameters; remove it.' : undefined)),
    },
    {
      kind: 'tool',
      id: 'gemini-properties-on-non-object',
      severity: 'error',
      hosts: ['gemini'],
      summary: '"properties" only on object schemas',
      source: SCHEMA_DOCS,
      check: (tool) =>
        schemaHits(tool, ({ node }) => {
          const types = typesOf(node);
          return node.properties !== undefined && types.length > 0 && !types.includes('object') ? `Gemini refuses "properties" on a schema of type ${types.join('/')}; remove them or make it an object.` : undefined;
        }),
    },
  ],
};
