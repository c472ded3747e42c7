/**
 * Peak memory of this process, as the kernel tracks it: Linux keeps the high-water mark
 * of the resident set (VmHWM) and lets a process reset it to the current size (writing
 * 5 to /proc/self/clear_refs), so the peak of one operation is measured exactly, however
 * briefly it lasted. Elsewhere we fall back to sampling RSS every few milliseconds
 * (which misses peaks shorter than that, and says so).
 */
import fs from 'node:fs';

export interface PeakMeter {
  /** How the peak is measured, for the report. */
  method: string;
  /** Starts a measurement; resolves to the peak RSS growth in bytes over the start. */
  start(): { stop(): Promise<number> };
}

function statusKb(field: string): number | undefined {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(fs.readFileSync('/proc/self/status', 'utf8'));
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

function canResetPeak(): boolean {
  try {
    fs.writeFileSync('/proc/self/clear_refs', '5');
    return statusKb('VmHWM') !== undefined;
  } catch {
    return false;
  }
}

export function peakMeter(): PeakMeter {
  if (canResetPeak()) {
    return {
      method: 'kernel high-water mark (VmHWM after resetting it through /proc/self/clear_refs)',
      start() {
        fs.writeFileSync('/proc/self/clear_refs', '5');
        const before = (statusKb('VmRSS') ?? 0) * 1024;
        return { stop: async () => (statusKb('VmHWM') ?? 0) * 1024 - before };
      },
    };
  }
  return {
    method: 'RSS sampled every 2 ms (no kernel high-water mark here: short peaks are missed)',
    start() {
      const before = process.memoryUsage.rss();
      let peak = before;
      const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 2);
      return {
        stop: async () => {
          clearInterval(timer);
          return Math.max(peak, process.memoryUsage.rss()) - before;
        },
      };
    },
  };
}

/** Collects garbage twice (weak references and finalizers can free more the second time). Needs --expose-gc. */
export function collectGarbage(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('This benchmark needs node --expose-gc (npm run bench passes it).');
  gc();
  gc();
}

export const MB = 1024 * 1024;
