/** What `mcp-workbench test` hands its reporters: each collection's report, or why it could not run. */
import type { CollectionRunReport, StepResult } from '../../../shared/api/collections';

export type CollectionOutcome =
  | { kind: 'ran'; report: CollectionRunReport }
  /** The run could not start or was stopped by an error of its own (the server did not connect, say). */
  | { kind: 'error'; file: string; collection: string; server?: string; message: string };

export const REPORTERS = ['pretty', 'junit', 'tap', 'json'] as const;
export type ReporterName = (typeof REPORTERS)[number];

/** A step's name in reports: its id, with its name when it has one, on one line. */
export function stepLabel(step: StepResult): string {
  return (step.name ? `${step.id}: ${step.name}` : step.id).replace(/\s*[\r\n]+\s*/g, ' ');
}

/** Why a step failed, one line each: its error, then each assertion that did not hold. */
export function failureLines(step: StepResult): string[] {
  return [...(step.error ? [step.error] : []), ...step.assertions.filter((verdict) => !verdict.passed).map((verdict) => verdict.message)];
}

export interface Totals {
  passed: number;
  failed: number;
  skipped: number;
  errors: number;
  durationMs: number;
}

export function totalsOf(outcomes: readonly CollectionOutcome[]): Totals {
  const totals: Totals = { passed: 0, failed: 0, skipped: 0, errors: 0, durationMs: 0 };
  for (const outcome of outcomes) {
    if (outcome.kind === 'error') {
      totals.errors++;
      continue;
    }
    totals.passed += outcome.report.counts.passed;
    totals.failed += outcome.report.counts.failed;
    totals.skipped += outcome.report.counts.skipped;
    totals.durationMs += outcome.report.durationMs;
  }
  return totals;
}
