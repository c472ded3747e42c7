/**
 * Eval steps through `mcp-workbench test` as processes (out/electron/cli.cjs; `node
 * scripts/build.mjs cli` first): the basic fixture server as a real stdio process, an
 * OpenAI-compatible provider fake speaking the real Chat Completions API on 127.0.0.1.
 * A run with one expectation that holds and one that does not (exit code, reports), then
 * the keyless CI loop: record against the fake with a key, replay with the fake stopped
 * and no key (the same verdicts), and a replay whose prompt changed failing clearly.
 */
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureServer } from '../../e2e/fixtures/paths';
import { BUILT_CLI, runBuiltCli, type CliRun } from '../../tests/support/built-cli';
import { startProviderFake } from '../../tests/support/provider-fakes/provider-fake';

const KEY = 'sk-test-eval-key-9876543210';
let home: string;

function env(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const { OPENAI_API_KEY: _o, ANTHROPIC_API_KEY: _a, GOOGLE_GENERATIVE_AI_API_KEY: _g, ...rest } = process.env;
  return { ...rest, MCP_WORKBENCH_KEYCHAIN: 'off', ...extra };
}

const cli = (args: string[], extraEnv: Record<string, string> = {}): Promise<CliRun> => runBuiltCli(args, { home, cwd: home, env: env(extraEnv), killAfterMs: 90_000 });
const server = ['--stdio', `"${process.execPath}" "${fixtureServer('basic-stdio')}"`, '--name', 'basic-fixture'];

function collection(baseUrl: string, prompt = 'What is 2 + 3?'): string {
  return `name: Adding
steps:
  - id: sum
    name: adds with the add tool
    eval:
      prompt: ${prompt}
      model: openai:gpt-4o-mini
      baseUrl: ${baseUrl}
      runs: 2
      tools: [add]
    expect:
      - { toolCalled: add, arguments: { a: 2, b: 3 } }
      - textContains: seven
`;
}

interface JsonStep {
  status: string;
  error?: string;
  assertions: Array<{ kind: string; passed: boolean; message: string }>;
  eval: { runs: number; passed: number; passRate: number; interval: { low: number; high: number }; flaky: boolean; tokens: { input: number; output: number }; cost?: number };
}
const firstStep = (run: CliRun): JsonStep => (JSON.parse(run.stdout) as { collections: Array<{ steps: JsonStep[] }> }).collections[0]!.steps[0]!;

beforeAll(async () => {
  if (!existsSync(BUILT_CLI)) throw new Error(`${BUILT_CLI} is missing: run \`node scripts/build.mjs cli\` (or npm run build) first.`);
  home = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-eval-cli-'));
});

afterAll(async () => {
  await fs.rm(home, { recursive: true, force: true });
});

describe('test with eval steps', () => {
  it('records against the provider, then replays with no key and no provider: the same verdicts; a changed prompt fails naming the step and what was asked', async () => {
    // The model calls add, then answers from its result: the same in every run.
    const provider = await startProviderFake('openai', {
      respond: (request) => {
        const messages = (request.body as { messages: Array<{ role: string }> }).messages;
        return messages.at(-1)?.role === 'tool' ? { text: 'The sum is 5.', usage: { input: 40, output: 6 } } : { toolCalls: [{ name: 'basic-fixture__add', arguments: { a: 2, b: 3 } }], usage: { input: 30, output: 9 } };
      },
    });
    const file = path.join(home, 'adding.yaml');
    const recording = path.join(home, 'llm-recording.json');
    await fs.writeFile(file, collection(provider.baseUrl));

    let recorded: CliRun;
    try {
      recorded = await cli(['test', file, ...server, '--reporter', 'json', '--llm-record', recording], { OPENAI_API_KEY: KEY });
    } finally {
      await provider.close();
    }
    // One expectation held, one did not: the step fails, the run exits 1.
    expect(recorded.code, recorded.stderr).toBe(1);
    const live = firstStep(recorded);
    expect(live.status).toBe('failed');
    expect(live.assertions.map((verdict) => [verdict.kind, verdict.passed])).toEqual([
      ['eval', true],
      ['eval', false],
    ]);
    expect(live.assertions[0]!.message).toBe('add was called with the arguments {"a":2,"b":3} (all 2 runs)');
    expect(live.assertions[1]!.message).toBe('the answer should contain "seven", and is "The sum is 5." (held in 0 of 2 runs; first in run 1 of openai:gpt-4o-mini)');
    expect(live.eval).toMatchObject({ runs: 2, passed: 0, passRate: 0, flaky: false, tokens: { input: 140, output: 30 } });
    expect(live.eval.interval.low).toBe(0);
    expect(live.eval.interval.high).toBeCloseTo(0.6576, 3);
    // gpt-4o-mini is in the price table: (140 × 0.15 + 30 × 0.6) / 1e6 USD.
    expect(live.eval.cost).toBeCloseTo(0.000039, 9);
    expect(provider.modelRequests()).toHaveLength(4);
    expect(provider.modelRequests()[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(recorded.stderr).toContain(`4 model answer(s) recorded in ${recording}`);

    // The recording holds the answers, never the key or any header.
    const saved = await fs.readFile(recording, 'utf8');
    expect(saved).toContain('The sum is 5.');
    expect(saved).not.toContain(KEY);
    expect(saved.toLowerCase()).not.toContain('authorization');
    expect(saved.toLowerCase()).not.toContain('bearer');
    expect((await fs.stat(recording)).mode & 0o777).toBe(0o600);

    // The provider is gone and no key is set: the replay answers every turn from the file.
    const replayed = await cli(['test', file, ...server, '--reporter', 'json', '--llm-replay', recording]);
    expect(replayed.code, replayed.stderr).toBe(1);
    const again = firstStep(replayed);
    expect(again.assertions).toEqual(live.assertions);
    expect({ ...again.eval, latencyMs: undefined }).toEqual({ ...live.eval, latencyMs: undefined });

    // The other reporters carry the pass rate too.
    const pretty = await cli(['test', file, ...server, '--llm-replay', recording]);
    expect(pretty.code).toBe(1);
    expect(pretty.stdout).toContain('✗ sum: adds with the add tool');
    expect(pretty.stdout).toContain('0 of 2 runs passed (0%, 95% interval 0%–66%; needs 100%)');
    expect(pretty.stdout).toContain('the answer should contain "seven", and is "The sum is 5."');
    const junit = path.join(home, 'report.xml');
    expect((await cli(['test', file, ...server, '--llm-replay', recording, '--reporter', 'junit', '-o', junit])).code).toBe(1);
    const xml = await fs.readFile(junit, 'utf8');
    expect(xml).toContain('<failure message="passed 0 of 2 runs (0%, 95% interval 0%–66%), and the step needs 100%.');
    expect(xml).toContain('eval: 0 of 2 runs passed');
    expect(xml).toContain('ok: add was called with the arguments {&quot;a&quot;:2,&quot;b&quot;:3} (all 2 runs)');

    // A prompt the recording never saw: the step fails saying which step, which model and what was asked.
    await fs.writeFile(file, collection(provider.baseUrl, 'What is 4 + 4?'));
    const changed = await cli(['test', file, ...server, '--reporter', 'json', '--llm-replay', recording]);
    expect(changed.code, changed.stderr).toBe(1);
    const missing = firstStep(changed);
    expect(missing.status).toBe('failed');
    expect(missing.error).toContain(`step sum, run 1 of openai:gpt-4o-mini: The recording ${recording} holds no answer for this request to openai:gpt-4o-mini (turn 1, after the user said "What is 4 + 4?").`);
    expect(missing.error).toContain('Record it again with --llm-record');
  }, 240_000);

  it('fills ${steps.…} and ${env.…} into the prompt, turns and system prompt the model receives; a variable that can never resolve is refused before anything runs', async () => {
    const provider = await startProviderFake('openai', { respond: () => ({ text: 'Five.', usage: { input: 10, output: 2 } }) });
    const file = path.join(home, 'variables.yaml');
    const yaml = (prompt: string) => `name: Variables
steps:
  - id: first
    tool: echo
    arguments: { text: '2' }
  - id: ask
    eval:
      system: You add numbers for \${env.EVAL_WHO}.
      turns: ['${prompt}', 'And twice \${steps.first.content[0].text}?']
      model: openai:gpt-4o-mini
      baseUrl: ${provider.baseUrl}
      tools: []
    expect:
      - textContains: Five
`;
    try {
      await fs.writeFile(file, yaml('What is ${steps.first.content[0].text} + 3?'));
      const run = await cli(['test', file, ...server, '--reporter', 'json', '--allow-env', 'EVAL_WHO'], { OPENAI_API_KEY: KEY, EVAL_WHO: 'a test' });
      expect(run.code, run.stderr + run.stdout).toBe(0);
      const sent = provider.modelRequests().map((request) => (request.body as { messages: Array<{ role: string; content: unknown }> }).messages);
      expect(sent).toHaveLength(2);
      expect(sent[0]!.filter((message) => message.role !== 'assistant').map((message) => message.content)).toEqual(['You add numbers for a test.', 'What is 2 + 3?']);
      expect(JSON.stringify(sent[1])).toContain('And twice 2?');

      // A step that does not exist: refused when the file is read, naming the variable.
      await fs.writeFile(file, yaml('What is ${steps.nowhere.text}?'));
      const refused = await cli(['test', file, ...server, '--allow-env', 'EVAL_WHO'], { OPENAI_API_KEY: KEY, EVAL_WHO: 'a test' });
      expect(refused.code).toBe(2);
      expect(refused.stderr + refused.stdout).toContain('${steps.nowhere.text}: no earlier step has the id "nowhere"');
      expect(provider.modelRequests()).toHaveLength(2);
    } finally {
      await provider.close();
    }
  }, 120_000);

  it('a replay file that is missing is a usage error before anything starts', async () => {
    const file = path.join(home, 'missing.yaml');
    await fs.writeFile(file, collection('http://127.0.0.1:9/v1'));
    const run = await cli(['test', file, ...server, '--llm-replay', path.join(home, 'nope.json')]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('there is no such file (make one with --llm-record)');
  });
});
