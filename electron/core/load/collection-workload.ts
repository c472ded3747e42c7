/**
 * A collection as a load mix: each tool step is one kind of call, chosen in proportion to
 * its `weight:` (default 1); its arguments are filled in for every call from the
 * environment (`${env.NAME}`) and the data file's rows (`${data.<column>}`, one row per
 * call in turn). Steps run independently in a mix, so one cannot read another's result.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import type { Collection } from '../../../shared/api/collections';
import { substitute, variablesIn, type VariableScope } from '../collections/variables';
import { WorkloadError } from './load-errors';
import type { LoadStep } from './load-plan';


type DataRow = Record<string, unknown>;

export function collectionSteps(collection: Collection, scope: { env: VariableScope['env']; allowedEnv?: VariableScope['allowedEnv'] }, rows: DataRow[]): LoadStep[] {
  const steps: LoadStep[] = [];
  for (const step of collection.steps) {
    if (!('tool' in step)) throw new WorkloadError(`Step "${step.id}" ${'resource' in step ? 'reads a resource' : 'eval' in step ? 'evaluates a model' : 'gets a prompt'}: a load test calls tools only. Leave it out of this collection, or copy the tool steps into one of their own.`);
    const args = step.arguments ?? {};
    const variables = variablesIn(JSON.stringify(args));
    const reading = variables.find((expression) => expression.startsWith('steps.'));
    if (reading) throw new WorkloadError(`Step "${step.id}" reads \${${reading}}: in a load test the steps run independently, so no step has another's result. Use \${data.<column>} with --data instead.`);
    if (variables.some((expression) => expression.startsWith('data.')) && rows.length === 0) throw new WorkloadError(`Step "${step.id}" reads \${data.…}: give the rows with --data <file.csv | file.json> (in the app: Data file).`);
    const fixed = variables.length === 0;
    steps.push({
      name: step.name ?? step.id,
      tool: step.tool,
      weight: step.weight ?? 1,
      // Arguments without variables are the same object every call: nothing to fill in.
      args: fixed ? () => args : (n) => substitute(args, { ...scope, steps: new Map(), ...(rows.length ? { data: rows[n % rows.length]! } : {}) }),
    });
  }
  if (steps.length === 0) throw new WorkloadError(`The collection "${collection.name}" has no steps to run.`);
  return steps;
}

/** The rows of a CSV file (a header line, then one row per line) or a JSON array of objects. */
export async function readDataRows(file: string): Promise<DataRow[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new WorkloadError(`Cannot read the data file ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}.`);
  }
  const rows = path.extname(file).toLowerCase() === '.json' ? jsonRows(text, file) : csvRows(text, file);
  if (rows.length === 0) throw new WorkloadError(`The data file ${file} has no rows.`);
  return rows;
}

function jsonRows(text: string, file: string): DataRow[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new WorkloadError(`The data file ${file} is not JSON: ${(error as Error).message}.`);
  }
  if (!Array.isArray(value) || !value.every((row) => row !== null && typeof row === 'object' && !Array.isArray(row))) {
    throw new WorkloadError(`The data file ${file} must hold a JSON array of objects, one per row (e.g. [{"city": "Oslo"}, {"city": "Lima"}]).`);
  }
  return value as DataRow[];
}

function csvRows(text: string, file: string): DataRow[] {
  try {
    return parseCsv(text, { columns: true, skip_empty_lines: true, trim: true, bom: true }) as DataRow[];
  } catch (error) {
    throw new WorkloadError(`The data file ${file} is not valid CSV: ${(error as Error).message}.`);
  }
}
