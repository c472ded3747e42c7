/**
 * The growth of a server's memory over a run: the least-squares slope of RSS against time.
 * A server that leaks shows a steady positive slope; one that only warms up shows a slope
 * that the fit's R² calls weak.
 */
import type { MemoryTrend } from '../../../shared/load-report';

export type { MemoryTrend };

export function memoryTrend(points: ReadonlyArray<{ t: number; rss: number }>): MemoryTrend | undefined {
  const n = points.length;
  if (n < 3) return undefined;
  let sumT = 0;
  let sumR = 0;
  for (const p of points) {
    sumT += p.t;
    sumR += p.rss;
  }
  const meanT = sumT / n;
  const meanR = sumR / n;
  let covariance = 0;
  let varianceT = 0;
  let varianceR = 0;
  for (const p of points) {
    covariance += (p.t - meanT) * (p.rss - meanR);
    varianceT += (p.t - meanT) ** 2;
    varianceR += (p.rss - meanR) ** 2;
  }
  if (varianceT === 0) return undefined;
  const slopePerMs = covariance / varianceT;
  const r2 = varianceR === 0 ? 0 : (covariance * covariance) / (varianceT * varianceR);
  return { bytesPerMinute: Math.round(slopePerMs * 60_000), r2: Math.round(r2 * 1000) / 1000, samples: n };
}

/** Fewer samples than this (about one a second) say nothing about a leak. */
const LEAK_MIN_SAMPLES = 8;

/** A slope that says "leak": over enough samples, steady (R² ≥ 0.8) and at least 1 MiB a minute. */
export function looksLikeLeak(trend: MemoryTrend | undefined): boolean {
  return trend !== undefined && trend.samples >= LEAK_MIN_SAMPLES && trend.r2 >= 0.8 && trend.bytesPerMinute >= 1024 * 1024;
}

/**
 * The samples a trend is fitted on: the first fifth of the run is left out, as a server
 * that has just started grows while it warms up (code loaded, caches filled).
 */
export function afterWarmUp<T extends { t: number }>(points: readonly T[], elapsedMs: number): T[] {
  return points.filter((point) => point.t >= elapsedMs * 0.2);
}
