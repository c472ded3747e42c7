/**
 * What a benchmark reports: figures (each a ratio or a difference against a baseline
 * measured in the same run, with its goal), the samples behind them, and notes.
 * The runner (bench/run.ts) turns these into the table and bench/results.json.
 */
import type { Summary } from './stats';

/** Every goal is an upper bound: the figure must be at most `max`. */
export interface Goal {
  max: number;
}

/** One side of a comparison: what was measured, and its samples' summary (or a single value). */
export interface Side {
  label: string;
  unit: string;
  summary?: Summary;
  value?: number;
}

export interface Figure {
  id: string;
  /** What the number is, in words (e.g. "median per call, core ÷ bare SDK"). */
  label: string;
  value: number;
  unit: string;
  goal?: Goal;
  /** Whether the goal is met; null when the figure has no goal (reported for information). */
  met: boolean | null;
  subject?: Side;
  baseline?: Side;
  /**
   * What stops the figure short of its goal on a 2-CPU machine, as the profiles show it
   * (docs/development.md has the measurements): printed under the table when it is missed.
   */
  floor?: string;
}

export interface BenchmarkOutput {
  figures: Figure[];
  /** Anything else worth keeping (raw counts, sizes, settings used). */
  details?: Record<string, unknown>;
  notes?: string[];
}

export interface BenchmarkResult extends BenchmarkOutput {
  id: string;
  title: string;
  ok: boolean;
  error?: string;
  durationMs: number;
}

export function figure(fields: Omit<Figure, 'met'>): Figure {
  const met = fields.goal ? Number.isFinite(fields.value) && fields.value <= fields.goal.max : null;
  return { ...fields, met };
}
