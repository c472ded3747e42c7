/**
 * Latencies in an HDR histogram (hdr-histogram-js, pure JS build): memory stays the same
 * whether a run makes a hundred calls or a million, and every percentile is exact to three
 * significant digits. Values are recorded in microseconds and read back in milliseconds.
 */
import * as hdr from 'hdr-histogram-js';

/** One hour, in microseconds: the longest call we expect a time limit to allow. */
const HIGHEST_US = 3_600_000_000;

import type { LatencySummary } from '../../../shared/load-report';

export type { LatencySummary };

export class LatencyHistogram {
  // The WebAssembly build is skipped: it is no faster for one value at a time, and it keeps memory outside the JS heap we watch.
  private readonly histogram = hdr.build({ lowestDiscernibleValue: 1, highestTrackableValue: HIGHEST_US, numberOfSignificantValueDigits: 3, useWebAssembly: false });

  recordMs(ms: number): void {
    this.histogram.recordValue(Math.min(HIGHEST_US, Math.max(1, Math.round(ms * 1000))));
  }

  get count(): number {
    return this.histogram.totalCount;
  }

  add(other: LatencyHistogram): void {
    this.histogram.add(other.histogram);
  }

  reset(): void {
    this.histogram.reset();
  }

  summary(): LatencySummary {
    const h = this.histogram;
    if (h.totalCount === 0) return { p50: 0, p90: 0, p95: 0, p99: 0, p999: 0, max: 0, mean: 0 };
    const max = h.maxValue;
    const ms = (us: number) => Math.round(us) / 1000;
    // A percentile is the top of its bucket, which can lie above the largest value recorded.
    const at = (percentile: number) => ms(Math.min(max, h.getValueAtPercentile(percentile)));
    return {
      p50: at(50),
      p90: at(90),
      p95: at(95),
      p99: at(99),
      p999: at(99.9),
      max: ms(max),
      mean: ms(h.mean),
    };
  }
}
