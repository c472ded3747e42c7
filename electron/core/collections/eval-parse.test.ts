/** Eval steps in collection files: what parses, and each mistake said with the file, the step and the line. */
import { describe, expect, it } from 'vitest';
import { parseCollection } from './collection-parse';

const file = (steps: string) => `name: Evals\nserver: lab\nsteps:\n${steps}`;

describe('eval steps', () => {
  it('reads every field and every expectation', () => {
    const parsed = parseCollection(
      file(`  - id: adds
    eval:
      prompt: What is 2 + 3?
      system: Use the tools.
      models: [openai:gpt-4o-mini, ollama:llama3.2]
      baseUrl: http://127.0.0.1:11434/v1
      runs: 5
      temperature: 0.2
      tools: [add]
      maxSteps: 4
      minPassRate: 0.8
      judge: { model: anthropic:claude-haiku-4-5, criteria: says 5, required: true }
    timeoutMs: 60000
    expect:
      - toolCalled: add
      - { toolCalled: add, arguments: { a: 2, b: 3 } }
      - { toolCalled: add, argumentsContain: { a: 2 } }
      - { toolCalled: add, path: $.b, equals: 3 }
      - toolNotCalled: delete
      - toolCalledFirst: add
      - textContains: "5"
      - textMatches: '\\b5\\b'
      - noToolErrors: true
      - maxSteps: 3
      - maxTokens: 5000
  - id: chat
    eval:
      turns: [hello, now add 1 and 1]
      model: openai:gpt-4o-mini
`),
      'evals.yaml',
    );
    expect(parsed.problems).toEqual([]);
    const [adds, chat] = parsed.collection!.steps;
    expect(adds).toMatchObject({ id: 'adds', eval: { runs: 5, models: ['openai:gpt-4o-mini', 'ollama:llama3.2'], judge: { required: true } } });
    expect((adds as { expect: unknown[] }).expect).toHaveLength(11);
    expect(chat).toMatchObject({ eval: { turns: ['hello', 'now add 1 and 1'] } });
  });

  it.each([
    ['a prompt and turns', `      prompt: hi\n      turns: [hi]\n      model: openai:gpt-4o-mini\n`, 6, 'eval: an eval has exactly one of prompt, turns (this one has both)'],
    ['no model', `      prompt: hi\n`, 6, 'eval: an eval has exactly one of model, models'],
    ['a model without its provider', `      prompt: hi\n      model: gpt-4o-mini\n`, 7, 'eval.model: a model is written <provider>:<model>'],
    ['runs of 0', `      prompt: hi\n      model: openai:x\n      runs: 0\n`, 8, 'eval.runs: runs is at least 1'],
    ['a misspelt key', `      prompt: hi\n      model: openai:x\n      run: 3\n`, 6, 'eval: Unrecognized key: "run"'],
    ['a judge without criteria', `      prompt: hi\n      model: openai:x\n      judge: { model: openai:x }\n`, 8, 'eval.judge.criteria: a judge needs criteria'],
  ])('%s', (_what, spec, line, message) => {
    const parsed = parseCollection(file(`  - id: e\n    eval:\n${spec}`), 'evals.yaml');
    expect(parsed.problems).toHaveLength(1);
    expect(parsed.problems[0]).toMatchObject({ file: 'evals.yaml', step: 'e', line });
    expect(parsed.problems[0]!.message).toContain(message);
  });

  it.each([
    ['two checks in one', '{ toolCalled: add, textContains: "5" }', 'expect[0]: an eval expectation has exactly one of toolCalled, toolNotCalled, toolCalledFirst, textContains, textMatches, noToolErrors, maxSteps, maxTokens (this one has toolCalled and textContains)'],
    ['a tool step assertion', '{ outcome: ok }', 'expect[0]: Unrecognized key: "outcome"'],
    ['arguments without toolCalled', '{ toolNotCalled: add, arguments: {} }', 'expect[0]: arguments belongs with toolCalled'],
    ['a path without its check', '{ toolCalled: add, path: $.a }', 'expect[0]: a path into the arguments has exactly one of equals, contains, matches, exists'],
    ['a pattern RE2 cannot run', `{ textMatches: '(?=a)b' }`, 'expect[0].textMatches: not a usable regular expression: it uses a lookahead'],
    ['noToolErrors: false', '{ noToolErrors: false }', 'expect[0].noToolErrors: noToolErrors is written noToolErrors: true'],
  ])('an expectation with %s', (_what, expectation, message) => {
    const parsed = parseCollection(file(`  - id: e\n    eval: { prompt: hi, model: openai:x }\n    expect:\n      - ${expectation}\n`), 'evals.yaml');
    // A key of the wrong kind is also an expectation with none of the keys: the first problem says the most.
    expect(parsed.problems.length).toBeGreaterThanOrEqual(1);
    expect(parsed.problems[0]).toMatchObject({ file: 'evals.yaml', step: 'e', line: 7 });
    expect(parsed.problems[0]!.message).toContain(message);
  });

  it('refuses what only a request step has, and eval expectations on a tool step', () => {
    const parsed = parseCollection(
      file(`  - id: e
    eval: { prompt: hi, model: openai:x }
    arguments: { a: 1 }
  - id: t
    tool: add
    expect:
      - toolCalled: add
`),
      'evals.yaml',
    );
    expect(parsed.problems.map((problem) => `${problem.line}: step ${problem.step}: ${problem.message}`)).toEqual([
      '6: step e: arguments: an eval step has no arguments (the model chooses the calls)',
      '10: step t: expect[0]: Unrecognized key: "toolCalled"',
      '10: step t: expect[0]: an assertion has exactly one of outcome, path, schema, durationUnderMs',
    ]);
  });
});
