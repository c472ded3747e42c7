/**
 * Load runs in the app: many clients calling a server's tools at once, measured live, kept
 * with the run in the data folder, and read back to compare. A run is started with
 * startLoadRun (it answers once the load is under way, or with the reason it could not
 * start), streams `load-progress` events about once a second, and ends with a `load-ended`
 * event. The same safety rails as the CLI's `load`: a server not on this machine needs
 * `allowRemote`, a tool not marked read-only needs `allowDestructive`, every run is bounded.
 */
import { z } from 'zod';
import { ServerNameSchema, type ServerName } from '../config/server-config';
import { LOAD_LIMITS, type BudgetVerdict, type LoadReport } from '../load-report';
import type { ChannelTable } from './channel-table';

/** What every call does: one tool with its arguments, or a collection file's tool steps as a weighted mix. */
type LoadWorkload =
  | { tool: string; arguments?: Record<string, unknown> }
  /** `data`: a .csv or .json file of the collections folder whose rows fill the steps' ${data.<column>}, one per call in turn. */
  | { collection: string; data?: string };

export interface LoadRunRequest {
  server: ServerName;
  workload: LoadWorkload;
  /** K clients, each with its own connection (and, for stdio, its own server process unless sharedProcess). */
  clients: number;
  /** N calls in flight per client. */
  concurrency: number;
  /** Bounds: the run ends at the first one reached; with neither, it lasts 30 s. */
  durationMs?: number;
  requests?: number;
  /** At most this many calls per second over all clients. */
  rate?: number;
  /** constant (default), ramp, ramp:10%-100%, spike, soak. */
  profile?: string;
  /** As the CLI's --budget: "p95<=200ms,errors<=1%" (absolute budgets only). */
  budgets?: string;
  /** Time limit of each call (default 60 s). */
  callTimeoutMs?: number;
  sharedProcess?: boolean;
  /** Remote servers: each client opens a new session after this many calls. */
  churn?: number;
  /** The user agreed, in the page, to load a server that is not on this machine. */
  allowRemote?: boolean;
  /** The user agreed, in the page, to call tools that are not marked read-only. */
  allowDestructive?: boolean;
}

/** A run in the list: enough to choose one, and to see at a glance how it went. */
export interface LoadRunSummary {
  id: string;
  server: ServerName;
  /** What it called: the tool, or the collection. */
  label: string;
  /** epoch ms */
  startedAt: number;
  /** running until the run ends; failed: it ended without a report (the reason is in `problem`). */
  status: 'running' | 'completed' | 'stopped' | 'all-clients-lost' | 'failed';
  requests: number;
  errors: number;
  throughput: number;
  p50: number;
  p95: number;
  p99: number;
  budgetsMissed: number;
  problem?: string;
}

/** A finished run as it is kept: its set-up, its report and its budgets' verdicts. */
export interface LoadRunRecord {
  summary: LoadRunSummary;
  request: LoadRunRequest;
  report?: LoadReport;
  budgets: BudgetVerdict[];
}

export interface LoadApi {
  /** Connects the clients, checks the consents, and answers once the load is under way; progress comes as `load-progress` events. */
  startLoadRun(request: LoadRunRequest): Promise<{ runId: string }>;
  /** Stops a run: calls in flight are cancelled, every client closed, every server process it started stopped. False when no such run is going. */
  stopLoadRun(request: { runId: string }): Promise<boolean>;
  /** Runs going and kept, newest first (of one server when given). */
  listLoadRuns(request: { server?: ServerName }): Promise<LoadRunSummary[]>;
  readLoadRun(request: { id: string }): Promise<LoadRunRecord>;
  /** The run's report as one self-contained HTML file (the same charts as the Load tab). */
  loadRunHtml(request: { id: string }): Promise<string>;
}

const RUN_ID = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'not a load run id');
const JsonObject = z.record(z.string(), z.unknown());

/** A data file of the collections folder: a plain name (no folders), .csv or .json. */
export const DATA_FILE_NAME = /^[A-Za-z0-9_][A-Za-z0-9_. -]*\.(csv|json)$/i;

const WorkloadSchema = z.union([
  z.strictObject({ tool: z.string().min(1, 'Choose a tool').max(512), arguments: JsonObject.optional() }),
  z.strictObject({
    collection: z.string().min(1, 'Choose a collection').max(512),
    /** Rows for the collection's ${data.<column>}: a .csv or .json file of the collections folder. */
    data: z
      .string()
      .max(200)
      .regex(DATA_FILE_NAME, 'a data file is a name ending in .csv or .json, in the collections folder (no "/" or "\\")')
      .optional(),
  }),
]);

const LoadRunRequestSchema = z
  .strictObject({
    server: ServerNameSchema,
    workload: WorkloadSchema,
    clients: z.number().int().min(1).max(LOAD_LIMITS.maxClients),
    concurrency: z.number().int().min(1).max(LOAD_LIMITS.maxConcurrency),
    durationMs: z.number().int().min(100, 'A run lasts at least 100 ms').max(LOAD_LIMITS.maxDurationMs, 'A run lasts at most 24 h').optional(),
    requests: z.number().int().min(1).max(LOAD_LIMITS.maxRequests).optional(),
    rate: z.number().positive().max(1_000_000).optional(),
    profile: z.string().max(40).optional(),
    budgets: z.string().max(2000).optional(),
    callTimeoutMs: z.number().int().min(1).max(LOAD_LIMITS.maxDurationMs).optional(),
    sharedProcess: z.boolean().optional(),
    churn: z.number().int().min(1).max(LOAD_LIMITS.maxRequests).optional(),
    allowRemote: z.boolean().optional(),
    allowDestructive: z.boolean().optional(),
  })
  .refine((request) => request.clients * request.concurrency <= LOAD_LIMITS.maxClients * 10, { message: `At most ${LOAD_LIMITS.maxClients * 10} calls in flight in all (clients × concurrency)` });

export const loadChannels: ChannelTable<LoadApi> = {
  startLoadRun: { channel: 'load:start', request: LoadRunRequestSchema },
  stopLoadRun: { channel: 'load:stop', request: z.strictObject({ runId: RUN_ID }) },
  listLoadRuns: { channel: 'load:list', request: z.strictObject({ server: ServerNameSchema.optional() }) },
  readLoadRun: { channel: 'load:read', request: z.strictObject({ id: RUN_ID }) },
  loadRunHtml: { channel: 'load:html', request: z.strictObject({ id: RUN_ID }) },
};
