/** Collection runs for a person at a terminal: each step with a mark, why each failure failed, the totals. */
import { formatMs } from '../table';
import { describeEvalSummary, type StepResult } from '../../../shared/api/collections';
import { failureLines, stepLabel, totalsOf, type CollectionOutcome } from './collection-results';

const MARKS = { passed: '✓', failed: '✗', skipped: '-' } as const;

export function collectionHeader(collection: string, file: string | undefined, server: string | undefined): string {
  return `${collection}${file ? ` (${file})` : ''}${server ? ` on ${server}` : ''}`;
}

/** A step's line, and under a failed or skipped one its reasons. */
export function stepPretty(step: StepResult): string[] {
  const lines = [`  ${MARKS[step.status]} ${stepLabel(step)}${step.status === 'skipped' ? '' : `  ${formatMs(step.durationMs)}`}`];
  if (step.eval) lines.push(`      ${describeEvalSummary(step.eval)}`);
  if (step.status === 'failed') for (const line of failureLines(step)) lines.push(`      ${line}`);
  if (step.status === 'skipped' && step.error) lines.push(`      ${step.error}`);
  return lines;
}

function collectionPretty(outcome: CollectionOutcome): string[] {
  if (outcome.kind === 'error') return [collectionHeader(outcome.collection, outcome.file, outcome.server), `  ✗ could not run: ${outcome.message}`];
  const { report } = outcome;
  return [collectionHeader(report.collection, report.file, report.server), ...report.steps.flatMap(stepPretty)];
}

export function summaryLine(outcomes: readonly CollectionOutcome[]): string {
  const totals = totalsOf(outcomes);
  const parts = [`${totals.passed} passed`, `${totals.failed} failed`, `${totals.skipped} skipped`, ...(totals.errors ? [`${totals.errors} could not run`] : [])];
  return `${parts.join(', ')} (${outcomes.length} ${outcomes.length === 1 ? 'collection' : 'collections'}, ${formatMs(totals.durationMs)})`;
}

export function collectionsPretty(outcomes: readonly CollectionOutcome[]): string {
  return `${[...outcomes.flatMap((outcome) => [...collectionPretty(outcome), '']), summaryLine(outcomes)].join('\n')}\n`;
}
