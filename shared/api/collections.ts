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

/** What a step calls: a tool, a resource read or a prompt get. */
export type StepKind = 'tool' | 'resource' | 'prompt';

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
export type AssertionKind = 'outcome' | 'path' | 'schema' | 'duration';

export function assertionKind(assertion: Assertion): AssertionKind {
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

export type Step = ToolStep | ResourceStep | PromptStep;

export function stepKind(step: Step): StepKind {
  if ('tool' in step) return 'tool';
  if ('resource' in step) return 'resource';
  return 'prompt';
}

/** What the step calls: the tool's or prompt's name, or the resource's URI. */
export function stepTarget(step: Step): string {
  if ('tool' in step) return step.tool;
  if ('resource' in step) return step.resource;
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
  assertion: Assertion;
  kind: AssertionKind;
  passed: boolean;
  /** What was checked and, when it failed, what was found instead. */
  message: string;
}

type StepStatus = 'passed' | 'failed' | 'skipped';

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

const StepShape = z.strictObject({
  id: z.string({ error: 'every step needs an id (letters, digits, "-" and "_"), which later steps use to read its result' }).regex(STEP_ID, 'a step id starts with a letter or "_" and has only letters, digits, "-" and "_"').max(100),
  name: z.string().max(500).optional(),
  tool: z.string().min(1).max(512).optional(),
  resource: z.string().min(1, 'the URI is empty').max(16_384).optional(),
  prompt: z.string().min(1).max(512).optional(),
  arguments: JsonObject.optional(),
  expect: z.array(AssertionSchema).max(500).optional(),
  answers: ScriptedAnswersSchema.optional(),
  timeoutMs: z.number().int().positive().max(86_400_000).optional(),
  weight: z.number().positive('a weight is a share of the calls, above 0').max(1_000_000).optional(),
});

const STEP_KINDS = ['tool', 'resource', 'prompt'] as const;

const StepSchema = StepShape.superRefine((value, ctx) => {
  const kinds = STEP_KINDS.filter((key) => value[key] !== undefined);
  if (kinds.length !== 1) {
    ctx.addIssue({ code: 'custom', message: `a step has exactly one of tool, resource, prompt${kinds.length ? ` (this one has ${kinds.join(' and ')})` : ''}` });
    return;
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
