/** Each eval expectation against one run: what holds, and what a failure says was there instead. */
import { describe, expect, it } from 'vitest';
import type { EvalExpectation } from '../../../shared/api/collections';
import { checkExpectation, type EvalRunFacts } from './eval-expectations';

const run: EvalRunFacts = {
  calls: [
    { tool: 'search', arguments: { query: 'Paris weather', limit: 3 }, isError: false, resultText: 'sunny' },
    { tool: 'add', arguments: { a: 2, b: 3 }, isError: true, resultText: 'Error: overflow\nstack' },
  ],
  text: 'It is sunny in Paris, and 2 + 3 is 5.',
  modelTurns: 3,
  tokens: 1200,
};

const check = (expectation: EvalExpectation) => checkExpectation(expectation, run);

describe('checkExpectation', () => {
  it.each<[EvalExpectation, boolean, string]>([
    [{ toolCalled: 'add' }, true, 'add was called'],
    [{ toolCalled: 'delete' }, false, 'delete should be called, and the calls were: search, add'],
    [{ toolCalled: 'add', arguments: { a: 2, b: 3 } }, true, 'add was called with the arguments {"a":2,"b":3}'],
    [{ toolCalled: 'add', arguments: { a: 2 } }, false, 'add should be called with the arguments {"a":2}, and was called with {"a":2,"b":3}'],
    [{ toolCalled: 'search', argumentsContain: { limit: 3 } }, true, 'search was called with arguments containing {"limit":3}'],
    [{ toolCalled: 'search', path: '$.query', matches: '^paris', }, false, 'search should be called with $.query matching /^paris/, and was called with {"query":"Paris weather","limit":3}'],
    [{ toolCalled: 'search', path: '$.query', contains: 'Paris' }, true, 'search was called with $.query containing "Paris"'],
    [{ toolCalled: 'search', path: 'limit', equals: 3 }, true, 'search was called with limit equal to 3'],
    [{ toolCalled: 'search', path: '$.page', exists: false }, true, 'search was called with $.page absent in its arguments'],
    [{ toolNotCalled: 'add' }, false, 'add should not be called, and was called with {"a":2,"b":3}'],
    [{ toolCalledFirst: 'add' }, false, 'the first call should be add, and was search'],
    [{ toolCalledFirst: 'search' }, true, 'search was the first call'],
    [{ textContains: 'rainy' }, false, 'the answer should contain "rainy", and is "It is sunny in Paris, and 2 + 3 is 5."'],
    [{ textMatches: '\\b5\\.$' }, true, 'the answer matches /\\b5\\.$/'],
    [{ noToolErrors: true }, false, 'no tool call should fail, and add {"a":2,"b":3} did: "Error: overflow"'],
    [{ maxSteps: 2 }, false, 'should take at most 2 model turn(s), and took 3'],
    [{ maxTokens: 5000 }, true, 'used 1200 tokens (at most 5000)'],
  ])('%j', (expectation, passed, message) => {
    expect(check(expectation)).toEqual({ passed, message });
  });

  it('a run without calls says so', () => {
    expect(checkExpectation({ toolCalledFirst: 'add' }, { calls: [], text: '', modelTurns: 1, tokens: 0 })).toEqual({ passed: false, message: 'the first call should be add, and no tool was called' });
  });
});
