/**
 * Runs an eval step: each of its models is given the collection's server's tools and the
 * prompt (or turns), `runs` times, through the same agent loop as the playground and
 * `mcp-workbench chat` (every tool call goes through the core); each run's expectations are
 * checked, and a judge model grades it when the step has one. The step's verdict is its
 * pass rate against `minPassRate`, with the rate's 95% Wilson interval, a flaky marker
 * when some runs passed and some failed, and the latency, tokens and cost of the runs.
 */
import { evalModels, type AssertionVerdict, type EvalJudge, type EvalStep, type EvalSummary, type StepResult } from '../../../shared/api/collections';
import type { ServerName } from '../../../shared/config/server-config';
import { messageOf } from '../../../shared/errors';
import { runAgent, type AgentRunResult, type ToolGateway } from '../models/agent-loop';
import type { ModelAccess } from '../models/model-access';
import type { ModelHandle } from '../models/model-library';
import { costOf, type PriceTable } from '../models/prices';
import { checkExpectation, type EvalRunFacts, type ExpectationCheck } from './eval-expectations';
import { wilsonInterval } from './wilson';
import type { ChatStep } from '../../../shared/api/models';

const DEFAULT_MAX_STEPS = 10;

export interface EvalRun {
  step: EvalStep;
  server: ServerName;
  signal: AbortSignal;
  models: ModelAccess;
}

interface JudgeVerdict {
  passed: boolean;
  reason: string;
}

/** One run of one model, as the result document shows it. */
interface EvalRunRecord {
  model: string;
  run: number;
  passed: boolean;
  /** How the loop ended: answered, max-steps, stopped or failed. */
  status: AgentRunResult['status'];
  text: string;
  toolCalls: Array<{ tool: string; arguments: Record<string, unknown>; isError: boolean }>;
  modelTurns: number;
  usage: { inputTokens: number; outputTokens: number; cost?: number };
  latencyMs: number;
  /** Why the run failed: the loop's error, then each expectation that did not hold. */
  failures: string[];
  judge?: JudgeVerdict;
}

type EvalOutcome = { result: StepResult; document: Record<string, unknown>; cancelled: boolean };

/** An Error's message with its hint (a ModelChoiceError's fix). */
const explain = (error: unknown) => {
  const hint = (error as { hint?: unknown }).hint;
  return `${messageOf(error)}${typeof hint === 'string' ? ` ${hint}` : ''}`;
};

const percent = (share: number) => `${Math.round(share * 100)}%`;

/** A whole conversation: each turn after the model's answer to the one before. */
async function converse(handle: ModelHandle, gateway: ToolGateway, run: EvalRun, prices: PriceTable, signal: AbortSignal): Promise<AgentRunResult> {
  const spec = run.step.eval;
  const turns = spec.turns ?? [spec.prompt!];
  const tools = spec.tools ? new Set(spec.tools) : undefined;
  let last: AgentRunResult | undefined;
  const steps: ChatStep[] = [];
  const usage = { inputTokens: 0, outputTokens: 0, cost: 0 as number | undefined };
  for (const prompt of turns) {
    last = await runAgent({
      model: handle,
      gateway,
      servers: [run.server],
      ...(tools ? { toolFilter: (tool) => tools.has(tool.name) } : {}),
      prompt,
      ...(spec.system !== undefined ? { system: spec.system } : {}),
      ...(last ? { history: last.messages } : {}),
      maxSteps: spec.maxSteps ?? DEFAULT_MAX_STEPS,
      signal,
      prices,
      stream: false,
      ...(spec.temperature !== undefined ? { temperature: spec.temperature } : {}),
      // The tools the file names are confirmed by naming them, as a tool step's tool is; without a list, the permission rules decide.
      ...(tools ? { approve: async () => ({ decision: 'approve' as const }) } : {}),
      step: run.models.turn,
    });
    steps.push(...last.steps);
    usage.inputTokens += last.usage.inputTokens;
    usage.outputTokens += last.usage.outputTokens;
    usage.cost = usage.cost === undefined || last.usage.cost === undefined ? undefined : usage.cost + last.usage.cost;
    if (last.status !== 'answered') break;
  }
  return { ...last!, steps, usage: { inputTokens: usage.inputTokens, outputTokens: usage.outputTokens, ...(usage.cost !== undefined ? { cost: usage.cost } : {}) } };
}

function factsOf(result: AgentRunResult): EvalRunFacts {
  const calls = result.steps.filter((step) => step.kind === 'tool').map((step) => ({ tool: step.tool, arguments: step.arguments, isError: step.isError, resultText: step.resultText }));
  return { calls, text: result.text, modelTurns: result.steps.filter((step) => step.kind === 'model').length, tokens: result.usage.inputTokens + result.usage.outputTokens };
}

const JUDGE_SYSTEM =
  'You grade one answer of an AI assistant that could call tools. Read the criteria, the conversation and the tool calls. ' +
  'Reply with PASS or FAIL as the first word, then one sentence saying why. Judge only against the criteria.';

async function judge(spec: EvalJudge, run: EvalRun, record: EvalRunRecord, prices: PriceTable, signal: AbortSignal): Promise<{ verdict: JudgeVerdict; usage: { inputTokens: number; outputTokens: number; cost?: number } }> {
  const none = { inputTokens: 0, outputTokens: 0 };
  let handle: ModelHandle;
  try {
    handle = await run.models.open(spec.model, spec.baseUrl);
  } catch (error) {
    return { verdict: { passed: false, reason: `the judge could not be asked: ${explain(error)}` }, usage: none };
  }
  const evalSpec = run.step.eval;
  const conversation = (evalSpec.turns ?? [evalSpec.prompt!]).map((turn) => `User: ${turn}`).join('\n');
  const calls = record.toolCalls.length ? record.toolCalls.map((call) => `- ${call.tool} ${JSON.stringify(call.arguments)}${call.isError ? ' (failed)' : ''}`).join('\n') : '(none)';
  const content = `Criteria:\n${spec.criteria}\n\nConversation:\n${conversation}\n\nTool calls:\n${calls}\n\nFinal answer:\n${record.text}`;
  try {
    const outcome = await run.models.turn(handle, { system: JUDGE_SYSTEM, messages: [{ role: 'user', content }], tools: [], signal, maxRetries: 2, stream: false, temperature: 0 });
    const cost = costOf(prices, handle.choice, outcome.usage);
    const usage = { ...outcome.usage, ...(cost !== undefined ? { cost } : {}) };
    const word = /^\W*(PASS|FAIL)\b/i.exec(outcome.text)?.[1]?.toUpperCase();
    const reason = outcome.text.replace(/^\W*(PASS|FAIL)\b[\s:.-]*/i, '').trim().split('\n', 1)[0] ?? '';
    if (!word) return { verdict: { passed: false, reason: `the judge answered neither PASS nor FAIL: "${outcome.text.slice(0, 200)}"` }, usage };
    return { verdict: { passed: word === 'PASS', reason: reason || word }, usage };
  } catch (error) {
    return { verdict: { passed: false, reason: `the judge could not be asked: ${explain(error)}` }, usage: none };
  }
}

/** Each expectation over every run: it holds when it held in all of them; else the first run where it did not says why. */
function verdicts(step: EvalStep, records: EvalRunRecord[], checks: ExpectationCheck[][]): AssertionVerdict[] {
  return (step.expect ?? []).map((expectation, index) => {
    const perRun = checks.map((list) => list[index]!);
    const held = perRun.filter((check) => check.passed).length;
    const firstFailed = perRun.findIndex((check) => !check.passed);
    const passed = perRun.length > 0 && firstFailed === -1;
    const message = passed
      ? `${perRun[0]!.message} (${held === 1 ? 'the run' : `all ${held} runs`})`
      : perRun.length === 0
        ? 'not checked: no run reached an answer'
        : `${perRun[firstFailed]!.message} (held in ${held} of ${perRun.length} runs; first in run ${records[firstFailed]!.run} of ${records[firstFailed]!.model})`;
    return { assertion: expectation, kind: 'eval', passed, message };
  });
}

function judgeVerdict(spec: EvalJudge, records: EvalRunRecord[]): AssertionVerdict {
  const judged = records.filter((record) => record.judge);
  const passed = judged.filter((record) => record.judge!.passed).length;
  const firstFailed = judged.find((record) => !record.judge!.passed);
  const advisory = spec.required ? '' : ' (advisory)';
  const message = firstFailed
    ? `the judge failed ${judged.length - passed} of ${judged.length} runs${advisory}; run ${firstFailed.run} of ${firstFailed.model}: ${firstFailed.judge!.reason}`
    : `the judge passed ${judged.length === 1 ? 'the run' : `all ${judged.length} runs`}${advisory}${judged[0] ? `: ${judged[0].judge!.reason}` : ''}`;
  return { assertion: spec, kind: 'judge', passed: judged.length > 0 && !firstFailed, message };
}

export async function runEvalStep(gateway: ToolGateway, run: EvalRun): Promise<EvalOutcome> {
  const { step } = run;
  const spec = step.eval;
  const models = evalModels(spec);
  const base = { id: step.id, ...(step.name ? { name: step.name } : {}), kind: 'eval' as const, target: models.join(', ') };
  const started = performance.now();
  const fail = (error: string): EvalOutcome => ({ result: { ...base, status: 'failed', outcome: 'failed', error, durationMs: Math.round(performance.now() - started), assertions: [] }, document: { error: { message: error } }, cancelled: false });

  // The step's limit bounds all of its runs; the run's cancel stops them too.
  const controller = new AbortController();
  const stop = () => controller.abort();
  run.signal.addEventListener('abort', stop, { once: true });
  const timer = step.timeoutMs ? setTimeout(stop, step.timeoutMs) : undefined;
  timer?.unref?.();
  try {
    if (spec.tools) {
      const offered = new Set((await gateway.listTools({ name: run.server })).map((tool) => tool.name));
      const missing = spec.tools.filter((name) => !offered.has(name));
      if (missing.length) return fail(`eval.tools names ${missing.join(', ')}, which ${run.server} does not have (its tools: ${[...offered].join(', ') || 'none'}).`);
    }
    const prices = await run.models.prices();
    const handles: ModelHandle[] = [];
    for (const model of models) {
      try {
        handles.push(await run.models.open(model, spec.baseUrl));
      } catch (error) {
        return fail(`Not run: ${explain(error)}`);
      }
    }

    const records: EvalRunRecord[] = [];
    const checks: ExpectationCheck[][] = [];
    const loopErrors: string[] = [];
    const runs = spec.runs ?? 1;
    for (const [index, handle] of handles.entries()) {
      for (let n = 1; n <= runs; n++) {
        if (controller.signal.aborted) break;
        const runStarted = performance.now();
        const result = await converse(handle, gateway, run, prices, controller.signal);
        if (result.status === 'stopped') break;
        const facts = factsOf(result);
        const record: EvalRunRecord = {
          model: models[index]!,
          run: n,
          passed: false,
          status: result.status,
          text: result.text,
          toolCalls: facts.calls.map(({ tool, arguments: args, isError }) => ({ tool, arguments: args, isError })),
          modelTurns: facts.modelTurns,
          usage: result.usage,
          latencyMs: Math.round(performance.now() - runStarted),
          failures: [],
        };
        if (result.status === 'failed') {
          const error = `step ${step.id}, run ${n} of ${record.model}: ${result.error?.message ?? 'the model failed'}${result.error?.hint ? ` ${result.error.hint}` : ''}`;
          record.failures.push(error);
          if (!loopErrors.includes(error)) loopErrors.push(error);
        } else {
          if (result.status === 'max-steps') record.failures.push(`no final answer within ${spec.maxSteps ?? DEFAULT_MAX_STEPS} model turns`);
          const runChecks = (step.expect ?? []).map((expectation) => checkExpectation(expectation, facts));
          checks.push(runChecks);
          record.failures.push(...runChecks.filter((check) => !check.passed).map((check) => check.message));
          if (spec.judge) {
            const graded = await judge(spec.judge, run, record, prices, controller.signal);
            record.judge = graded.verdict;
            record.usage = {
              inputTokens: record.usage.inputTokens + graded.usage.inputTokens,
              outputTokens: record.usage.outputTokens + graded.usage.outputTokens,
              ...(record.usage.cost !== undefined && (graded.usage.cost !== undefined || graded.usage.inputTokens + graded.usage.outputTokens === 0) ? { cost: record.usage.cost + (graded.usage.cost ?? 0) } : {}),
            };
            if (spec.judge.required && !graded.verdict.passed) record.failures.push(`the judge failed it: ${graded.verdict.reason}`);
          }
        }
        record.passed = record.failures.length === 0;
        records.push(record);
      }
    }

    const durationMs = Math.round(performance.now() - started);
    if (run.signal.aborted) return { result: { ...base, status: 'skipped', outcome: 'failed', error: 'The run was cancelled.', durationMs, assertions: [] }, document: { runs: records }, cancelled: true };
    const timedOut = controller.signal.aborted;
    const summary = summarize(spec.minPassRate ?? 1, models, records, spec.judge);
    const assertions = [...verdicts(step, records.filter((record) => record.status !== 'failed'), checks), ...(spec.judge ? [judgeVerdict(spec.judge, records)] : [])];
    const passed = !timedOut && records.length === runs * models.length && summary.passRate >= summary.minPassRate;
    const reasons = [
      ...(timedOut ? [`no end within the step's timeout (${step.timeoutMs} ms): ${records.length} of ${runs * models.length} runs finished`] : []),
      ...(passed ? [] : [`passed ${summary.passed} of ${summary.runs} runs (${percent(summary.passRate)}, 95% interval ${percent(summary.interval.low)}–${percent(summary.interval.high)}), and the step needs ${percent(summary.minPassRate)}.`]),
      ...loopErrors,
    ];
    const result: StepResult = {
      ...base,
      status: passed ? 'passed' : 'failed',
      // `failed` when no run got an answer from the model at all.
      outcome: records.length > 0 && records.every((record) => record.status === 'failed') ? 'failed' : 'ok',
      ...(reasons.length && !passed ? { error: reasons.join(' ') } : {}),
      durationMs,
      assertions,
      result: { runs: records },
      eval: summary,
    };
    return { result, document: { runs: records }, cancelled: false };
  } finally {
    clearTimeout(timer);
    run.signal.removeEventListener('abort', stop);
  }
}

function summarize(minPassRate: number, models: string[], records: EvalRunRecord[], judgeSpec: EvalJudge | undefined): EvalSummary {
  const passed = records.filter((record) => record.passed).length;
  const runs = records.length;
  const latencies = records.map((record) => record.latencyMs);
  let cost: number | undefined = 0;
  for (const record of records) cost = cost === undefined || record.usage.cost === undefined ? undefined : cost + record.usage.cost;
  const judged = records.filter((record) => record.judge);
  return {
    runs,
    passed,
    passRate: runs ? passed / runs : 0,
    interval: wilsonInterval(passed, runs),
    minPassRate,
    flaky: passed > 0 && passed < runs,
    latencyMs: { mean: runs ? Math.round(latencies.reduce((a, b) => a + b, 0) / runs) : 0, max: runs ? Math.max(...latencies) : 0 },
    tokens: { input: records.reduce((sum, record) => sum + record.usage.inputTokens, 0), output: records.reduce((sum, record) => sum + record.usage.outputTokens, 0) },
    ...(cost !== undefined ? { cost } : {}),
    models: models.map((model) => ({ model, runs: records.filter((record) => record.model === model).length, passed: records.filter((record) => record.model === model && record.passed).length })),
    ...(judgeSpec ? { judge: { passed: judged.filter((record) => record.judge!.passed).length, runs: judged.length, required: judgeSpec.required === true } } : {}),
  };
}
