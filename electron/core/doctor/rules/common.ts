/** Checks several hosts share: the Anthropic API's tool-name and input-schema rules, name patterns. */
import type { ToolInfo } from '../../../../shared/domain';
import { pointer } from '../json-pointer';
import type { RuleHit } from '../rule';
import { isSchemaNode, typesOf } from '../schema-walk';

/** Claude Code's normalisation of server and tool names: anything but letters, digits, _ and - becomes _. */
export function normalizeForApi(name: string): string {
  return name.replace(/[^a-zA-Z0-9_-]/g, '_');
}

export const API_TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

/** The Messages API refuses the whole request when one tool's input_schema is a union at its root. */
export function topLevelUnion(tool: ToolInfo, host: string): RuleHit[] {
  const schema = tool.inputSchema;
  return ['oneOf', 'anyOf', 'allOf']
    .filter((key) => schema[key] !== undefined)
    .map((key) => ({
      pointer: pointer('inputSchema', key),
      message: `${host} refuses every request that carries this tool: the input schema has "${key}" at its root. Make the root a plain object schema and move the choice into a property (or a "kind" field with optional properties).`,
    }));
}

/** The root of the input schema must be `type: "object"`. */
export function rootNotObject(tool: ToolInfo, host: string): RuleHit[] {
  const schema = tool.inputSchema;
  if (!isSchemaNode(schema) || typesOf(schema).length !== 1 || typesOf(schema)[0] !== 'object') {
    return [{ pointer: pointer('inputSchema', 'type'), message: `${host} needs the input schema's root to be {"type": "object"}; it is ${JSON.stringify(schema.type ?? null)}.` }];
  }
  return [];
}

/** A tool name outside a host's pattern. */
export function nameOutside(name: string, pattern: RegExp, host: string, what: string): RuleHit[] {
  if (pattern.test(name)) return [];
  return [{ pointer: pointer('name'), message: `${host} accepts ${what}; "${name}" (${name.length} characters) is not one. Rename the tool.` }];
}
