/**
 * Arguments for a tool call or a prompt from the command line: `--args '<JSON object>'`
 * and any number of `--arg key=value`. A `--arg` value is taken as JSON when it parses
 * as JSON (`count=3` is the number 3, `tags=["a","b"]` an array, `on=true` a boolean),
 * else as the string it is (`name=Ada`); quote it as JSON to force a string
 * (`zip='"01234"'`). `--arg` values are applied over `--args`.
 */
import { usageError } from './exit-codes';

export interface ArgumentOptions {
  args?: string;
  arg?: string[];
}

export function parseToolArguments(options: ArgumentOptions): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  if (options.args !== undefined) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(options.args);
    } catch (error) {
      throw usageError(`--args is not valid JSON: ${(error as Error).message}`, `Give a JSON object, e.g. --args '{"text": "hello"}' (single quotes keep the shell away from it).`);
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
      throw usageError('--args must be a JSON object of argument names and values.', `For example --args '{"text": "hello"}'.`);
    }
    Object.assign(result, parsed);
  }
  for (const pair of options.arg ?? []) {
    const [key, value] = splitPair(pair, '--arg');
    result[key] = jsonOrString(value);
  }
  return result;
}

/** Prompt arguments are strings: `--args` values must be strings, `--arg` values are taken as written. */
export function parsePromptArguments(options: ArgumentOptions): Record<string, string> {
  const result: Record<string, string> = {};
  if (options.args !== undefined) {
    const parsed = parseToolArguments({ args: options.args });
    for (const [key, value] of Object.entries(parsed)) {
      if (typeof value !== 'string') throw usageError(`--args: prompt arguments are strings, but "${key}" is ${JSON.stringify(value)}.`, `Quote it: "${key}": "${String(value)}".`);
      result[key] = value;
    }
  }
  for (const pair of options.arg ?? []) {
    const [key, value] = splitPair(pair, '--arg');
    result[key] = value;
  }
  return result;
}

/** `key=value` → [key, value]; the value may contain further `=`. */
export function splitPair(pair: string, option: string): [string, string] {
  const at = pair.indexOf('=');
  if (at <= 0) throw usageError(`${option} "${pair}" is not key=value.`, `For example ${option} name=value.`);
  return [pair.slice(0, at), pair.slice(at + 1)];
}

function jsonOrString(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/** Commander collector for repeatable options. */
export function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}
