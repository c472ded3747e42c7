/**
 * Collections: saved requests as ordered steps with assertions, kept as YAML files in the
 * project's `.mcp-workbench/collections/` folder and run without a person, in the app and
 * in CI (`mcp-workbench test`). The types here are the file format itself (a collection read
 * from YAML is exactly a `Collection`), the run's report, and the channels. See
 * docs/collections.md.
 */
import { z } from 'zod';
import { userRegexProblem } from '../user-regex';
import { ServerNameSchema, type ServerName } from '../config/server-config';
import type { JsonSchema } from '../json-schema';
import type { ChannelTable } from './channel-table';

/** What a step does: call a tool, read a resource, get a prompt, or evaluate a model using the server's tools. */
export type StepKind = 'tool' | 'resource' | 'prompt' | 'eval';

/** How a step's request ended: answered, answered with the tool's own isError, or not answered (a protocol, connection or timeout error). */
export type StepOutcome = 'ok' | 'tool-error' | 'failed';
const STEP_OUTCOMES = ['ok', 'tool-error', 'failed'] as const satisfies readonly StepOutcome[];

/** The request ended this way. Without any outcome assertion a step expects `ok`. */
interface OutcomeAssertion {
  outcome: StepOutcome;
}

/**
 * A value in the step's result document, found by a JSON path (`$.structuredContent.total`,
 * `$.content[0].text`), checked one way: equal to a value (deep), containing a value (a
 * substring of a string, an element of an array, a subset of an object), matching a regular
 * expression (a string value), or existing (`exists: false`: the path finds nothing).
 */
type PathAssertion = { path: string } & ({ equals: unknown } | { contains: unknown } | { matches: string } | { exists: boolean });

/**
 * structuredContent is valid against a JSON Schema: `output` is the tool's own declared
 * outputSchema (the call fails the check when the tool declares none), or a schema given here.
 */
interface SchemaAssertion {
  schema: 'output' | JsonSchema;
}

/** The request took less than this many milliseconds. */
interface DurationAssertion {
  durationUnderMs: number;
}

export type Assertion = OutcomeAssertion | PathAssertion | SchemaAssertion | DurationAssertion;
/** `eval`: an eval step's expectation, held or not over its runs; `judge`: what the judge model said of them. */
export type AssertionKind = 'outcome' | 'path' | 'schema' | 'duration' | 'eval' | 'judge';

export function assertionKind(assertion: Assertion | EvalExpectation): AssertionKind {
  if (isEvalExpectation(assertion)) return 'eval';
  if ('outcome' in assertion) return 'outcome';
  if ('path' in assertion) return 'path';
  if ('schema' in assertion) return 'schema';
  return 'duration';
}

/** An answer to an elicitation (form or URL mode), as a person would give it. */
type ElicitationAnswer = { action: 'accept'; content?: Record<string, unknown> } | { action: 'decline' } | { action: 'cancel' };

/** A fixed reply to a sampling request (the model's message). */
interface SamplingAnswer {
  text: string;
  model?: string;
}

/**
 * Answers given in place of a person while the step runs, used in order: the first
 * elicitation gets the first elicitation answer, and so on. A request with no answer left
 * fails the step (it is declined so the server is not left waiting).
 * `inputResponses`: a 2026-07-28 tool's `input_required` rounds answered verbatim, one
 * object per round; without it such rounds are answered through `elicitation` and `sampling`.
 */
export interface ScriptedAnswers {
  elicitation?: ElicitationAnswer[];
  sampling?: SamplingAnswer[];
  inputResponses?: Array<Record<string, unknown>>;
}


// ---- Eval steps: a model, the server's tools, a prompt, and what the model should do. ----

/**
 * What a model should (or should not) do in each run of an eval step. One key names the
 * check; a `toolCalled` check may also look at the call's arguments: all of them
 * (`arguments`, deep equal), some of them (`argumentsContain`), or one value found by a
 * JSON path into them (`path` with `equals` / `contains` / `matches` / `exists`, as in a
 * tool step's assertions). With arguments, some call of that tool must have them.
 */
export type EvalExpectation =
  | ({ toolCalled: string } & ({ arguments?: Record<string, unknown>; argumentsContain?: Record<string, unknown> } | ({ path: string } & ({ equals: unknown } | { contains: unknown } | { matches: string } | { exists: boolean }))))
  | { toolNotCalled: string }
  | { toolCalledFirst: string }
  | { textContains: string }
  | { textMatches: string }
  | { noToolErrors: true }
  /** At most this many model turns. */
  | { maxSteps: number }
  /** At most this many tokens, input and output together, over the whole run. */
  | { maxTokens: number };

const EVAL_EXPECTATION_KEYS = ['toolCalled', 'toolNotCalled', 'toolCalledFirst', 'textContains', 'textMatches', 'noToolErrors', 'maxSteps', 'maxTokens'] as const;

export function isEvalExpectation(value: Assertion | EvalExpectation): value is EvalExpectation {
  return EVAL_EXPECTATION_KEYS.some((key) => key in value);
}

/** A model that grades each run against criteria in words; advisory unless `required`. */
export interface EvalJudge {
  /** `<provider>:<model>`, as for the eval's models. */
  model: string;
  baseUrl?: string;
  criteria: string;
  /** The judge's verdict counts toward a run's pass (default: it is shown, never counted). */
  required?: boolean;
}

/** What an eval step asks, of which model(s), how many times. */
export interface EvalSpec {
  /** One user message; or `turns`, several, each sent after the model's answer to the one before. */
  prompt?: string;
  turns?: string[];
  system?: string;
  /** `<provider>:<model>`; or `models`, several, each run `runs` times. */
  model?: string;
  models?: string[];
  /** The endpoint, for openai-compatible and for a provider's API elsewhere (a proxy, a fake). */
  baseUrl?: string;
  /** How many times each model runs the conversation (default 1). */
  runs?: number;
  temperature?: number;
  /** The server's tools the model sees (default: every tool); the ones named here run without asking, as a tool step's do. */
  tools?: string[];
  /** Model turns per run before it counts as not answering (default 10). */
  maxSteps?: number;
  /** The share of runs that must pass for the step to pass (default 1: every run). */
  minPassRate?: number;
  judge?: EvalJudge;
}

interface StepCommon {
  /** Unique in the collection; later steps use its result as `${steps.<id>.…}`. */
  id: string;
  /** What the step is for, shown in reports (default: the id). */
  name?: string;
  expect?: Assertion[];
  answers?: ScriptedAnswers;
  /** How long to wait for the answer (default: the app's call timeout). */
  timeoutMs?: number;
  /** In a load test, the step's share of the calls relative to the other steps' (default 1); a collection run ignores it. */
  weight?: number;
}

/** Strings may hold `${env.NAME}` and `${steps.<id>.<path>}`; a string that is only one variable takes the value's own type. */
export interface ToolStep extends StepCommon {
  tool: string;
  arguments?: Record<string, unknown>;
}

interface ResourceStep extends StepCommon {
  resource: string;
}

interface PromptStep extends StepCommon {
  prompt: string;
  arguments?: Record<string, string>;
}

/** A model given the server's tools and a prompt, run `runs` times; its expectations are checked in every run. */
export interface EvalStep extends Omit<StepCommon, 'expect' | 'answers' | 'weight'> {
  eval: EvalSpec;
  expect?: EvalExpectation[];
}

export type Step = ToolStep | ResourceStep | PromptStep | EvalStep;

export function stepKind(step: Step): StepKind {
  if ('tool' in step) return 'tool';
  if ('resource' in step) return 'resource';
  if ('eval' in step) return 'eval';
  return 'prompt';
}

/** The models an eval step runs, in order. */
export function evalModels(spec: EvalSpec): string[] {
  return spec.models ?? (spec.model !== undefined ? [spec.model] : []);
}

/** What the step calls: the tool's or prompt's name, the resource's URI, or an eval's model(s). */
export function stepTarget(step: Step): string {
  if ('tool' in step) return step.tool;
  if ('resource' in step) return step.resource;
  if ('eval' in step) return evalModels(step.eval).join(', ');
  return step.prompt;
}

export interface Collection {
  name: string;
  description?: string;
  /** The server every step runs against (a run may name another). */
  server?: ServerName;
  /** Stop at the first failed step (the rest are skipped); default false: every step runs. */
  bail?: boolean;
  steps: Step[];
}

/** Why a collection file cannot be used: the file, the step (its id, or `#n` counting from 1) and the line, where known. */
export interface CollectionProblem {
  file: string;
  step?: string;
  line?: number;
  message: string;
}

/** One file of the collections folder. */
export interface CollectionFile {
  /** Its name in the folder, e.g. `smoke.yaml`. */
  file: string;
  path: string;
  /** Absent when the file has problems. */
  collection?: Collection;
  problems: CollectionProblem[];
}

export interface CollectionList {
  /** The project's collections folder; absent with no project open. */
  folder?: string;
  files: CollectionFile[];
}

export interface AssertionVerdict {
  assertion: Assertion | EvalExpectation | EvalJudge;
  kind: AssertionKind;
  passed: boolean;
  /** What was checked and, when it failed, what was found instead. */
  message: string;
}

type StepStatus = 'passed' | 'failed' | 'skipped';

/** An eval step's runs in numbers: how many passed, how sure that rate is, and what they cost. */
export interface EvalSummary {
  runs: number;
  passed: number;
  passRate: number;
  /** The pass rate's 95% Wilson score interval. */
  interval: { low: number; high: number };
  /** The step passes when the pass rate is at least this. */
  minPassRate: number;
  /** Some runs passed and some failed. */
  flaky: boolean;
  latencyMs: { mean: number; max: number };
  tokens: { input: number; output: number };
  /** USD; absent when a model has no price in the price table. */
  cost?: number;
  /** Per model, in the step's order. */
  models: Array<{ model: string; runs: number; passed: number }>;
  /** How many runs the judge passed, and whether its verdict counted. */
  judge?: { passed: number; runs: number; required: boolean };
}

export interface StepResult {
  id: string;
  name?: string;
  kind: StepKind;
  /** The tool, prompt or URI, as sent (variables filled in). */
  target: string;
  status: StepStatus;
  /** Absent when the step was skipped or could not be sent (an unknown variable). */
  outcome?: StepOutcome;
  /** Why the step failed before or besides its assertions: an unknown variable, an unanswered request, the server's error. */
  error?: string;
  durationMs: number;
  assertions: AssertionVerdict[];
  /** The document the assertions and later steps' variables read (see docs/collections.md), when there was an answer. */
  result?: unknown;
  /** Eval steps: the pass rate over the runs and what they took. */
  eval?: EvalSummary;
}

const percent = (share: number) => `${Math.round(share * 100)}%`;

/** An eval step's numbers on one line, the same in every report and in the app: "2 of 3 runs passed (67%, 95% interval 21%–94%), flaky; …". */
export function describeEvalSummary(summary: EvalSummary): string {
  const rate = `${summary.passed} of ${summary.runs} runs passed (${percent(summary.passRate)}, 95% interval ${percent(summary.interval.low)}–${percent(summary.interval.high)}; needs ${percent(summary.minPassRate)})`;
  const cost = summary.cost === undefined ? 'cost unknown' : `$${summary.cost.toFixed(4)}`;
  const judge = summary.judge ? `; judge passed ${summary.judge.passed} of ${summary.judge.runs}${summary.judge.required ? '' : ' (advisory)'}` : '';
  return `${rate}${summary.flaky ? ', flaky' : ''}; latency ${summary.latencyMs.mean} ms mean, ${summary.latencyMs.max} ms max; ${summary.tokens.input} tokens in, ${summary.tokens.output} out; ${cost}${judge}`;
}

type RunStatus = 'passed' | 'failed' | 'cancelled';

export interface CollectionRunReport {
  runId: string;
  collection: string;
  /** The file it came from, when it came from one. */
  file?: string;
  server: ServerName;
  status: RunStatus;
  /** epoch ms */
  startedAt: number;
  durationMs: number;
  steps: StepResult[];
  counts: { passed: number; failed: number; skipped: number };
}

/** The payload of a `collection-progress` event: a step started (no `result`) or ended. */
export interface CollectionRunProgress {
  runId: string;
  collection: string;
  file?: string;
  /** 0-based position of the step. */
  index: number;
  total: number;
  stepId: string;
  result?: StepResult;
}

interface ReadCollectionRequest {
  file: string;
}

interface SaveCollectionRequest {
  file: string;
  collection: Collection;
}

/** Run a file of the collections folder, or a collection given whole (unsaved edits, the CLI's files). */
export interface RunCollectionRequest {
  file?: string;
  collection?: Collection;
  /** Where the given collection came from, for the report (the CLI passes its path). */
  source?: string;
  /** Over the collection's own server. */
  server?: ServerName;
  /** Over the collection's own bail. */
  bail?: boolean;
  /** Chosen by the caller so progress events and cancelCollectionRun can name the run. */
  runId?: string;
}

export interface CollectionsApi {
  /** Every `*.yaml` / `*.yml` file in the project's `.mcp-workbench/collections/`, each with its problems. */
  listCollections(): Promise<CollectionList>;
  readCollection(request: ReadCollectionRequest): Promise<CollectionFile>;
  /** Writes the collection as YAML (creating the folder); answers with the file as read back. */
  saveCollection(request: SaveCollectionRequest): Promise<CollectionFile>;
  /** Runs the steps in order; a `collection-progress` event goes out as each starts and ends. */
  runCollection(request: RunCollectionRequest): Promise<CollectionRunReport>;
  /** Stops a run after its current request is cancelled; false when no such run is going. */
  cancelCollectionRun(request: { runId: string }): Promise<boolean>;
}

// ---- The format's schema: files are checked with it, and so is every payload. ----

const STEP_ID = /^[A-Za-z_][A-Za-z0-9_-]*$/;
const JsonObject = z.record(z.string(), z.unknown());

const ElicitationAnswerSchema = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('accept'), content: JsonObject.optional() }),
  z.strictObject({ action: z.literal('decline') }),
  z.strictObject({ action: z.literal('cancel') }),
]);

const ScriptedAnswersSchema = z.strictObject({
  elicitation: z.array(ElicitationAnswerSchema).max(100).optional(),
  sampling: z.array(z.strictObject({ text: z.string().max(1_000_000), model: z.string().max(200).optional() })).max(100).optional(),
  inputResponses: z.array(JsonObject).max(100).optional(),
});

const ASSERTION_KEYS = ['outcome', 'path', 'schema', 'durationUnderMs'] as const;
const PATH_CHECKS = ['equals', 'contains', 'matches', 'exists'] as const;

/** Every key of every kind, optional; which ones go together is checked after. */
const AssertionShape = z.strictObject({
  outcome: z.enum(STEP_OUTCOMES).optional(),
  path: z.string().min(1, 'the path is empty').max(2000).optional(),
  equals: z.unknown().optional(),
  contains: z.unknown().optional(),
  matches: z.string().max(2000).optional(),
  exists: z.boolean().optional(),
  schema: z.union([z.literal('output'), JsonObject]).optional(),
  durationUnderMs: z.number().positive().max(86_400_000).optional(),
});

const AssertionSchema = AssertionShape.superRefine((value, ctx) => {
  const kinds = ASSERTION_KEYS.filter((key) => key in value);
  if (kinds.length !== 1) {
    ctx.addIssue({ code: 'custom', message: `an assertion has exactly one of ${ASSERTION_KEYS.join(', ')}${kinds.length ? ` (this one has ${kinds.join(' and ')})` : ''}` });
    return;
  }
  const checks = PATH_CHECKS.filter((key) => key in value);
  if (kinds[0] === 'path') {
    if (checks.length !== 1) ctx.addIssue({ code: 'custom', message: `a path assertion has exactly one of ${PATH_CHECKS.join(', ')}${checks.length ? ` (this one has ${checks.join(' and ')})` : ''}` });
    if (value.matches !== undefined) {
      const problem = userRegexProblem(value.matches);
      if (problem) ctx.addIssue({ code: 'custom', path: ['matches'], message: `not a usable regular expression: ${problem}` });
    }
  } else if (checks.length) ctx.addIssue({ code: 'custom', message: `${checks.join(', ')} belongs with a path` });
}) as unknown as z.ZodType<Assertion>;

const MODEL_SPEC = z.string().regex(/^[A-Za-z-]+:.+$/, 'a model is written <provider>:<model>, for example openai:gpt-4o-mini or ollama:llama3.2').max(300);
const BASE_URL = z.string().url('the base URL is not a URL').max(2000);

const ARGUMENT_CHECKS = ['arguments', 'argumentsContain', 'path'] as const;

/** Every key of every expectation, optional; which ones go together is checked after. */
const EvalExpectationSchema = z
  .strictObject({
    toolCalled: z.string().min(1).max(512).optional(),
    arguments: JsonObject.optional(),
    argumentsContain: JsonObject.optional(),
    path: z.string().min(1, 'the path is empty').max(2000).optional(),
    equals: z.unknown().optional(),
    contains: z.unknown().optional(),
    matches: z.string().max(2000).optional(),
    exists: z.boolean().optional(),
    toolNotCalled: z.string().min(1).max(512).optional(),
    toolCalledFirst: z.string().min(1).max(512).optional(),
    textContains: z.string().max(100_000).optional(),
    textMatches: z.string().max(2000).optional(),
    noToolErrors: z.literal(true, 'noToolErrors is written noToolErrors: true').optional(),
    maxSteps: z.number().int().positive().max(1000).optional(),
    maxTokens: z.number().int().positive().max(100_000_000).optional(),
  })
  .superRefine((value, ctx) => {
    const kinds = EVAL_EXPECTATION_KEYS.filter((key) => key in value);
    if (kinds.length !== 1) {
      ctx.addIssue({ code: 'custom', message: `an eval expectation has exactly one of ${EVAL_EXPECTATION_KEYS.join(', ')}${kinds.length ? ` (this one has ${kinds.join(' and ')})` : ''}` });
      return;
    }
    const argumentChecks = ARGUMENT_CHECKS.filter((key) => key in value);
    const pathChecks = PATH_CHECKS.filter((key) => key in value);
    if (kinds[0] !== 'toolCalled') {
      const extra = [...argumentChecks, ...pathChecks];
      if (extra.length) ctx.addIssue({ code: 'custom', message: `${extra.join(', ')} belongs with toolCalled` });
    } else {
      if (argumentChecks.length > 1) ctx.addIssue({ code: 'custom', message: `a toolCalled expectation checks its arguments one way: arguments, argumentsContain or path (this one has ${argumentChecks.join(' and ')})` });
      else if (argumentChecks[0] === 'path' && pathChecks.length !== 1) ctx.addIssue({ code: 'custom', message: `a path into the arguments has exactly one of ${PATH_CHECKS.join(', ')}${pathChecks.length ? ` (this one has ${pathChecks.join(' and ')})` : ''}` });
      else if (argumentChecks[0] !== 'path' && pathChecks.length) ctx.addIssue({ code: 'custom', message: `${pathChecks.join(', ')} belongs with a path into the arguments` });
    }
    for (const key of ['matches', 'textMatches'] as const) {
      const pattern = value[key];
      if (pattern === undefined) continue;
      const problem = userRegexProblem(pattern);
      if (problem) ctx.addIssue({ code: 'custom', path: [key], message: `not a usable regular expression: ${problem}` });
    }
  }) as unknown as z.ZodType<EvalExpectation>;

const EvalSpecSchema = z
  .strictObject({
    prompt: z.string().trim().min(1, 'the prompt is empty').max(100_000).optional(),
    turns: z.array(z.string().trim().min(1, 'a turn is empty').max(100_000)).min(1, 'turns lists at least one message').max(50).optional(),
    system: z.string().max(100_000).optional(),
    model: MODEL_SPEC.optional(),
    models: z.array(MODEL_SPEC).min(1, 'models lists at least one model').max(10).optional(),
    baseUrl: BASE_URL.optional(),
    runs: z.number().int('runs is a whole number').min(1, 'runs is at least 1').max(100, 'runs is at most 100').optional(),
    temperature: z.number().min(0).max(2).optional(),
    tools: z.array(z.string().min(1).max(512)).max(500).optional(),
    maxSteps: z.number().int().min(1).max(100).optional(),
    minPassRate: z.number().min(0, 'minPassRate is a share from 0 to 1').max(1, 'minPassRate is a share from 0 to 1').optional(),
    judge: z
      .strictObject({
        model: MODEL_SPEC,
        baseUrl: BASE_URL.optional(),
        criteria: z.string({ error: 'a judge needs criteria: what a good answer does, in words' }).trim().min(1, 'the criteria are empty').max(20_000),
        required: z.boolean().optional(),
      })
      .optional(),
  })
  .superRefine((value, ctx) => {
    if ((value.prompt === undefined) === (value.turns === undefined)) ctx.addIssue({ code: 'custom', message: `an eval has exactly one of prompt, turns${value.prompt !== undefined ? ' (this one has both)' : ''}` });
    if ((value.model === undefined) === (value.models === undefined)) ctx.addIssue({ code: 'custom', message: `an eval has exactly one of model, models${value.model !== undefined ? ' (this one has both)' : ''}` });
  }) as unknown as z.ZodType<EvalSpec>;

const AssertionsSchema = z.array(AssertionSchema).max(500);
const EvalExpectationsSchema = z.array(EvalExpectationSchema).max(500);

const StepShape = z.strictObject({
  id: z.string({ error: 'every step needs an id (letters, digits, "-" and "_"), which later steps use to read its result' }).regex(STEP_ID, 'a step id starts with a letter or "_" and has only letters, digits, "-" and "_"').max(100),
  name: z.string().max(500).optional(),
  tool: z.string().min(1).max(512).optional(),
  resource: z.string().min(1, 'the URI is empty').max(16_384).optional(),
  prompt: z.string().min(1).max(512).optional(),
  eval: EvalSpecSchema.optional(),
  arguments: JsonObject.optional(),
  // Checked below with the step's kind: an eval step's expectations are its own.
  expect: z.unknown().optional(),
  answers: ScriptedAnswersSchema.optional(),
  timeoutMs: z.number().int().positive().max(86_400_000).optional(),
  weight: z.number().positive('a weight is a share of the calls, above 0').max(1_000_000).optional(),
});

const STEP_KINDS = ['tool', 'resource', 'prompt', 'eval'] as const;

const StepSchema = StepShape.superRefine((value, ctx) => {
  const kinds = STEP_KINDS.filter((key) => value[key] !== undefined);
  if (kinds.length !== 1) {
    ctx.addIssue({ code: 'custom', message: `a step has exactly one of ${STEP_KINDS.join(', ')}${kinds.length ? ` (this one has ${kinds.join(' and ')})` : ''}` });
    return;
  }
  if (value.expect !== undefined) {
    const checked = (kinds[0] === 'eval' ? EvalExpectationsSchema : AssertionsSchema).safeParse(value.expect);
    if (!checked.success) {
      for (const issue of checked.error.issues) ctx.addIssue({ code: 'custom', path: ['expect', ...issue.path.filter((part): part is string | number => typeof part !== 'symbol')], message: issue.message });
    }
  }
  if (kinds[0] === 'eval') {
    for (const key of ['arguments', 'answers', 'weight'] as const) {
      if (value[key] !== undefined) ctx.addIssue({ code: 'custom', path: [key], message: `an eval step has no ${key} (the model chooses the calls${key === 'weight' ? '; a load test calls tools only' : ''})` });
    }
  }
  if (kinds[0] === 'resource' && value.arguments !== undefined) ctx.addIssue({ code: 'custom', path: ['arguments'], message: 'a resource step has no arguments (put them in the URI)' });
  if (kinds[0] === 'prompt' && value.arguments) {
    for (const [key, argument] of Object.entries(value.arguments)) {
      if (typeof argument !== 'string') ctx.addIssue({ code: 'custom', path: ['arguments', key], message: 'prompt arguments are strings (quote the value)' });
    }
  }
  if (value.answers?.inputResponses && kinds[0] !== 'tool') ctx.addIssue({ code: 'custom', path: ['answers', 'inputResponses'], message: 'inputResponses answer a tool call' });
}) as unknown as z.ZodType<Step>;

export const CollectionSchema = z
  .strictObject({
    name: z.string().trim().min(1, 'a collection needs a name').max(500),
    description: z.string().max(10_000).optional(),
    server: ServerNameSchema.optional(),
    bail: z.boolean().optional(),
    steps: z.array(StepSchema).max(1000),
  })
  .superRefine((value, ctx) => {
    const seen = new Set<string>();
    value.steps.forEach((step, index) => {
      if (seen.has(step.id)) ctx.addIssue({ code: 'custom', path: ['steps', index, 'id'], message: `another step already has the id "${step.id}"` });
      seen.add(step.id);
    });
  }) as unknown as z.ZodType<Collection>;

/** A name in the collections folder: no folders, no dot files, `.yaml` or `.yml`. */
export const CollectionFileNameSchema = z
  .string()
  .max(200)
  .regex(/^[A-Za-z0-9_][A-Za-z0-9_. -]*\.ya?ml$/, 'a collection file is a name ending in .yaml or .yml, in the collections folder (no "/" or "\\")');

const RunIdSchema = z.string().min(1).max(128);

export const collectionsChannels: ChannelTable<CollectionsApi> = {
  listCollections: { channel: 'collections:list', request: z.undefined() },
  readCollection: { channel: 'collections:read', request: z.strictObject({ file: CollectionFileNameSchema }) },
  saveCollection: { channel: 'collections:save', request: z.strictObject({ file: CollectionFileNameSchema, collection: CollectionSchema }) },
  runCollection: {
    channel: 'collections:run',
    request: z
      .strictObject({
        file: CollectionFileNameSchema.optional(),
        collection: CollectionSchema.optional(),
        source: z.string().max(4096).optional(),
        server: ServerNameSchema.optional(),
        bail: z.boolean().optional(),
        runId: RunIdSchema.optional(),
      })
      .refine((request) => (request.file === undefined) !== (request.collection === undefined), { message: 'Give either a file of the collections folder or a collection, not both.' }),
  },
  cancelCollectionRun: { channel: 'collections:cancel', request: z.strictObject({ runId: RunIdSchema }) },
};
