/**
 * Checks one assertion against what a step got back. Each verdict says what was checked
 * and, when it failed, what was there instead, in words a CI log can show as they are.
 */
import { isDeepStrictEqual } from 'node:util';
import { assertionKind, type Assertion, type AssertionVerdict, type StepKind, type StepOutcome } from '../../../shared/api/collections';
import { formatIssues, validateAgainstSchema, type JsonSchema } from '../../../shared/json-schema';
import type { OutputCheck } from '../../../shared/tool-results';
import { lookupPath } from './json-path';
import { compileUserRegex } from './user-regex';

/** What a step's request came back with. */
export interface StepAnswer {
  kind: StepKind;
  outcome: StepOutcome;
  document: Record<string, unknown>;
  durationMs: number;
  /** Tool steps: how structuredContent compared with the tool's declared outputSchema. */
  outputCheck?: OutputCheck;
}

function show(value: unknown): string {
  const json = JSON.stringify(value) ?? String(value);
  return json.length > 200 ? `${json.slice(0, 197)}…` : json;
}

/** Strings: a substring; arrays: an element (deep equal); objects: every key of `part` with a deep-equal value. */
function contains(whole: unknown, part: unknown): boolean {
  if (typeof whole === 'string') return typeof part === 'string' ? whole.includes(part) : whole.includes(String(part));
  if (Array.isArray(whole)) return whole.some((item) => isDeepStrictEqual(item, part));
  if (whole !== null && typeof whole === 'object' && part !== null && typeof part === 'object' && !Array.isArray(part)) {
    return Object.entries(part).every(([key, value]) => Object.hasOwn(whole, key) && isDeepStrictEqual((whole as Record<string, unknown>)[key], value));
  }
  return false;
}

function verdict(assertion: Assertion, passed: boolean, message: string): AssertionVerdict {
  return { assertion, kind: assertionKind(assertion), passed, message };
}

function checkPath(assertion: Extract<Assertion, { path: string }>, answer: StepAnswer): AssertionVerdict {
  const { path } = assertion;
  const found = lookupPath(answer.document, path);
  if ('exists' in assertion) {
    if (found.found === assertion.exists) return verdict(assertion, true, `${path} ${assertion.exists ? 'exists' : 'does not exist'}`);
    if (!found.found && found.error) return verdict(assertion, false, found.error);
    return verdict(assertion, false, assertion.exists ? `${path} should exist, and finds nothing` : `${path} should not exist, and is ${show(found.found ? found.value : undefined)}`);
  }
  if (!found.found) return verdict(assertion, false, found.error ?? `${path} finds nothing`);
  const actual = found.value;
  if ('equals' in assertion) {
    const passed = isDeepStrictEqual(actual, assertion.equals);
    return verdict(assertion, passed, passed ? `${path} equals ${show(assertion.equals)}` : `${path} should equal ${show(assertion.equals)}, and is ${show(actual)}`);
  }
  if ('contains' in assertion) {
    const passed = contains(actual, assertion.contains);
    return verdict(assertion, passed, passed ? `${path} contains ${show(assertion.contains)}` : `${path} should contain ${show(assertion.contains)}, and is ${show(actual)}`);
  }
  if (typeof actual !== 'string') return verdict(assertion, false, `${path} should be a string matching /${assertion.matches}/, and is ${show(actual)}`);
  // RE2's engine: a pattern from a file must not be able to stall the host (user-regex.ts).
  const compiled = compileUserRegex(assertion.matches);
  if (!compiled.ok) return verdict(assertion, false, `/${assertion.matches}/ cannot be used: ${compiled.message}`);
  const passed = compiled.test(actual);
  return verdict(assertion, passed, passed ? `${path} matches /${assertion.matches}/` : `${path} should match /${assertion.matches}/, and is ${show(actual)}`);
}

function checkSchema(assertion: Extract<Assertion, { schema: unknown }>, answer: StepAnswer): AssertionVerdict {
  if (assertion.schema === 'output') {
    if (answer.kind !== 'tool') return verdict(assertion, false, `only a tool has an output schema (this is a ${answer.kind} step)`);
    const check = answer.outputCheck;
    if (!check) return verdict(assertion, false, 'the tool gave no result to check');
    switch (check.status) {
      case 'valid':
        return verdict(assertion, true, "structuredContent is valid against the tool's outputSchema");
      case 'invalid':
        return verdict(assertion, false, `structuredContent is not valid against the tool's outputSchema: ${check.errors.join('; ')}`);
      case 'missing':
        return verdict(assertion, false, 'the tool declares an outputSchema but returned no structuredContent');
      case 'not-checked':
        return verdict(assertion, false, `structuredContent was not checked: ${check.reason}`);
    }
  }
  // A tool's structuredContent; the whole result document of a resource or prompt step.
  const target = answer.kind === 'tool' ? answer.document.structuredContent : answer.document;
  const what = answer.kind === 'tool' ? 'structuredContent' : 'the result';
  if (target === undefined) return verdict(assertion, false, 'the tool returned no structuredContent to check');
  const result = validateAgainstSchema(assertion.schema as JsonSchema, target);
  return result.valid ? verdict(assertion, true, `${what} is valid against the step's schema`) : verdict(assertion, false, `${what} is not valid against the step's schema: ${formatIssues(result.issues).join('; ')}`);
}

function checkAssertion(assertion: Assertion, answer: StepAnswer): AssertionVerdict {
  if ('outcome' in assertion) {
    const passed = answer.outcome === assertion.outcome;
    return verdict(assertion, passed, passed ? `the outcome is ${assertion.outcome}` : `the outcome should be ${assertion.outcome}, and is ${answer.outcome}`);
  }
  if ('path' in assertion) return checkPath(assertion, answer);
  if ('schema' in assertion) return checkSchema(assertion, answer);
  const passed = answer.durationMs < assertion.durationUnderMs;
  return verdict(assertion, passed, passed ? `took ${answer.durationMs} ms (under ${assertion.durationUnderMs} ms)` : `should take under ${assertion.durationUnderMs} ms, and took ${answer.durationMs} ms`);
}

/** The step's assertions; without an outcome assertion, `outcome: ok` is checked first. */
export function checkAssertions(assertions: readonly Assertion[] | undefined, answer: StepAnswer): AssertionVerdict[] {
  const list = assertions ?? [];
  const all = list.some((assertion) => 'outcome' in assertion) ? list : [{ outcome: 'ok' } as Assertion, ...list];
  return all.map((assertion) => checkAssertion(assertion, answer));
}
