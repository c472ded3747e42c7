/**
 * Budgets a run must meet: `p95<=200ms,p99<=500ms,errors<=0.5%,throughput>=100/s`, and,
 * against a baseline report, relative ones: `p95<=+15%` (at most 15% slower than the
 * baseline), `throughput>=-10%`. Parsed before anything starts, with an error that names
 * the part that is wrong; checked against the finished report, naming each one missed.
 */
import type { BudgetVerdict } from '../../../shared/load-report';

type LatencyMetric = 'p50' | 'p90' | 'p95' | 'p99' | 'p999' | 'max' | 'mean';
type Metric = LatencyMetric | 'errors' | 'throughput';
type Operator = '<=' | '<' | '>=' | '>';

export interface Budget {
  text: string;
  metric: Metric;
  operator: Operator;
  /** Absolute: ms for latencies, a share (0..1) or a count for errors, calls/s for throughput. */
  value: number;
  /** `errors<=3` counts errors; `errors<=0.5%` is their share of the requests. */
  errorsAsCount?: boolean;
  /** Relative to the baseline: +0.15 is "15% more than the baseline's". */
  relative?: boolean;
}

export class BudgetError extends Error {}

/** What a budget is checked against: the overall figures of a run's report. */
export interface BudgetFigures {
  requests: number;
  errors: number;
  throughput: number;
  latency: Record<LatencyMetric, number>;
}

export type { BudgetVerdict };

const PART = /^(p50|p90|p95|p99|p999|max|mean|errors|throughput)\s*(<=|>=|<|>)\s*([+-]?\d+(?:\.\d+)?)\s*(ms|s|us|%|\/s)?$/;
const USAGE = 'Budgets look like "p95<=200ms,p99<=500ms,errors<=0.5%,throughput>=50/s", or against --baseline "p95<=+15%".';

export function parseBudgets(text: string): Budget[] {
  const parts = text.split(',').map((part) => part.trim());
  if (parts.every((part) => part === '')) throw new BudgetError(`--budget is empty. ${USAGE}`);
  return parts.map((part) => {
    if (part === '') throw new BudgetError(`--budget "${text}" has an empty part (two commas in a row, or one at the end). ${USAGE}`);
    const match = PART.exec(part.replace(/\s+/g, ''));
    if (!match) throw new BudgetError(`--budget: "${part}" is not a budget. ${USAGE}`);
    const [, metric, operator, number, unit] = match as unknown as [string, Metric, Operator, string, string | undefined];
    const signed = number.startsWith('+') || number.startsWith('-');
    const value = Number(number);
    if (signed) {
      if (unit !== '%') throw new BudgetError(`--budget: "${part}": a change relative to the baseline is written in percent, e.g. ${metric}${operator}+15%.`);
      return { text: part, metric, operator, value: value / 100, relative: true };
    }
    if (metric === 'errors') {
      if (unit !== undefined && unit !== '%') throw new BudgetError(`--budget: "${part}": errors are a share ("errors<=0.5%") or a count ("errors<=3").`);
      return unit === '%' ? { text: part, metric, operator, value: value / 100 } : { text: part, metric, operator, value, errorsAsCount: true };
    }
    if (metric === 'throughput') {
      if (unit !== undefined && unit !== '/s') throw new BudgetError(`--budget: "${part}": throughput is in calls per second ("throughput>=50/s").`);
      return { text: part, metric, operator, value };
    }
    if (unit === undefined) throw new BudgetError(`--budget: "${part}" needs a unit: ms, s or us (e.g. ${metric}${operator}${number}ms).`);
    if (unit === '%' || unit === '/s') throw new BudgetError(`--budget: "${part}": a latency is in ms, s or us; a percentage is relative to --baseline and written with a sign (${metric}${operator}+${number}%).`);
    return { text: part, metric, operator, value: unit === 's' ? value * 1000 : unit === 'us' ? value / 1000 : value };
  });
}

function figure(figures: BudgetFigures, budget: Budget): number {
  if (budget.metric === 'throughput') return figures.throughput;
  if (budget.metric === 'errors') return budget.errorsAsCount ? figures.errors : figures.requests === 0 ? 0 : figures.errors / figures.requests;
  return figures.latency[budget.metric];
}

function holds(actual: number, operator: Operator, limit: number): boolean {
  switch (operator) {
    case '<=':
      return actual <= limit;
    case '<':
      return actual < limit;
    case '>=':
      return actual >= limit;
    case '>':
      return actual > limit;
  }
}

function unitOf(budget: Budget): string {
  if (budget.metric === 'throughput') return '/s';
  if (budget.metric === 'errors') return budget.errorsAsCount ? '' : '%';
  return 'ms';
}

/** Checks every budget; a relative one needs the baseline (checked when the options are read). */
export function checkBudgets(budgets: Budget[], run: BudgetFigures, baseline?: BudgetFigures): BudgetVerdict[] {
  return budgets.map((budget) => {
    let limit = budget.value;
    if (budget.relative) {
      if (!baseline) throw new BudgetError(`--budget "${budget.text}" is relative: give --baseline <report.json> to compare with.`);
      limit = figure(baseline, { ...budget, errorsAsCount: false }) * (1 + budget.value);
    }
    const actual = figure(run, budget);
    const percent = budget.metric === 'errors' && !budget.errorsAsCount;
    const shown = (n: number) => Math.round((percent ? n * 100 : n) * 1000) / 1000;
    return { budget: budget.text, ok: holds(actual, budget.operator, limit), actual: shown(actual), limit: shown(limit), unit: unitOf(budget) };
  });
}
