/**
 * A collection file's text → a Collection, or the problems that keep it from being one.
 * YAML syntax errors come from the `yaml` library with their line; format errors come from
 * the shared zod schema, and their path is looked up in the parsed document to find the
 * line too; then every variable must name something that can exist. Every problem names
 * the file and, inside `steps`, the step (its id, else `#n`).
 */
import { isNode, LineCounter, parseDocument, type Document } from 'yaml';
import { CollectionSchema, type Collection, type CollectionProblem } from '../../../shared/api/collections';
import { checkVariables } from './variable-check';

export type ParsedCollection = { collection: Collection; problems: [] } | { collection?: undefined; problems: CollectionProblem[] };

export function parseCollection(text: string, file: string): ParsedCollection {
  const lines = new LineCounter();
  // uniqueKeys: a key written twice is an error, not a silent "last one wins".
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length) {
    // The first syntax error only: the ones after it are mostly the parser losing its place.
    return {
      problems: doc.errors.slice(0, 1).map((error) => ({ file, ...(error.linePos?.[0] ? { line: error.linePos[0].line } : lineOf(lines, error.pos[0])), message: firstLine(error.message) })),
    };
  }
  const value: unknown = doc.toJS({ maxAliasCount: 100 });
  if (value === null || value === undefined) return { problems: [{ file, message: 'the file is empty: a collection has a name and steps' }] };
  const parsed = CollectionSchema.safeParse(value);
  if (parsed.success) {
    const variables = checkVariables(parsed.data);
    if (variables.length === 0) return { collection: parsed.data, problems: [] };
    return {
      problems: variables.map((problem) => {
        const path = ['steps', problem.step, ...problem.path];
        return { file, step: stepOf(value, path)!, ...locate(doc, lines, path), message: `${fieldOf(path)}: ${problem.message}` };
      }),
    };
  }
  return {
    problems: parsed.error.issues.map((issue) => {
      const path = issue.path.filter((part): part is string | number => typeof part !== 'symbol');
      const step = stepOf(value, path);
      const where = locate(doc, lines, path);
      const field = fieldOf(path);
      return { file, ...(step ? { step } : {}), ...where, message: field ? `${field}: ${issue.message}` : issue.message };
    }),
  };
}

/** `steps.2.expect.0` → the step's id (or `#3`) for the problem's `step`. */
function stepOf(value: unknown, path: ReadonlyArray<string | number>): string | undefined {
  if (path[0] !== 'steps' || typeof path[1] !== 'number') return undefined;
  const step = (value as { steps?: unknown[] }).steps?.[path[1]];
  const id = step && typeof step === 'object' ? (step as { id?: unknown }).id : undefined;
  return typeof id === 'string' && id ? id : `#${path[1] + 1}`;
}

/** The path inside the step (or the collection), in the file's own terms: `expect[0].matches`. */
function fieldOf(path: ReadonlyArray<string | number>): string {
  const inner = path[0] === 'steps' && typeof path[1] === 'number' ? path.slice(2) : path;
  let out = '';
  for (const part of inner) out += typeof part === 'number' ? `[${part}]` : out ? `.${part}` : part;
  return out;
}

/** The line of the deepest node of the path that is in the file (a missing key points at its parent). */
function locate(doc: Document, lines: LineCounter, path: ReadonlyArray<string | number>): { line?: number } {
  for (let depth = path.length; depth >= 0; depth--) {
    const node: unknown = depth === 0 ? doc.contents : doc.getIn(path.slice(0, depth), true);
    if (isNode(node) && node.range) return lineOf(lines, node.range[0]);
  }
  return {};
}

function lineOf(lines: LineCounter, offset: number | undefined): { line?: number } {
  if (offset === undefined) return {};
  return { line: lines.linePos(offset).line };
}

function firstLine(message: string): string {
  return message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
}
