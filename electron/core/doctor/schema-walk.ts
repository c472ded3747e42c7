/**
 * Visits every subschema of a JSON Schema with its JSON pointer, so a rule such as
 * "Gemini has no $ref" can say exactly where the $ref is.
 */
import { pointer } from './json-pointer';

export type SchemaNode = Record<string, unknown>;

export interface Visit {
  node: SchemaNode;
  pointer: string;
  /** The keyword this node sits under (`items`, `anyOf`, `properties`, …), or undefined for the root. */
  via?: string;
}

const SINGLE = ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'unevaluatedProperties', 'unevaluatedItems', 'additionalItems'];
const LISTS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'];
const MAPS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];

export function isSchemaNode(value: unknown): value is SchemaNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Every object subschema, the root first; `base` is the pointer of the root (`/inputSchema`). */
export function walkSchema(root: unknown, base: string): Visit[] {
  const visits: Visit[] = [];
  const seen = new Set<unknown>();
  const visit = (node: unknown, at: string, via?: string) => {
    if (!isSchemaNode(node) || seen.has(node)) return;
    seen.add(node);
    visits.push({ node, pointer: at, ...(via ? { via } : {}) });
    for (const key of SINGLE) {
      const child = node[key];
      // Draft-07 tuples: items as a list of schemas.
      if (Array.isArray(child)) child.forEach((item, i) => visit(item, at + pointer(key, i), key));
      else visit(child, at + pointer(key), key);
    }
    for (const key of LISTS) {
      const list = node[key];
      if (Array.isArray(list)) list.forEach((item, i) => visit(item, at + pointer(key, i), key));
    }
    for (const key of MAPS) {
      const map = node[key];
      if (isSchemaNode(map)) for (const [name, child] of Object.entries(map)) visit(child, at + pointer(key, name), key);
    }
  };
  visit(root, base);
  return visits;
}

/** The schema's `type` as a list (absent: empty). */
export function typesOf(node: SchemaNode): string[] {
  if (typeof node.type === 'string') return [node.type];
  if (Array.isArray(node.type)) return node.type.filter((t): t is string => typeof t === 'string');
  return [];
}

/** The input and output schemas of a tool, each with its pointer base. */
export function toolSchemas(tool: { inputSchema: unknown; outputSchema?: unknown }): Array<{ schema: unknown; base: string }> {
  return [{ schema: tool.inputSchema, base: '/inputSchema' }, ...(tool.outputSchema !== undefined ? [{ schema: tool.outputSchema, base: '/outputSchema' }] : [])];
}

/** Hits for every subschema of the input (and output) schema that `test` flags. */
export function schemaHits(tool: { inputSchema: unknown; outputSchema?: unknown }, test: (visit: Visit) => string | undefined, options: { output?: boolean } = {}) {
  const hits: Array<{ pointer: string; message: string }> = [];
  for (const { schema, base } of toolSchemas(tool)) {
    if (base === '/outputSchema' && !options.output) continue;
    for (const v of walkSchema(schema, base)) {
      const message = test(v);
      if (message) hits.push({ pointer: v.pointer, message });
    }
  }
  return hits;
}
