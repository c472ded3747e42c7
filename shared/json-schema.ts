/**
 * JSON Schema validation that both sides can run: @cfworker/json-schema interprets the
 * schema instead of compiling it with `new Function` (as ajv does), so it works under
 * the renderer's strict CSP (no 'unsafe-eval') as well as in the main process. The
 * argument form, the JSON editor's summary, elicitation forms and the outputSchema check
 * all use this one function, so they never disagree.
 */
import { Validator, type OutputUnit, type Schema, type SchemaDraft } from '@cfworker/json-schema';

export interface SchemaIssue {
  /** Where, in the user's terms: `name`, `address.city`, `tags[2]`, or empty for the whole value. */
  path: string;
  message: string;
}

export type SchemaValidation = { valid: true; issues: [] } | { valid: false; issues: SchemaIssue[] };

export type JsonSchema = Record<string, unknown>;

/** The draft a schema declares in `$schema`; MCP's default is 2020-12. */
function draftOf(schema: JsonSchema): SchemaDraft {
  const declared = typeof schema.$schema === 'string' ? schema.$schema : '';
  if (declared.includes('draft-04')) return '4';
  if (declared.includes('draft-06') || declared.includes('draft-07')) return '7';
  if (declared.includes('2019-09')) return '2019-09';
  return '2020-12';
}

const cache = new WeakMap<object, Validator>();

function validatorFor(schema: JsonSchema): Validator {
  let validator = cache.get(schema);
  if (!validator) {
    validator = new Validator(schema as Schema, draftOf(schema), false);
    cache.set(schema, validator);
  }
  return validator;
}

/** Validates a value; the issues name each problem once, at the deepest place it applies. */
export function validateAgainstSchema(schema: JsonSchema, value: unknown): SchemaValidation {
  let result;
  try {
    result = validatorFor(schema).validate(value);
  } catch (error) {
    return { valid: false, issues: [{ path: '', message: `The schema itself could not be used: ${(error as Error).message}` }] };
  }
  if (result.valid) return { valid: true, issues: [] };
  const issues = summarize(result.errors, value);
  return { valid: false, issues: issues.length > 0 ? issues : [{ path: '', message: 'The value does not match the schema.' }] };
}

/** Keywords whose error only says "something inside failed": the inner error says what. */
const WRAPPERS = new Set(['properties', 'items', 'prefixItems', 'additionalItems', 'allOf', '$ref', '$recursiveRef', 'patternProperties', 'unevaluatedProperties', 'unevaluatedItems', 'dependentSchemas', 'contains']);

function summarize(units: OutputUnit[], value: unknown): SchemaIssue[] {
  const issues: SchemaIssue[] = [];
  const seen = new Set<string>();
  for (const unit of units) {
    // The branches of oneOf/anyOf each fail on their own; the oneOf/anyOf error says it once.
    if (/\/(oneOf|anyOf)\/\d+\//.test(unit.keywordLocation) || /\/(if|not)\//.test(unit.keywordLocation)) continue;
    let message = unit.error;
    if (unit.keyword === 'additionalProperties') continue;
    if (unit.keyword === 'false') message = 'is not allowed here (the schema allows no other properties).';
    else if (WRAPPERS.has(unit.keyword)) continue;
    else if (unit.keyword === 'oneOf' || unit.keyword === 'anyOf') message = `matches none of the ${unit.keyword === 'oneOf' ? 'options (oneOf)' : 'options (anyOf)'}.`;
    else if (unit.keyword === 'type') message = typeMessage(unit.error, instanceAt(value, unit.instanceLocation));
    const path = readablePath(unit.instanceLocation);
    const key = `${path}\u0000${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    issues.push({ path, message: tidy(message) });
  }
  return issues;
}

/** `must be a number (got "abc")`: the expected type in words and what was there instead. */
function typeMessage(error: string, instance: unknown): string {
  const expected = [...(/Expected (.+)\.?$/.exec(error)?.[1] ?? '').matchAll(/"([^"]+)"/g)].map((match) => match[1]!);
  if (expected.length === 0) return error;
  const words = expected.map((type, index) => (index === 0 ? `${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type}` : type));
  return `must be ${words.join(' or ')} (got ${shortJson(instance)})`;
}

function shortJson(value: unknown): string {
  const json = JSON.stringify(value) ?? String(value);
  return json.length > 60 ? `${json.slice(0, 57)}…` : json;
}

function instanceAt(value: unknown, pointer: string): unknown {
  let node = value;
  for (const part of pointer.replace(/^#\/?/, '').split('/').filter((p) => p !== '')) {
    const key = decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~');
    node = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
  }
  return node;
}

function tidy(message: string): string {
  return message.replace(/^Instance does not have required property "([^"]+)"\./, 'required property "$1" is missing.').replace(/^Instance type/, 'type');
}

/** `#/a/0/b` → `a[0].b`. */
function readablePath(pointer: string): string {
  const parts = pointer
    .replace(/^#\/?/, '')
    .split('/')
    .filter((part) => part !== '')
    .map((part) => decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~'));
  let out = '';
  for (const part of parts) out += /^\d+$/.test(part) ? `[${part}]` : out ? `.${part}` : part;
  return out;
}

/** One line per issue, e.g. `name: string is too short (1 < 2).` */
export function formatIssues(issues: readonly SchemaIssue[]): string[] {
  return issues.map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message.charAt(0).toUpperCase() + issue.message.slice(1)));
}
