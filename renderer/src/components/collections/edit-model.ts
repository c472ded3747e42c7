/**
 * The collection editor's own model: what the form holds while someone types (arguments
 * and expected values as text, so a half-typed JSON value is kept, not lost), and the
 * conversion to and from the collection the core reads and writes. Whatever the form does
 * not edit (scripted answers, a step's own schema, fields of a newer format) is carried
 * through untouched, so saving from the form never drops part of a hand-written file.
 */
import type { Assertion, Collection, CollectionStep } from './draft-types';

export type StepKind = 'tool' | 'resource' | 'prompt';
export type PathOp = 'equals' | 'contains' | 'matches' | 'exists' | 'absent';

export type AssertionDraft =
  | { key: string; kind: 'outcome'; outcome: 'ok' | 'tool-error' | 'failed' }
  | { key: string; kind: 'path'; path: string; op: PathOp; valueText: string }
  | { key: string; kind: 'schema' }
  | { key: string; kind: 'duration'; maxMsText: string };

export interface StepDraft {
  key: string;
  kind: StepKind;
  id: string;
  /** The tool's name, the resource's URI or the prompt's name. */
  target: string;
  /** Arguments as JSON text (tool and prompt steps). */
  argsText: string;
  assertions: AssertionDraft[];
  /** The step's other fields, written back as they were. */
  rest: Record<string, unknown>;
}

export interface CollectionDraft {
  name: string;
  server: string;
  steps: StepDraft[];
  rest: Record<string, unknown>;
}

let nextKey = 0;
/** React keys for steps and assertions: stable while rows move, never saved. */
export const newKey = (): string => `k${++nextKey}`;

export function newStep(kind: StepKind = 'tool'): StepDraft {
  return { key: newKey(), kind, id: '', target: '', argsText: kind === 'resource' ? '' : '{}', assertions: [{ key: newKey(), kind: 'outcome', outcome: 'ok' }], rest: {} };
}

export function newAssertion(kind: AssertionDraft['kind']): AssertionDraft {
  switch (kind) {
    case 'outcome':
      return { key: newKey(), kind, outcome: 'ok' };
    case 'path':
      return { key: newKey(), kind, path: '$.', op: 'equals', valueText: '' };
    case 'schema':
      return { key: newKey(), kind };
    case 'duration':
      return { key: newKey(), kind, maxMsText: '1000' };
  }
}

export function toDraft(collection: Collection): CollectionDraft {
  const { name, server, steps, ...rest } = collection;
  return { name: name ?? '', server: server ?? '', steps: steps.map(stepToDraft), rest };
}

function stepToDraft(step: CollectionStep): StepDraft {
  const { id, assert, ...others } = step;
  const assertions = (assert ?? []).map(assertionToDraft);
  if ('tool' in step) {
    const { tool, arguments: args, ...rest } = others as typeof others & { tool: string; arguments?: unknown };
    return { key: newKey(), kind: 'tool', id: id ?? '', target: tool, argsText: JSON.stringify(args ?? {}, null, 2), assertions, rest };
  }
  if ('resource' in step) {
    const { resource, ...rest } = others as typeof others & { resource: string };
    return { key: newKey(), kind: 'resource', id: id ?? '', target: resource, argsText: '', assertions, rest };
  }
  const { prompt, arguments: args, ...rest } = others as typeof others & { prompt: string; arguments?: unknown };
  return { key: newKey(), kind: 'prompt', id: id ?? '', target: prompt, argsText: JSON.stringify(args ?? {}, null, 2), assertions, rest };
}

function assertionToDraft(assertion: Assertion): AssertionDraft {
  if ('outcome' in assertion) return { key: newKey(), kind: 'outcome', outcome: assertion.outcome };
  if ('outputSchema' in assertion) return { key: newKey(), kind: 'schema' };
  if ('maxDurationMs' in assertion) return { key: newKey(), kind: 'duration', maxMsText: String(assertion.maxDurationMs) };
  const op: PathOp = 'equals' in assertion ? 'equals' : 'contains' in assertion ? 'contains' : 'matches' in assertion ? 'matches' : assertion.exists === false ? 'absent' : 'exists';
  const value = op === 'equals' ? assertion.equals : op === 'contains' ? assertion.contains : op === 'matches' ? assertion.matches : undefined;
  return { key: newKey(), kind: 'path', path: assertion.path, op, valueText: op === 'matches' ? String(value ?? '') : value === undefined ? '' : JSON.stringify(value) };
}

export type DraftResult = { ok: true; collection: Collection } | { ok: false; problems: string[] };

/** The collection to save, or every problem of the form, each naming its step. */
export function fromDraft(draft: CollectionDraft): DraftResult {
  const problems: string[] = [];
  if (!draft.name.trim()) problems.push('The collection needs a name.');
  if (draft.steps.length === 0) problems.push('Add at least one step.');
  const ids = new Set<string>();
  const steps = draft.steps.map((step, index) => {
    const where = `Step ${index + 1}${step.id.trim() ? ` (${step.id.trim()})` : ''}`;
    const id = step.id.trim();
    if (id) {
      if (ids.has(id)) problems.push(`${where}: the id “${id}” is used by an earlier step.`);
      ids.add(id);
    }
    if (!step.target.trim()) problems.push(`${where}: ${step.kind === 'resource' ? 'a resource URI' : step.kind === 'prompt' ? 'a prompt name' : 'a tool name'} is required.`);
    const assert = step.assertions.flatMap((assertion) => {
      const built = draftToAssertion(assertion);
      if (typeof built === 'string') {
        problems.push(`${where}: ${built}`);
        return [];
      }
      return [built];
    });
    const head = { ...(id ? { id } : {}) };
    const tail = { ...step.rest, ...(assert.length > 0 ? { assert } : {}) };
    if (step.kind === 'resource') return { ...head, resource: step.target.trim(), ...tail } as CollectionStep;
    const args = parseArgs(step.argsText);
    if (typeof args === 'string') problems.push(`${where}: ${args}`);
    const withArgs = typeof args === 'object' && Object.keys(args).length > 0 ? { arguments: args } : {};
    return (step.kind === 'tool' ? { ...head, tool: step.target.trim(), ...withArgs, ...tail } : { ...head, prompt: step.target.trim(), ...withArgs, ...tail }) as CollectionStep;
  });
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, collection: { ...draft.rest, name: draft.name.trim(), ...(draft.server.trim() ? { server: draft.server.trim() } : {}), steps } as Collection };
}

function parseArgs(text: string): Record<string, unknown> | string {
  if (!text.trim()) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return `the arguments are not JSON: ${(error as Error).message}`;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return 'the arguments must be a JSON object, such as {"text": "hi"}.';
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
    case 'schema':
      return { outputSchema: true };
    case 'duration': {
      const max = Number(draft.maxMsText);
      if (!draft.maxMsText.trim() || !Number.isFinite(max) || max <= 0) return `the duration limit must be a positive number of milliseconds (not “${draft.maxMsText}”).`;
      return { maxDurationMs: max };
    }
    case 'path': {
      const path = draft.path.trim();
      if (!path.startsWith('$')) return `the JSON path “${path}” must start with $ (for example $.structuredContent.sum).`;
      if (draft.op === 'exists') return { path, exists: true };
      if (draft.op === 'absent') return { path, exists: false };
      if (draft.op === 'matches') {
        try {
          new RegExp(draft.valueText);
        } catch (error) {
          return `the pattern for ${path} is not a regular expression: ${(error as Error).message}`;
        }
        return { path, matches: draft.valueText };
      }
      if (!draft.valueText.trim()) return `the expected value for ${path} is empty (write JSON, such as 5, "text" or {"a": 1}).`;
      return draft.op === 'equals' ? { path, equals: parseValue(draft.valueText) } : { path, contains: parseValue(draft.valueText) };
    }
  }
}
