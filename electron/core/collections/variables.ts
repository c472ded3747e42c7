/**
 * `${env.NAME}`, `${steps.<id>.<path>}` and, in a load test, `${data.<column>}` in a step's arguments, URI and scripted
 * answers, and in an eval's prompt, turns and system prompt, filled in just before the step runs. A string that is one variable and nothing
 * else takes the value as it is (a number stays a number, an object stays an object);
 * inside a longer string the value is written as text (JSON for objects and arrays).
 * `$${` writes a literal `${`. A variable that names nothing is an error, and the step is
 * not sent.
 */
import { lookupPath } from './json-path';
import { VariableError } from './collection-errors';

export interface VariableScope {
  env: Readonly<Record<string, string | undefined>>;
  /**
   * The environment variables a collection may read (all of them when absent): the user or
   * CI names them, a collection file cannot widen it. `how` says how to allow one more.
   */
  allowedEnv?: { names: ReadonlySet<string>; how: string };
  /** Sees each value read from the environment, so it is masked wherever the run is kept or shown. */
  onEnvValue?: (value: string) => void;
  /** The result documents of the steps that ran so far, by id. */
  steps: ReadonlyMap<string, unknown>;
  /** Steps that exist but have no result (skipped, or ended without an answer), for a clearer message. */
  withoutResult?: ReadonlySet<string>;
  /** A load test's data row (`${data.<column>}`), from its --data file. */
  data?: Readonly<Record<string, unknown>>;
}


const VARIABLE = /\$\$\{|\$\{([^}]*)\}/g;
const WHOLE = /^\$\{([^}]*)\}$/;

function resolveVariable(expression: string, scope: VariableScope): unknown {
  const text = expression.trim();
  if (text.startsWith('env.')) {
    const name = text.slice(4);
    if (scope.allowedEnv && !scope.allowedEnv.names.has(name)) {
      throw new VariableError(`\${${text}}: collections read only the environment variables you allow, and ${name} is not one of them (${scope.allowedEnv.how.replaceAll('<NAME>', name)})`);
    }
    const value = scope.env[name];
    if (value === undefined) throw new VariableError(`\${${text}}: the environment variable ${name} is not set`);
    scope.onEnvValue?.(value);
    return value;
  }
  if (text.startsWith('steps.')) {
    const rest = text.slice(6);
    const match = /^([A-Za-z_][A-Za-z0-9_-]*)(?:\.(.+)|(\[.+))?$/.exec(rest);
    if (!match) throw new VariableError(`\${${text}}: write \${steps.<id>.<path>}, e.g. \${steps.login.structuredContent.token}`);
    const [, id, dotted, bracketed] = match;
    if (!scope.steps.has(id!)) {
      if (scope.withoutResult?.has(id!)) throw new VariableError(`\${${text}}: the step "${id}" has no result to read (it was skipped, or not sent)`);
      throw new VariableError(`\${${text}}: no earlier step has the id "${id}"`);
    }
    const path = dotted ?? bracketed;
    if (path === undefined) return scope.steps.get(id!);
    const found = lookupPath(scope.steps.get(id!), path);
    if (!found.found) throw new VariableError(`\${${text}}: ${found.error ?? `${path} finds nothing in the result of "${id}"`}`);
    return found.value;
  }
  if (text.startsWith('data.')) {
    if (!scope.data) throw new VariableError(`\${${text}}: data rows exist only in a load test with a data file (mcp-workbench load --data <file>)`);
    const column = text.slice(5);
    if (!(column in scope.data)) throw new VariableError(`\${${text}}: the data file has no column "${column}" (it has ${Object.keys(scope.data).join(', ') || 'none'})`);
    return scope.data[column];
  }
  throw new VariableError(`\${${text}}: unknown variable (variables are \${env.NAME}, \${steps.<id>.<path>} and, in a load test, \${data.<column>})`);
}

/** The expressions of every `${…}` in a text (not the `$${` escapes). */
export function variablesIn(text: string): string[] {
  return [...text.matchAll(VARIABLE)].flatMap((match) => (match[1] === undefined ? [] : [match[1].trim()]));
}

function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
}

function substituteString(text: string, scope: VariableScope): unknown {
  const whole = WHOLE.exec(text);
  if (whole) return resolveVariable(whole[1]!, scope);
  return text.replace(VARIABLE, (token, expression: string | undefined) => (expression === undefined ? '${' : asText(resolveVariable(expression, scope))));
}

/** Fills in a text that is read as text (a prompt): a value that is not a string is written as in a longer string. */
export function substituteText(text: string, scope: VariableScope): string {
  return asText(substituteString(text, scope));
}

/** Fills in every string inside `value` (objects and arrays are copied, keys are left as written). */
export function substitute<T>(value: T, scope: VariableScope): T {
  if (typeof value === 'string') return substituteString(value, scope) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => substitute(item, scope)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([key, item]) => [key, substitute(item, scope)])) as T;
  }
  return value;
}
