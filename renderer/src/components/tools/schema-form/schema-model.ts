/**
 * What the argument form needs to know about a JSON Schema, as plain functions: which
 * kind of field a schema is, whether it may be null, its oneOf/anyOf options and which
 * one a value matches, defaults, and immutable updates of a value at a path. Local
 * `$ref`s (`#/$defs/…`, `#/definitions/…`) are followed and `allOf` is merged.
 */
import { validateAgainstSchema } from '../../../../../shared/json-schema';

export type Schema = Record<string, unknown>;
export type Path = ReadonlyArray<string | number>;

export type FieldKind = 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean' | 'enum' | 'const' | 'null' | 'any';

const MAX_REF_DEPTH = 20;

export function isSchema(value: unknown): value is Schema {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Follows a local $ref and merges allOf into one schema (the keys a form needs). */
export function resolve(schema: unknown, root: Schema, depth = 0): Schema {
  if (!isSchema(schema)) return schema === false ? { not: {} } : {};
  let current: Schema = schema;
  if (typeof current.$ref === 'string' && depth < MAX_REF_DEPTH) {
    const { $ref, ...rest } = current;
    const target = pointer(root, $ref as string);
    current = { ...resolve(target, root, depth + 1), ...rest };
  }
  if (Array.isArray(current.allOf) && depth < MAX_REF_DEPTH) {
    const { allOf, ...rest } = current;
    let merged: Schema = {};
    for (const part of allOf as unknown[]) merged = mergeSchemas(merged, resolve(part, root, depth + 1));
    current = mergeSchemas(merged, rest);
  }
  return current;
}

function mergeSchemas(a: Schema, b: Schema): Schema {
  const merged: Schema = { ...a, ...b };
  if (isSchema(a.properties) || isSchema(b.properties)) merged.properties = { ...(a.properties as Schema), ...(b.properties as Schema) };
  if (Array.isArray(a.required) || Array.isArray(b.required)) merged.required = [...new Set([...((a.required as string[]) ?? []), ...((b.required as string[]) ?? [])])];
  return merged;
}

function pointer(root: Schema, ref: string): unknown {
  if (!ref.startsWith('#')) return {};
  const parts = ref
    .slice(1)
    .split('/')
    .filter(Boolean)
    .map((part) => decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~'));
  let node: unknown = root;
  for (const part of parts) node = isSchema(node) ? node[part] : undefined;
  return node ?? {};
}

function typeList(schema: Schema): string[] {
  if (typeof schema.type === 'string') return [schema.type];
  if (Array.isArray(schema.type)) return schema.type.filter((t): t is string => typeof t === 'string');
  return [];
}

function variantKey(schema: Schema): 'oneOf' | 'anyOf' | undefined {
  if (Array.isArray(schema.oneOf)) return 'oneOf';
  if (Array.isArray(schema.anyOf)) return 'anyOf';
  return undefined;
}

const isNullSchema = (option: unknown, root: Schema) => {
  const resolved = resolve(option, root);
  const types = typeList(resolved);
  return (types.length === 1 && types[0] === 'null') || resolved.const === null;
};

/** The schema may be null: `type: [..., "null"]`, or a null branch of oneOf/anyOf, or `nullable: true`. */
export function isNullable(schema: Schema, root: Schema): boolean {
  if (schema.nullable === true) return true;
  const types = typeList(schema);
  if (types.includes('null') && types.length > 1) return true;
  const key = variantKey(schema);
  return key !== undefined && (schema[key] as unknown[]).some((option) => isNullSchema(option, root)) && (schema[key] as unknown[]).length > 1;
}

/** The same schema without its null option, for the field shown when the value is not null. */
export function withoutNull(schema: Schema, root: Schema): Schema {
  const { nullable: _nullable, ...rest } = schema;
  const types = typeList(rest);
  if (types.includes('null')) {
    const others = types.filter((t) => t !== 'null');
    return { ...rest, type: others.length === 1 ? others[0] : others };
  }
  const key = variantKey(rest);
  if (key) {
    const options = (rest[key] as unknown[]).filter((option) => !isNullSchema(option, root));
    if (options.length === 1) {
      const { [key]: _variants, ...base } = rest;
      return { ...base, ...resolve(options[0], root) };
    }
    return { ...rest, [key]: options };
  }
  return rest;
}

export interface Choice {
  value: unknown;
  label: string;
}

/**
 * The fixed values a schema allows, with their labels, when it is a pick-one list: `enum`
 * (labelled by the legacy `enumNames` when given), or oneOf/anyOf whose every option is a
 * `const` (labelled by its `title`), as MCP elicitation's titled enums are written.
 */
export function choicesOf(schema: Schema, root: Schema): Choice[] | undefined {
  if (Array.isArray(schema.enum)) {
    const names = Array.isArray(schema.enumNames) && schema.enumNames.length === schema.enum.length ? schema.enumNames : undefined;
    return schema.enum.map((value, i) => ({ value, label: typeof names?.[i] === 'string' ? names[i] : typeof value === 'string' ? value : JSON.stringify(value) }));
  }
  const key = variantKey(schema);
  if (!key) return undefined;
  const options = (schema[key] as unknown[]).map((option) => resolve(option, root));
  if (options.length === 0 || !options.every((option) => option.const !== undefined)) return undefined;
  return options.map((option) => ({
    value: option.const,
    label: typeof option.title === 'string' && option.title ? option.title : typeof option.const === 'string' ? option.const : JSON.stringify(option.const),
  }));
}

/** oneOf/anyOf options (without a null option), or undefined. */
export function variantsOf(schema: Schema, root: Schema): { key: 'oneOf' | 'anyOf'; options: Schema[] } | undefined {
  const key = variantKey(schema);
  if (!key) return undefined;
  const options = (schema[key] as unknown[]).filter((option) => !isNullSchema(option, root)).map((option) => resolve(option, root));
  return options.length > 0 ? { key, options } : undefined;
}

/** The option's schema with the parent's own keys (title, description) it lacks. */
export function optionSchema(parent: Schema, option: Schema): Schema {
  const { oneOf: _o, anyOf: _a, ...base } = parent;
  return { ...base, ...option, title: option.title ?? base.title, description: option.description ?? base.description };
}

export function variantLabel(option: Schema, index: number): string {
  if (typeof option.title === 'string' && option.title) return option.title;
  const props = isSchema(option.properties) ? (option.properties as Record<string, unknown>) : undefined;
  // A discriminator: a property with a const ("kind": {"const": "circle"}).
  for (const value of Object.values(props ?? {})) if (isSchema(value) && typeof value.const === 'string') return value.const;
  if (option.const !== undefined) return JSON.stringify(option.const);
  const types = typeList(option);
  if (types.length > 0) return types.join(' or ');
  if (props) return `object (${Object.keys(props).slice(0, 3).join(', ')})`;
  return `Option ${index + 1}`;
}

/** The option the value matches (first valid one), else one of its type, else the first. */
export function pickVariant(options: readonly Schema[], value: unknown, root: Schema): number {
  if (value === undefined) return 0;
  for (const [index, option] of options.entries()) if (validateAgainstSchema({ ...withDefs(root), ...option }, value).valid) return index;
  const type = jsonType(value);
  const byType = options.findIndex((option) => kindOf(option, root) === type || (type === 'number' && kindOf(option, root) === 'integer'));
  return byType === -1 ? 0 : byType;
}

/** $defs/definitions of the root, so an option's $refs still resolve when validated alone. */
function withDefs(root: Schema): Schema {
  return { ...(root.$defs ? { $defs: root.$defs } : {}), ...(root.definitions ? { definitions: root.definitions } : {}) };
}

export function jsonType(value: unknown): FieldKind {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  if (typeof value === 'string' || typeof value === 'boolean' || typeof value === 'object') return typeof value as FieldKind;
  return 'any';
}

/** Which kind of field a (resolved, non-null, non-variant) schema is. */
export function kindOf(schema: Schema, _root: Schema): FieldKind {
  if (schema.const !== undefined) return 'const';
  if (Array.isArray(schema.enum)) return 'enum';
  const all = typeList(schema);
  if (all.length === 1 && all[0] === 'null') return 'null';
  const types = all.filter((t) => t !== 'null');
  if (types.length === 1) {
    const type = types[0]!;
    if (['object', 'array', 'string', 'number', 'integer', 'boolean'].includes(type)) return type as FieldKind;
  }
  if (types.length === 0) {
    if (isSchema(schema.properties)) return 'object';
    if (schema.items !== undefined) return 'array';
  }
  return 'any';
}

export function requiredOf(schema: Schema): string[] {
  return Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : [];
}

export function propertiesOf(schema: Schema): Array<[string, Schema]> {
  return isSchema(schema.properties) ? Object.entries(schema.properties as Record<string, unknown>).map(([key, value]) => [key, isSchema(value) ? value : {}]) : [];
}

/**
 * The value a schema starts with: its default or const; an object collects the defaults
 * of its properties (and starts its required object properties); otherwise nothing.
 */
export function defaultValue(schema: unknown, root: Schema, depth = 0): unknown {
  const resolved = resolve(schema, root);
  if (resolved.default !== undefined) return structuredClone(resolved.default);
  if (resolved.const !== undefined) return resolved.const;
  if (depth > 8) return undefined;
  if (kindOf(resolved, root) === 'object') {
    const out: Record<string, unknown> = {};
    const required = requiredOf(resolved);
    for (const [key, prop] of propertiesOf(resolved)) {
      const value = defaultValue(prop, root, depth + 1);
      if (value !== undefined && (required.includes(key) || !isEmptyObject(value))) out[key] = value;
    }
    return out;
  }
  return undefined;
}

function isEmptyObject(value: unknown): boolean {
  return isSchema(value) && Object.keys(value).length === 0;
}

/** The arguments a tool starts with: the defaults of its input schema. */
export function initialArguments(inputSchema: Schema): Record<string, unknown> {
  const value = defaultValue(inputSchema, inputSchema);
  return isSchema(value) ? value : {};
}

/** A new value for a field the user adds (an array item, an optional object, a chosen option). */
export function emptyValue(schema: unknown, root: Schema): unknown {
  const resolved = resolve(schema, root);
  const initial = defaultValue(resolved, root);
  if (initial !== undefined) return initial;
  const variants = variantsOf(resolved, root);
  if (variants) return emptyValue(optionSchema(resolved, variants.options[0]!), root);
  switch (kindOf(resolved, root)) {
    case 'object':
      return {};
    case 'array':
      return [];
    case 'string':
      return '';
    case 'number':
    case 'integer':
      return typeof resolved.minimum === 'number' ? resolved.minimum : 0;
    case 'boolean':
      return false;
    case 'enum':
      return (resolved.enum as unknown[])[0];
    case 'null':
      return null;
    default:
      return undefined;
  }
}

export function getIn(value: unknown, path: Path): unknown {
  let node = value;
  for (const key of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string | number, unknown>)[key];
  }
  return node;
}

/** A copy of `value` with `path` set to `next` (undefined removes an object key). */
export function setIn(value: unknown, path: Path, next: unknown): unknown {
  if (path.length === 0) return next;
  const [key, ...rest] = path;
  if (typeof key === 'number') {
    const array = Array.isArray(value) ? [...value] : [];
    array[key] = setIn(array[key], rest, next);
    return array;
  }
  const object: Record<string, unknown> = isSchema(value) ? { ...value } : {};
  const child = setIn(object[key!], rest, next);
  if (child === undefined) delete object[key!];
  else object[key!] = child;
  return object;
}

/** Path as the validator names it (`address.city`, `tags[2]`), to show its issues beside the field. */
export function pathLabel(path: Path): string {
  let out = '';
  for (const part of path) out += typeof part === 'number' ? `[${part}]` : out ? `.${part}` : part;
  return out;
}
