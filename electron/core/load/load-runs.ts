/**
 * The app's load runs: starts one from a LoadRunRequest (the same plan, rails and bounds as
 * the CLI's `load`), streams its snapshots, stops it on request, and keeps every finished run
 * in the data folder. A run's state (its LoadRun, its summary) lives in the Active entry for
 * as long as the run goes; after that only the kept record remains.
 */
import { randomUUID } from 'node:crypto';
import type { LoadRunRecord, LoadRunRequest, LoadRunSummary } from '../../../shared/api/load';
import type { Collection } from '../../../shared/api/collections';
import type { ServerConfig, ServerName } from '../../../shared/config/server-config';
import { isStdioConfig } from '../../../shared/config/server-config';
import { AppError } from '../../../shared/envelope';
import { messageOf } from '../../../shared/errors';
import type { AppEvent } from '../../../shared/events';
import type { LoadReport } from '../../../shared/load-report';
import type { VariableScope } from '../collections/variables';
import { VariableError } from '../collections/collection-errors';
import { BudgetError, checkBudgets, parseBudgets, type Budget } from './budgets';
import { collectionSteps } from './collection-workload';
import { WorkloadError } from './load-errors';
import { renderHtmlReport } from './html-report';
import { remoteHostOf, toolRefusal } from './load-consent';
import { churnProblem, type LoadConnection, type LoadPlan, type LoadStep } from './load-plan';
import { parseProfile, ProfileError } from './load-profile';
import { LoadRun } from './load-run';
import { LoadRunStore } from './load-run-store';

export interface LoadRunsDeps {
  dataDir: string;
  /** The server's entry (throws not-found for an unknown server). */
  configOf(name: ServerName): ServerConfig;
  /** The entry as launched: project-server approval, variables and secrets filled in. */
  launchConfig(name: ServerName): Promise<ServerConfig>;
  /** How its clients connect: the server's protocol era and its OAuth sign-in. */
  connection(name: ServerName, config: ServerConfig): LoadConnection;
  /** A file of the project's collections folder, parsed (throws when it cannot be used). */
  readCollection(file: string): Promise<Collection>;
  /** The rows of a data file of the same folder, for `${data.<column>}`. */
  readDataRows(file: string): Promise<Array<Record<string, unknown>>>;
  /** What `${env.NAME}` may read in a collection's arguments. */
  variables(): Pick<VariableScope, 'env' | 'allowedEnv'>;
  emit(event: AppEvent): void;
  /** Masks secrets the core knows in what is kept and shown. */
  redact<T>(value: T): T;
  ideLockDir: string;
}

/** A few runs at once are plenty for one machine; each may start many server processes. */
const MAX_ACTIVE_RUNS = 4;
const DEFAULT_DURATION_MS = 30_000;
const DEFAULT_CALL_TIMEOUT_MS = 60_000;

interface Active {
  run: LoadRun;
  summary: LoadRunSummary;
  done: Promise<void>;
}

export class LoadRuns {
  private readonly active = new Map<string, Active>();
  private readonly store: LoadRunStore;

  constructor(private readonly deps: LoadRunsDeps) {
    this.store = new LoadRunStore(deps.dataDir);
  }

  /** Resolves once the clients are connected and the tools approved; rejects with the reason the run could not start. */
  async start(request: LoadRunRequest): Promise<{ runId: string }> {
    if (this.active.size >= MAX_ACTIVE_RUNS) throw new AppError('conflict', `${MAX_ACTIVE_RUNS} load runs are going already: stop one first.`);
    const { server } = request;
    const budgets = parseRequestBudgets(request.budgets);
    const profile = parseRequestProfile(request.profile);
    const workload = await this.workload(request);
    const configured = this.deps.configOf(server);
    const remote = remoteHostOf(configured);
    if (remote && request.allowRemote !== true) throw new AppError('invalid-request', `${server} is at ${remote}, not on this machine: a load test sends it many requests. Confirm that it is yours to load.`);
    if (request.sharedProcess && !isStdioConfig(configured)) throw new AppError('invalid-request', 'One shared server process is for stdio servers: each client of a remote server has its own session.');
    const churnRefusal = request.churn !== undefined ? churnProblem(configured) : undefined;
    if (churnRefusal) throw new AppError('invalid-request', churnRefusal);
    const config = await this.deps.launchConfig(server);

    const runId = randomUUID();
    const plan: LoadPlan = {
      server,
      config,
      steps: workload.steps,
      clients: request.clients,
      concurrency: request.concurrency,
      ...(request.durationMs === undefined && request.requests === undefined ? { durationMs: DEFAULT_DURATION_MS } : {}),
      ...(request.durationMs !== undefined ? { durationMs: request.durationMs } : {}),
      ...(request.requests !== undefined ? { requests: request.requests } : {}),
      ...(request.rate !== undefined ? { rate: request.rate } : {}),
      profile,
      sharedProcess: request.sharedProcess === true,
      callTimeoutMs: request.callTimeoutMs ?? DEFAULT_CALL_TIMEOUT_MS,
      connectTimeoutMs: 30_000,
      ideLockDir: this.deps.ideLockDir,
      ...this.deps.connection(server, config),
      ...(request.churn !== undefined ? { churn: request.churn } : {}),
    };
    const summary: LoadRunSummary = { id: runId, server, label: workload.label, startedAt: Date.now(), status: 'running', requests: 0, errors: 0, throughput: 0, p50: 0, p95: 0, p99: 0, budgetsMissed: 0 };
    const started = deferred<void>();
    const run = new LoadRun(plan, {
      approve: (tools) => {
        for (const tool of new Set(workload.steps.map((step) => step.tool))) {
          const refusal = toolRefusal(server, tool, tools, request.allowDestructive === true);
          if (refusal) throw new AppError('invalid-request', refusal);
        }
      },
      onStarted: () => started.resolve(),
      onSnapshot: (snapshot) => {
        Object.assign(summary, { requests: snapshot.requests, errors: snapshot.errors, throughput: snapshot.throughput, p50: snapshot.latency.p50, p99: snapshot.latency.p99 });
        this.deps.emit({ type: 'load-progress', runId, server, snapshot });
      },
    });
    const finished = run.run();
    let began = false;
    void started.promise.then(() => (began = true));
    const done = finished.then(
      (report) => this.finish(runId, request, summary, report, budgets),
      // A run refused or unreachable before any load is not kept: startLoadRun answers with why.
      (error: unknown) => (began ? this.fail(runId, request, summary, error) : this.forget(runId, summary)),
    );
    this.active.set(runId, { run, summary, done });
    // Started, or the reason it never did (a connection refused, a tool refused, stopped while connecting).
    const outcome = await Promise.race([started.promise.then(() => 'started' as const), finished.then(() => 'ended' as const, (error: unknown) => error)]);
    if (outcome === 'started' || outcome === 'ended') return { runId };
    await done;
    // A refusal is an AppError already; a LoadConnectError or anything else gets its kind in the API layer.
    throw outcome;
  }

  async stop(runId: string): Promise<boolean> {
    const active = this.active.get(runId);
    if (!active) return false;
    active.run.stop();
    // Answered once every client is closed and every server process the run started is gone.
    await active.done;
    return true;
  }

  async list(server?: ServerName): Promise<LoadRunSummary[]> {
    const going = [...this.active.values()].map((active) => ({ ...active.summary }));
    const kept = (await this.store.list()).filter((run) => !this.active.has(run.id));
    return [...going, ...kept].filter((run) => server === undefined || run.server === server).sort((a, b) => b.startedAt - a.startedAt);
  }

  read(id: string): Promise<LoadRunRecord> {
    return this.store.read(id);
  }

  async html(id: string): Promise<string> {
    const record = await this.store.read(id);
    if (!record.report) throw new AppError('not-found', `The load run "${id}" ended without a report: ${record.summary.problem ?? 'it never started'}.`);
    return renderHtmlReport(record.report, record.budgets);
  }

  /** Stops every run and waits until each has closed its clients and servers. */
  async dispose(): Promise<void> {
    const all = [...this.active.values()];
    for (const active of all) active.run.stop();
    await Promise.all(all.map((active) => active.done));
  }

  private async workload(request: LoadRunRequest): Promise<{ steps: LoadStep[]; label: string }> {
    const { workload } = request;
    if ('tool' in workload) {
      const args = workload.arguments ?? {};
      return { steps: [{ name: workload.tool, tool: workload.tool, weight: 1, args: () => args }], label: workload.tool };
    }
    const collection = await this.deps.readCollection(workload.collection);
    try {
      const rows = workload.data !== undefined ? await this.deps.readDataRows(workload.data) : [];
      const steps = collectionSteps(collection, this.deps.variables(), rows);
      // A bad variable shows now, not as a failed call per request.
      for (const step of steps) step.args(0);
      return { steps, label: collection.name };
    } catch (error) {
      if (error instanceof WorkloadError || error instanceof VariableError) throw new AppError('invalid-request', `${workload.collection}: ${error.message}`);
      throw error;
    }
  }

  private async finish(runId: string, request: LoadRunRequest, summary: LoadRunSummary, raw: LoadReport, budgets: Budget[]): Promise<void> {
    const report = this.deps.redact(raw);
    const verdicts = checkBudgets(budgets, report);
    Object.assign(summary, {
      status: report.end,
      requests: report.requests,
      errors: report.errors,
      throughput: report.throughput,
      p50: report.latency.p50,
      p95: report.latency.p95,
      p99: report.latency.p99,
      budgetsMissed: verdicts.filter((verdict) => !verdict.ok).length,
    });
    await this.keep(runId, { summary, request, report, budgets: verdicts });
  }

  private async fail(runId: string, request: LoadRunRequest, summary: LoadRunSummary, error: unknown): Promise<void> {
    Object.assign(summary, { status: 'failed', problem: this.deps.redact(messageOf(error)) });
    await this.keep(runId, { summary, request, budgets: [] });
  }

  private forget(runId: string, summary: LoadRunSummary): void {
    this.active.delete(runId);
    this.deps.emit({ type: 'load-ended', runId, server: summary.server, summary: { ...summary, status: 'failed' } });
  }

  private async keep(runId: string, record: LoadRunRecord): Promise<void> {
    try {
      await this.store.save(record);
    } catch (error) {
      record.summary.problem = `${record.summary.problem ? `${record.summary.problem}; ` : ''}it could not be kept: ${messageOf(error)}`;
    } finally {
      this.active.delete(runId);
      this.deps.emit({ type: 'load-ended', runId, server: record.summary.server, summary: { ...record.summary } });
    }
  }
}

function parseRequestBudgets(text: string | undefined): Budget[] {
  if (text === undefined || text.trim() === '') return [];
  try {
    const budgets = parseBudgets(text);
    const relative = budgets.find((budget) => budget.relative);
    if (relative) throw new AppError('invalid-request', `Budget "${relative.text}" is relative to a baseline; in the app, give absolute budgets (p95<=200ms) and compare runs side by side.`);
    return budgets;
  } catch (error) {
    if (error instanceof BudgetError) throw new AppError('invalid-request', error.message.replace(/^--budget:?\s*/, 'Budgets: '));
    throw error;
  }
}

function parseRequestProfile(text: string | undefined) {
  try {
    return parseProfile(text ?? 'constant');
  } catch (error) {
    if (error instanceof ProfileError) throw new AppError('invalid-request', error.message.replace(/^--profile\s*/, 'Profile '));
    throw error;
  }
}

function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}
