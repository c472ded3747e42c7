/**
 * Whether a tool's schema is itself valid JSON Schema 2020-12 (checked against the
 * meta-schema with @cfworker/json-schema, the validator the rest of the product uses), and
 * whether each of its $refs resolves inside it.
 */
import { Validator, type Schema } from '@cfworker/json-schema';
import { METASCHEMA_2020_12, METASCHEMA_2020_12_VOCABULARIES } from './metaschema-2020-12';
import { walkSchema } from './schema-walk';

let metaValidator: Validator | undefined;

function meta(): Validator {
  if (!metaValidator) {
    metaValidator = new Validator(METASCHEMA_2020_12 as Schema, '2020-12', false);
    for (const vocabulary of METASCHEMA_2020_12_VOCABULARIES) metaValidator.addSchema(vocabulary as Schema);
  }
  return metaValidator;
}

/** The deepest meta-schema error, as a pointer under `base` and a message; undefined when valid. */
export function metaSchemaProblem(schema: unknown, base: string): { pointer: string; message: string } | undefined {
  const result = meta().validate(schema);
  if (result.valid) return undefined;
  // The deepest error names the keyword at fault; the outer ones only say "a subschema failed".
  const deepest = [...result.errors].sort((a, b) => b.instanceLocation.length - a.instanceLocation.length)[0]!;
  const at = deepest.instanceLocation.replace(/^#/, '');
  return { pointer: base + at, message: deepest.error };
}

/** Each $ref that does not point inside the schema (local `#…` refs only: a tool schema travels alone). */
export function unresolvedRefs(schema: unknown, base: string): Array<{ pointer: string; ref: string }> {
  const problems: Array<{ pointer: string; ref: string }> = [];
  for (const { node, pointer } of walkSchema(schema, base)) {
    const ref = node.$ref;
    if (typeof ref !== 'string') continue;
    if (!ref.startsWith('#') || resolvePointer(schema, ref.slice(1)) === undefined) problems.push({ pointer: `${pointer}/$ref`, ref });
  }
  return problems;
}

function resolvePointer(root: unknown, fragment: string): unknown {
  if (fragment === '') return root;
  if (!fragment.startsWith('/')) return undefined;
  let node: unknown = root;
  for (const raw of fragment.slice(1).split('/')) {
    const key = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}
