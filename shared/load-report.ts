/**
 * A load run's results, as the core measures them and every front end reads them: what the
 * CLI's `--json` prints, what a baseline file holds, what the Load tab and the HTML report
 * chart. Plain data only, so the page, the CLI and the core share one definition.
 */

/** How a failed call failed: a JSON-RPC error, the tool's own isError, an HTTP status, a timeout, a lost connection. */
export type LoadErrorClass = 'jsonrpc' | 'tool-error' | 'http' | 'timeout' | 'connection-lost' | 'other';

export interface ErrorClassReport {
  count: number;
  top: Array<{ message: string; count: number }>;
}

/** Milliseconds. */
export interface LatencySummary {
  p50: number;
  p90: number;
  p95: number;
  p99: number;
  p999: number;
  max: number;
  mean: number;
}

export interface MemoryTrend {
  /** Bytes per minute (negative when memory shrinks). */
  bytesPerMinute: number;
  /** How well a straight line explains the samples (0..1). */
  r2: number;
  samples: number;
}

export interface ServerSample {
  /** Milliseconds since the run started. */
  t: number;
  /** CPU, in percent of one core, summed over the processes. */
  cpu: number;
  /** Resident memory in bytes, summed over the processes. */
  rss: number;
  processes: number;
}

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

/** The protocol the run's clients spoke. */
export interface LoadProtocol {
  era: 'legacy' | 'modern';
  version?: string;
}

export interface LoadReport {
  version: 1;
  server: string;
  transport: string;
  /** Absent in reports of earlier versions. */
  protocol?: LoadProtocol;
  startedAt: string;
  elapsedMs: number;
  end: RunEnd;
  settings: { clients: number; concurrency: number; durationMs?: number; requests?: number; rate?: number; profile: string; sharedProcess: boolean; churn?: number };
  /** With churn: the sessions opened in all (the first ones included) and how long opening one took. */
  sessions?: { opened: number; setup: LatencySummary };
  requests: number;
  errors: number;
  errorRate: number;
  throughput: number;
  latency: LatencySummary;
  steps: StepReport[];
  errorsByClass: Partial<Record<LoadErrorClass, ErrorClassReport>>;
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

/** The hard limits of any run, whatever it asks for. */
export const LOAD_LIMITS = {
  maxClients: 1000,
  maxConcurrency: 1000,
  maxDurationMs: 24 * 3_600_000,
  maxRequests: 100_000_000,
} as const;

/** A budget checked against a finished run. */
export interface BudgetVerdict {
  budget: string;
  ok: boolean;
  actual: number;
  /** The limit in the metric's unit (a relative budget's limit is worked out from the baseline). */
  limit: number;
  unit: string;
}
