/**
 * Checks an eval step's expectations against one run of the model: which tools it called
 * (in order, with which arguments, with what result), its final text, how many model turns
 * and tokens it took. Each check says what held or, when it did not, what happened instead.
 */
import { isDeepStrictEqual } from 'node:util';
import type { EvalExpectation } from '../../../shared/api/collections';
import { lookupPath } from './json-path';
import { compileUserRegex } from './user-regex';

/** One run as the expectations see it. */
export interface EvalRunFacts {
  /** Every call the model asked for, in order: run, refused or invalid. */
  calls: Array<{ tool: string; arguments: Record<string, unknown>; isError: boolean; resultText: string }>;
  text: string;
  modelTurns: number;
  tokens: number;
}

export interface ExpectationCheck {
  passed: boolean;
  message: string;
}

function show(value: unknown, max = 200): string {
  const json = JSON.stringify(value) ?? String(value);
  return json.length > max ? `${json.slice(0, max - 3)}…` : json;
}

const callsSaid = (facts: EvalRunFacts) => (facts.calls.length ? facts.calls.map((call) => call.tool).join(', ') : 'none');

/** A map has every key of `part` with a deep-equal value. */
const hasAll = (whole: Record<string, unknown>, part: Record<string, unknown>) => Object.entries(part).every(([key, value]) => Object.hasOwn(whole, key) && isDeepStrictEqual(whole[key], value));

/** As a tool step's `contains`: a substring, an element, or a subset of a map. */
function contains(whole: unknown, part: unknown): boolean {
  if (typeof whole === 'string') return whole.includes(typeof part === 'string' ? part : String(part));
  if (Array.isArray(whole)) return whole.some((item) => isDeepStrictEqual(item, part));
  if (whole !== null && typeof whole === 'object' && part !== null && typeof part === 'object' && !Array.isArray(part)) return hasAll(whole as Record<string, unknown>, part as Record<string, unknown>);
  return false;
}

type ToolCalled = Extract<EvalExpectation, { toolCalled: string }>;

/** Whether one call's arguments pass the expectation's argument check, and what the check is, in words. */
function argumentCheck(expectation: ToolCalled): { what: string; test: (args: Record<string, unknown>) => boolean } | undefined {
  if ('arguments' in expectation && expectation.arguments !== undefined) {
    const expected = expectation.arguments;
    return { what: `with the arguments ${show(expected)}`, test: (args) => isDeepStrictEqual(args, expected) };
  }
  if ('argumentsContain' in expectation && expectation.argumentsContain !== undefined) {
    const expected = expectation.argumentsContain;
    return { what: `with arguments containing ${show(expected)}`, test: (args) => hasAll(args, expected) };
  }
  if (!('path' in expectation)) return undefined;
  const { path } = expectation;
  if ('exists' in expectation) return { what: `with ${path} ${expectation.exists ? 'present' : 'absent'} in its arguments`, test: (args) => lookupPath(args, path).found === expectation.exists };
  const value = (args: Record<string, unknown>) => {
    const found = lookupPath(args, path);
    return found.found ? { value: found.value } : undefined;
  };
  if ('equals' in expectation) {
    return {
      what: `with ${path} equal to ${show(expectation.equals)}`,
      test: (args) => {
        const found = value(args);
        return found !== undefined && isDeepStrictEqual(found.value, expectation.equals);
      },
    };
  }
  if ('contains' in expectation) {
    return {
      what: `with ${path} containing ${show(expectation.contains)}`,
      test: (args) => {
        const found = value(args);
        return found !== undefined && contains(found.value, expectation.contains);
      },
    };
  }
  // RE2's engine, as for every pattern from a file (user-regex.ts).
  const compiled = compileUserRegex(expectation.matches);
  return {
    what: `with ${path} matching /${expectation.matches}/`,
    test: (args) => {
      const found = value(args);
      return compiled.ok && found !== undefined && typeof found.value === 'string' && compiled.test(found.value);
    },
  };
}

export function checkExpectation(expectation: EvalExpectation, facts: EvalRunFacts): ExpectationCheck {
  if ('toolCalled' in expectation) {
    const name = expectation.toolCalled;
    const calls = facts.calls.filter((call) => call.tool === name);
    const check = argumentCheck(expectation);
    if (!check) return calls.length ? { passed: true, message: `${name} was called` } : { passed: false, message: `${name} should be called, and the calls were: ${callsSaid(facts)}` };
    if (calls.some((call) => check.test(call.arguments))) return { passed: true, message: `${name} was called ${check.what}` };
    if (!calls.length) return { passed: false, message: `${name} should be called ${check.what}, and the calls were: ${callsSaid(facts)}` };
    return { passed: false, message: `${name} should be called ${check.what}, and was called with ${calls.map((call) => show(call.arguments)).join(', ')}` };
  }
  if ('toolNotCalled' in expectation) {
    const call = facts.calls.find((entry) => entry.tool === expectation.toolNotCalled);
    return call ? { passed: false, message: `${expectation.toolNotCalled} should not be called, and was called with ${show(call.arguments)}` } : { passed: true, message: `${expectation.toolNotCalled} was not called` };
  }
  if ('toolCalledFirst' in expectation) {
    const first = facts.calls[0];
    if (first?.tool === expectation.toolCalledFirst) return { passed: true, message: `${expectation.toolCalledFirst} was the first call` };
    return { passed: false, message: `the first call should be ${expectation.toolCalledFirst}, and ${first ? `was ${first.tool}` : 'no tool was called'}` };
  }
  if ('textContains' in expectation) {
    const passed = facts.text.includes(expectation.textContains);
    return { passed, message: passed ? `the answer contains ${show(expectation.textContains)}` : `the answer should contain ${show(expectation.textContains)}, and is ${show(facts.text)}` };
  }
  if ('textMatches' in expectation) {
    const compiled = compileUserRegex(expectation.textMatches);
    if (!compiled.ok) return { passed: false, message: `/${expectation.textMatches}/ cannot be used: ${compiled.message}` };
    const passed = compiled.test(facts.text);
    return { passed, message: passed ? `the answer matches /${expectation.textMatches}/` : `the answer should match /${expectation.textMatches}/, and is ${show(facts.text)}` };
  }
  if ('noToolErrors' in expectation) {
    const failed = facts.calls.find((call) => call.isError);
    return failed ? { passed: false, message: `no tool call should fail, and ${failed.tool} ${show(failed.arguments)} did: ${show(failed.resultText.split('\n', 1)[0] ?? '')}` } : { passed: true, message: 'no tool call failed' };
  }
  if ('maxSteps' in expectation) {
    const passed = facts.modelTurns <= expectation.maxSteps;
    return { passed, message: passed ? `took ${facts.modelTurns} model turn(s) (at most ${expectation.maxSteps})` : `should take at most ${expectation.maxSteps} model turn(s), and took ${facts.modelTurns}` };
  }
  const passed = facts.tokens <= expectation.maxTokens;
  return { passed, message: passed ? `used ${facts.tokens} tokens (at most ${expectation.maxTokens})` : `should use at most ${expectation.maxTokens} tokens, and used ${facts.tokens}` };
}
