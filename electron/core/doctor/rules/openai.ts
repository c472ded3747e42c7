/**
 * OpenAI / ChatGPT: function names, what the API refuses at a parameters schema's root, and the
 * strict-mode subset of JSON Schema. Checked against the OpenAI Agents SDK 0.22.0
 * (openai/openai-agents-python@7f7a44f8: src/agents/mcp/util.py, src/agents/strict_schema.py),
 * OpenAI's function-calling guide, and the API errors quoted in the reports linked.
 */
import type { HostRuleSet } from '../rule';
import { isSchemaNode, schemaHits, typesOf, type SchemaNode } from '../schema-walk';
import { pointer } from '../json-pointer';
import { API_TOOL_NAME, nameOutside } from './common';

const FUNCTION_DOCS = 'https://platform.openai.com/docs/guides/function-calling';
const FUNCTION_COUNT_DOCS = 'https://platform.openai.com/docs/guides/function-calling#best-practices-for-defining-functions';
const STRICT_DOCS = 'https://platform.openai.com/docs/guides/structured-outputs#supported-schemas';
const STRICT_CONVERSION = 'https://github.com/openai/openai-agents-python/blob/7f7a44f8dc0650296bd5ab6c745c9bcbaa6ac3b7/src/agents/mcp/util.py';
const ROOT_REPORT = 'https://github.com/langchain-ai/langchainjs/issues/9804';
const PROPERTIES_REPORT = 'https://github.com/github/github-mcp-server/issues/1548';
const AGENTS_SDK = 'OpenAI Agents SDK 0.22.0 (openai/openai-agents-python@7f7a44f8)';

/** OpenAI's guide: "Aim for fewer than 20 functions available at the start of a turn". */
const OPENAI_FUNCTION_ADVICE = 20;

/** Keywords strict mode does not support (its documented subset leaves them out). */
const STRICT_UNSUPPORTED = ['patternProperties', 'unevaluatedProperties', 'unevaluatedItems', 'propertyNames', 'dependentRequired', 'dependentSchemas', 'if', 'then', 'else', 'not', 'contains', 'allOf', 'oneOf'];
/** What the API refuses at the root of a parameters schema (its own error lists them). */
const ROOT_REFUSED = ['oneOf', 'anyOf', 'allOf', 'enum', 'not'];

const isObject = (node: Record<string, unknown>) => typesOf(node).includes('object') || node.properties !== undefined;

/**
 * How to make an optional property strict-ready: the same schema, also allowing null — in its own
 * type ({"type": ["boolean", "null"]}, null added to an "enum" it has), as one more branch of
 * the union it already is, or as a union with null when it has no type of its own. Only the
 * keywords that change are shown; the rest of the property stays as it is.
 */
function nullableForm(property: unknown): string {
  if (!isSchemaNode(property)) return '{"anyOf": [<its schema>, {"type": "null"}]}';
  const types = typesOf(property);
  const union = property.anyOf ?? property.oneOf;
  const nullBranch = { type: 'null' };
  if (Array.isArray(union)) {
    const hasNull = union.some((branch) => isSchemaNode(branch) && typesOf(branch).includes('null'));
    // Strict mode takes anyOf, not oneOf (see STRICT_UNSUPPORTED): the suggestion is written as anyOf.
    return JSON.stringify({ anyOf: hasNull ? union : [...union, nullBranch] });
  }
  const enumWithNull = Array.isArray(property.enum) && !property.enum.includes(null) ? { enum: [...(property.enum as unknown[]), null] } : {};
  if (types.length > 0) return JSON.stringify({ type: types.includes('null') ? types : [...types, 'null'], ...enumWithNull });
  if (Array.isArray(property.enum)) return JSON.stringify(enumWithNull.enum ? enumWithNull : { enum: property.enum });
  const { description: _description, title: _title, ...shape } = property as SchemaNode;
  return JSON.stringify({ anyOf: [shape, nullBranch] });
}

export const openai: HostRuleSet = {
  host: 'openai',
  checked: '2026-12-02',
  rules: [
    {
      kind: 'tool',
      id: 'openai-name',
      severity: 'error',
      hosts: ['openai'],
      summary: 'function names match ^[a-zA-Z0-9_-]{1,64}$',
      source: FUNCTION_DOCS,
      evidence: `The API refuses other names ("string does not match pattern … '^[a-zA-Z0-9_-]+$'", Lucassssss/eechat#52); ${AGENTS_SDK} passes an MCP tool's name on unchanged unless include_server_in_tool_names is set (mcp/util.py to_function_tool)`,
      verified: true,
      check: (tool) => nameOutside(tool.name, API_TOOL_NAME, 'OpenAI', 'function names of 1–64 letters, digits, _ and -'),
    },
    {
      kind: 'tool',
      id: 'openai-top-level-union',
      severity: 'error',
      hosts: ['openai'],
      summary: `the parameters schema's root is {"type": "object"} with none of ${ROOT_REFUSED.join(', ')}`,
      source: ROOT_REPORT,
      evidence: `The API answers "schema must have type 'object' and not have 'oneOf'/'anyOf'/'allOf'/'enum'/'not' at the top level" (langchain-ai/langchainjs#9804; imagekit-developer/imagekit-nodejs#150 with Codex CLI 0.134.0, 2026-06)`,
      verified: true,
      check: (tool) => {
        const schema = tool.inputSchema;
        const hits = ROOT_REFUSED.filter((key) => schema[key] !== undefined).map((key) => ({
          pointer: pointer('inputSchema', key),
          message: `OpenAI refuses every request that carries this tool: the parameters schema has "${key}" at its root. Make the root a plain object schema and move the choice into a property.`,
        }));
        if (typesOf(schema).length !== 1 || schema.type !== 'object') {
          hits.push({ pointer: pointer('inputSchema', 'type'), message: `OpenAI refuses a parameters schema whose root is not {"type": "object"}; it is ${JSON.stringify(schema.type ?? null)}.` });
        }
        return hits;
      },
    },
    {
      kind: 'tool',
      id: 'openai-object-properties',
      severity: 'warning',
      hosts: ['openai'],
      summary: 'the parameters schema has "properties", even when it is empty',
      source: PROPERTIES_REPORT,
      evidence: `The API answers "Invalid schema for function …: In context=(), object schema missing properties" (github/github-mcp-server#1548, 2025-12); ${AGENTS_SDK} adds "properties": {} itself (mcp/util.py), other clients send the schema as it is`,
      verified: true,
      check: (tool) =>
        tool.inputSchema.properties === undefined
          ? [{ pointer: pointer('inputSchema'), message: 'OpenAI refuses an object schema without "properties" ("object schema missing properties") from clients that pass MCP schemas on as they are. Add "properties": {} to a tool with no arguments.' }]
          : [],
    },
    {
      kind: 'list',
      id: 'openai-tool-count',
      severity: 'warning',
      hosts: ['openai'],
      summary: `fewer than ${OPENAI_FUNCTION_ADVICE} functions at the start of a turn (OpenAI's advice for accuracy)`,
      source: FUNCTION_COUNT_DOCS,
      evidence: 'OpenAI function-calling guide, best practices: "Aim for fewer than 20 functions available at the start of a turn" (a soft suggestion: accuracy drops with more)',
      verified: true,
      check: (tools) =>
        tools.length >= OPENAI_FUNCTION_ADVICE
          ? [{ pointer: '', message: `This server alone offers ${tools.length} tools; OpenAI advises fewer than ${OPENAI_FUNCTION_ADVICE} functions at the start of a turn, as models choose worse among more. Offer fewer, or group related actions into one tool.` }]
          : [],
    },
    {
      kind: 'tool',
      id: 'openai-strict-additional-properties',
      severity: 'warning',
      hosts: ['openai'],
      summary: 'strict mode: no object allows additional properties (a missing "additionalProperties" is set to false for you)',
      source: STRICT_CONVERSION,
      evidence: `${AGENTS_SDK}: with convert_schemas_to_strict, ensure_strict_json_schema refuses open objects and the tool falls back to non-strict ("Error converting MCP schema to strict mode", mcp/util.py)`,
      verified: true,
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
      summary: 'strict mode: every property is listed in "required" (optional ones allowing null)',
      source: STRICT_DOCS,
      evidence: `Structured Outputs docs: "all fields must be required", optional ones as a union with null; ${AGENTS_SDK} falls back to non-strict when a schema cannot be made strict (mcp/util.py)`,
      verified: true,
      check: (tool) =>
        schemaHits(tool, ({ node }) => {
          if (!isObject(node) || !isSchemaNode(node.properties)) return undefined;
          const properties = node.properties;
          const required = new Set(Array.isArray(node.required) ? node.required : []);
          const missing = Object.keys(properties).filter((name) => !required.has(name));
          if (missing.length === 0) return undefined;
          const forms = missing.map((name) => `"${name}": ${nullableForm(properties[name])}`).join(', ');
          return `Strict mode needs every property in "required"; missing: ${missing.join(', ')}. List them and let each optional one also take null (its other keywords unchanged): ${forms}.`;
        }),
    },
    {
      kind: 'tool',
      id: 'openai-strict-unsupported',
      severity: 'warning',
      hosts: ['openai'],
      summary: `strict mode: none of ${STRICT_UNSUPPORTED.join(', ')}`,
      source: STRICT_DOCS,
      evidence: `Structured Outputs docs, supported schemas (these keywords are outside the subset); ${AGENTS_SDK} falls back to non-strict when conversion fails (mcp/util.py)`,
      verified: true,
      check: (tool) =>
        schemaHits(tool, ({ node }) => {
          const used = STRICT_UNSUPPORTED.filter((key) => node[key] !== undefined);
          if (used.length === 0) return undefined;
          // The Agents SDK turns oneOf into anyOf for strict mode (strict_schema.py); other clients do not.
          const oneOf = used.includes('oneOf') ? ' Write "oneOf" as "anyOf".' : '';
          return `Strict mode does not support ${used.map((k) => `"${k}"`).join(', ')}; remove them or describe the constraint in words.${oneOf}`;
        }),
    },
  ],
};
