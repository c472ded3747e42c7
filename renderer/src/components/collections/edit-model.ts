/**
 * The collection editor's own model: what the form holds while someone types (arguments
 * and expected values as text, so a half-typed JSON value is kept, not lost), and the
 * conversion to and from the collection the core reads and writes. Whatever the form does
 * not edit (scripted answers, timeouts, the description) is carried through untouched, so
 * saving from the form never drops part of a hand-written file. The result is checked
 * with the format's own schema before it goes anywhere, so the form's messages are the
 * file's rules.
 */
import { CollectionSchema, type Assertion, type Collection, type Step, type StepKind, stepKind, stepTarget } from '../../../../shared/api/collections';
import type { JsonSchema } from '../../../../shared/json-schema';
import { userRegexProblem } from '../../../../shared/user-regex';

export type { StepKind };
export type PathOp = 'equals' | 'contains' | 'matches' | 'exists' | 'absent';
type Outcome = 'ok' | 'tool-error' | 'failed';

export type AssertionDraft =
  | { key: string; kind: 'outcome'; outcome: Outcome }
  | { key: string; kind: 'path'; path: string; op: PathOp; valueText: string }
  /** `schemaText` empty: the tool's own output schema; else a JSON Schema as text. */
  | { key: string; kind: 'schema'; schemaText: string }
  | { key: string; kind: 'duration'; maxMsText: string };

export interface StepDraft {
  key: string;
  kind: StepKind;
  id: string;
  name: string;
  /** The tool's name, the resource's URI or the prompt's name. */
  target: string;
  /** Arguments as JSON text (tool and prompt steps). */
  argsText: string;
  assertions: AssertionDraft[];
  /** The step's other fields (answers, timeoutMs), written back as they were. */
  rest: Record<string, unknown>;
}

export interface CollectionDraft {
  name: string;
  server: string;
  bail: boolean;
  steps: StepDraft[];
  /** The collection's other fields (description), written back as they were. */
  rest: Record<string, unknown>;
}

let nextKey = 0;
/** React keys for steps and assertions: stable while rows move, never saved. */
const newKey = (): string => `k${++nextKey}`;

/** A step id not used yet: `base`, else `base2`, `base3`, … (made a valid id first). */
export function freshStepId(base: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  // Other characters become "_", then it starts at the first letter (an id cannot start with a digit).
  let root = base
    .replace(/[^A-Za-z0-9_-]+/g, '_')
    .replace(/^[^A-Za-z]+/, '')
    .replace(/_+$/, '');
  if (!root) root = 'step';
  if (!used.has(root)) return root;
  let n = 2;
  while (used.has(`${root}${n}`)) n++;
  return `${root}${n}`;
}

/** `step1`, or the first of `step2`, `step3`, … not used yet. */
function numberedStepId(taken: Iterable<string>): string {
  const used = new Set(taken);
  let n = 1;
  while (used.has(`step${n}`)) n++;
  return `step${n}`;
}

export function newStep(takenIds: Iterable<string> = [], kind: StepKind = 'tool'): StepDraft {
  return {
    key: newKey(),
    kind,
    id: numberedStepId(takenIds),
    name: '',
    target: '',
    argsText: kind === 'resource' ? '' : '{}',
    assertions: [{ key: newKey(), kind: 'outcome', outcome: 'ok' }],
    rest: {},
  };
}

export function newAssertion(kind: AssertionDraft['kind']): AssertionDraft {
  switch (kind) {
    case 'outcome':
      return { key: newKey(), kind, outcome: 'ok' };
    case 'path':
      return { key: newKey(), kind, path: '$.structuredContent', op: 'equals', valueText: '' };
    case 'schema':
      return { key: newKey(), kind, schemaText: '' };
    case 'duration':
      return { key: newKey(), kind, maxMsText: '1000' };
  }
}

export function toDraft(collection: Collection): CollectionDraft {
  const { name, server, bail, steps, ...rest } = collection;
  return { name, server: server ?? '', bail: bail === true, steps: steps.map(stepToDraft), rest };
}

function stepToDraft(step: Step): StepDraft {
  const kind = stepKind(step);
  if ('eval' in step) {
    // Written in the file and kept as written: the form shows the step, its id and name.
    const { id, name, ...rest } = step;
    return { key: newKey(), kind, id, name: name ?? '', target: stepTarget(step), argsText: '', assertions: [], rest };
  }
  const { id, name, expect, tool: _tool, resource: _resource, prompt: _prompt, arguments: args, ...rest } = step as Exclude<Step, { eval: unknown }> & { tool?: string; resource?: string; prompt?: string; arguments?: Record<string, unknown> };
  return {
    key: newKey(),
    kind,
    id,
    name: name ?? '',
    target: stepTarget(step),
    argsText: kind === 'resource' ? '' : JSON.stringify(args ?? {}, null, 2),
    assertions: (expect ?? []).map(assertionToDraft),
    rest,
  };
}

function assertionToDraft(assertion: Assertion): AssertionDraft {
  if ('outcome' in assertion) return { key: newKey(), kind: 'outcome', outcome: assertion.outcome };
  if ('schema' in assertion) return { key: newKey(), kind: 'schema', schemaText: assertion.schema === 'output' ? '' : JSON.stringify(assertion.schema, null, 2) };
  if ('durationUnderMs' in assertion) return { key: newKey(), kind: 'duration', maxMsText: String(assertion.durationUnderMs) };
  const base = { key: newKey(), kind: 'path' as const, path: assertion.path };
  if ('equals' in assertion) return { ...base, op: 'equals', valueText: JSON.stringify(assertion.equals) };
  if ('contains' in assertion) return { ...base, op: 'contains', valueText: JSON.stringify(assertion.contains) };
  if ('matches' in assertion) return { ...base, op: 'matches', valueText: assertion.matches };
  return { ...base, op: assertion.exists ? 'exists' : 'absent', valueText: '' };
}

export type DraftResult = { ok: true; collection: Collection } | { ok: false; problems: string[] };

/** The collection to save or run, or every problem of the form, each naming its step. */
export function fromDraft(draft: CollectionDraft): DraftResult {
  const problems: string[] = [];
  const where = (index: number) => {
    const id = draft.steps[index]?.id.trim();
    return `Step ${index + 1}${id ? ` (${id})` : ''}`;
  };
  const steps = draft.steps.map((step, index) => {
    if (step.kind === 'eval') return { id: step.id.trim(), ...(step.name.trim() ? { name: step.name.trim() } : {}), ...step.rest } as unknown as Step;
    const expect = step.assertions.flatMap((assertion) => {
      const built = draftToAssertion(assertion);
      if (typeof built === 'string') {
        problems.push(`${where(index)}: ${built}`);
        return [];
      }
      return [built];
    });
    const args = step.kind === 'resource' ? {} : parseArgs(step.argsText, step.kind);
    if (typeof args === 'string') problems.push(`${where(index)}: ${args}`);
    const target = step.target.trim();
    if (!target) problems.push(`${where(index)}: ${step.kind === 'resource' ? 'a resource URI' : step.kind === 'prompt' ? 'a prompt name' : 'a tool name'} is required.`);
    // Keys in the order the format's docs show them, so a saved file reads the same way.
    return {
      id: step.id.trim(),
      ...(step.name.trim() ? { name: step.name.trim() } : {}),
      [step.kind]: target,
      ...(typeof args === 'object' && Object.keys(args).length > 0 ? { arguments: args } : {}),
      ...(expect.length > 0 ? { expect } : {}),
      ...step.rest,
    } as unknown as Step;
  });
  const collection = {
    name: draft.name.trim(),
    ...draft.rest,
    ...(draft.server.trim() ? { server: draft.server.trim() } : {}),
    ...(draft.bail ? { bail: true } : {}),
    steps,
  } as Collection;
  // The format's own rules (ids, names, one check per assertion), in the form's words.
  const checked = CollectionSchema.safeParse(collection);
  if (!checked.success) problems.push(...checked.error.issues.filter((issue) => !isEmptyTarget(issue.path)).map((issue) => schemaProblem(issue, where)));
  return problems.length > 0 ? { ok: false, problems } : { ok: true, collection };
}

/** An empty tool, URI or prompt name: said above already, in the form's words. */
function isEmptyTarget(path: readonly PropertyKey[]): boolean {
  return path[0] === 'steps' && (path[2] === 'tool' || path[2] === 'resource' || path[2] === 'prompt') && path.length === 3;
}

function schemaProblem(issue: { path: readonly PropertyKey[]; message: string }, where: (index: number) => string): string {
  const [first, index, field] = issue.path;
  if (first === 'steps' && typeof index === 'number') return `${where(index)}${field === undefined ? '' : ` ${String(field)}`}: ${issue.message}`;
  if (first === 'name') return `The collection's name: ${issue.message}`;
  if (first === 'server') return `The collection's server: ${issue.message}`;
  return issue.message;
}

function parseArgs(text: string, kind: StepKind): Record<string, unknown> | string {
  if (!text.trim()) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return `the arguments are not JSON: ${(error as Error).message}`;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return 'the arguments must be a JSON object, such as {"text": "hi"}.';
  if (kind === 'prompt') {
    const notText = Object.entries(value).filter(([, argument]) => typeof argument !== 'string');
    if (notText.length > 0) return `prompt arguments are strings: quote ${notText.map(([key]) => key).join(', ')}.`;
  }
  return value as Record<string, unknown>;
}

/** A JSON value as typed; text that is not JSON is taken as a string (so `hello` means "hello"). */
function parseValue(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function draftToAssertion(draft: AssertionDraft): Assertion | string {
  switch (draft.kind) {
    case 'outcome':
      return { outcome: draft.outcome };
    case 'schema': {
      if (!draft.schemaText.trim()) return { schema: 'output' };
      const schema = parseValue(draft.schemaText);
      if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return 'the schema must be a JSON object (or leave it empty for the tool’s own output schema).';
      return { schema: schema as JsonSchema };
    }
    case 'duration': {
      const max = Number(draft.maxMsText);
      if (!draft.maxMsText.trim() || !Number.isFinite(max) || max <= 0) return `the duration limit must be a positive number of milliseconds (not “${draft.maxMsText}”).`;
      return { durationUnderMs: max };
    }
    case 'path': {
      const path = draft.path.trim();
      if (!path) return 'a JSON path is required (for example $.structuredContent.sum).';
      if (draft.op === 'exists') return { path, exists: true };
      if (draft.op === 'absent') return { path, exists: false };
      if (draft.op === 'matches') {
        const problem = userRegexProblem(draft.valueText);
        if (problem) return `the pattern for ${path} cannot be used: ${problem}`;
        return { path, matches: draft.valueText };
      }
      if (!draft.valueText.trim()) return `the expected value for ${path} is empty (write JSON, such as 5, "text" or {"a": 1}).`;
      return draft.op === 'equals' ? { path, equals: parseValue(draft.valueText) } : { path, contains: parseValue(draft.valueText) };
    }
  }
}
