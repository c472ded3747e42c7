/**
 * Compares a recorded message with a live one, value by value, and lists each
 * difference with the JSON pointer it is at, skipping what the volatile rules say may
 * differ.
 */
import { pointerOf, type VolatileMatcher } from './volatile';

export interface Difference {
  pointer: string;
  /** missing: recorded but not in the live answer; added: only in the live answer; changed: both, different. */
  kind: 'changed' | 'missing' | 'added';
  expected?: unknown;
  actual?: unknown;
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

export function compareMessages(expected: unknown, actual: unknown, matcher: VolatileMatcher): Difference[] {
  const out: Difference[] = [];
  walk(expected, actual, [], matcher, out);
  return out;
}

function walk(expected: unknown, actual: unknown, path: string[], matcher: VolatileMatcher, out: Difference[]): void {
  if (path.length > 0 && matcher.ignoredPath(path)) return;
  if (matcher.sameLeaf(expected, actual)) return;
  if (isObject(expected) && isObject(actual)) {
    for (const key of Object.keys(expected)) {
      const at = [...path, key];
      if (matcher.ignoredPath(at)) continue;
      if (!(key in actual)) out.push({ pointer: pointerOf(at), kind: 'missing', expected: expected[key] });
      else walk(expected[key], actual[key], at, matcher, out);
    }
    for (const key of Object.keys(actual)) {
      const at = [...path, key];
      if (!(key in expected) && !matcher.ignoredPath(at)) out.push({ pointer: pointerOf(at), kind: 'added', actual: actual[key] });
    }
    return;
  }
  if (Array.isArray(expected) && Array.isArray(actual)) {
    const length = Math.max(expected.length, actual.length);
    for (let index = 0; index < length; index++) {
      const at = [...path, String(index)];
      if (matcher.ignoredPath(at)) continue;
      if (index >= actual.length) out.push({ pointer: pointerOf(at), kind: 'missing', expected: expected[index] });
      else if (index >= expected.length) out.push({ pointer: pointerOf(at), kind: 'added', actual: actual[index] });
      else walk(expected[index], actual[index], at, matcher, out);
    }
    return;
  }
  out.push({ pointer: pointerOf(path), kind: 'changed', expected, actual });
}
