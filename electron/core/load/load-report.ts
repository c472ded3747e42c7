/** A load run's results: what `--json` prints, what a baseline file holds, what the charts draw. */
import type { ErrorClass, ErrorClassReport } from './error-tally';
import type { LatencySummary } from './latency-histogram';
import type { MemoryTrend } from './leak-slope';
import type { ServerSample } from './server-sampler';

/** One point of the live view, about once a second. Latencies are of the calls that ended in that second. */
export interface LoadSnapshot {
  /** Milliseconds since the run started. */
  t: number;
  requests: number;
  errors: number;
  /** Calls per second over the last interval. */
  throughput: number;
  latency: Pick<LatencySummary, 'p50' | 'p90' | 'p99' | 'max'>;
  inFlight: number;
  activeSlots: number;
  server?: Pick<ServerSample, 'cpu' | 'rss'>;
}

export interface StepReport {
  name: string;
  tool: string;
  requests: number;
  errors: number;
  throughput: number;
  latency: LatencySummary;
}

export type RunEnd = 'completed' | 'stopped' | 'all-clients-lost';

export interface LoadReport {
  version: 1;
  server: string;
  transport: string;
  startedAt: string;
  elapsedMs: number;
  end: RunEnd;
  settings: { clients: number; concurrency: number; durationMs?: number; requests?: number; rate?: number; profile: string; sharedProcess: boolean };
  requests: number;
  errors: number;
  errorRate: number;
  throughput: number;
  latency: LatencySummary;
  steps: StepReport[];
  errorsByClass: Partial<Record<ErrorClass, ErrorClassReport>>;
  /** Clients whose connection ended during the run. */
  clientsLost: number;
  serverResources?: {
    samples: ServerSample[];
    peakRss: number;
    meanCpu: number;
    memoryTrend?: MemoryTrend;
    leakSuspected: boolean;
  };
  timeline: LoadSnapshot[];
}
