/**
 * Runs a load plan: opens its clients, keeps clients × concurrency calls in flight (as
 * many of those slots as the profile says, at most `rate` calls a second), measures every
 * call into histograms, samples the servers' CPU and memory, hands a snapshot to the
 * caller about once a second, and ends at the first bound reached, or when stopped. With
 * session churn, each client's connection is replaced by a new one every `churn` calls (the
 * time a new session takes is reported apart from the calls). Every client it opened is
 * closed (and every server process it started is stopped) before the report is returned,
 * however the run ended.
 */
import { setMaxListeners } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { isStdioConfig, transportOf } from '../../../shared/config/server-config';
import type { LoadProtocol } from '../../../shared/load-report';
import { endedOnEraProbe } from '../connections/era/era-errors';
import { planEra, type EraPlan } from '../connections/era/era-plan';
import { classifyError, ErrorTally, type ErrorClass } from './error-tally';
import { LatencyHistogram } from './latency-histogram';
import { afterWarmUp, looksLikeLeak, memoryTrend } from './leak-slope';
import { LoadClient } from './load-client';
import { LoadConnectError } from './load-errors';
import type { LoadPlan, LoadStep } from './load-plan';
import { LOAD_LIMITS } from './load-plan';
import { activeSlots } from './load-profile';
import type { LoadReport, LoadSnapshot, RunEnd, StepReport } from './load-report';
import { ServerSampler } from './server-sampler';

/** The tools the server offers, as the run found them before starting (for consent checks). */
export type ToolAnnotationsList = Awaited<ReturnType<LoadClient['listTools']>>;

export interface LoadRunHooks {
  /** Called with the server's tools before any load is sent; throwing refuses the run (nothing is called). */
  approve?(tools: ToolAnnotationsList): void | Promise<void>;
  onSnapshot?(snapshot: LoadSnapshot): void;
  /** The clients are connected and the load starts. */
  onStarted?(clients: number): void;
  onStderr?(text: string): void;
}

const SNAPSHOT_MS = 1000;
const PROFILE_TICK_MS = 200;
/** stdio servers are started a few at a time, as the app starts local servers. */
const OPEN_AT_ONCE = 4;
const MAX_TIMELINE = 4000;

/** One client's place in the run: its connection now (replaced every `churn` calls) and the calls made on it. */
interface ClientSlot {
  client: LoadClient;
  /** Calls issued on the current connection. */
  calls: number;
  /** A new connection being opened: the slot's calls wait for it. */
  replacing?: Promise<void>;
  /** A new connection could not be opened: the slot's calls end. */
  failed: boolean;
}

interface StepState {
  step: LoadStep;
  calls: number;
  errors: number;
  histogram: LatencyHistogram;
}

export class LoadRun {
  /** Every connection the run opened (replaced ones too), all closed when it ends. */
  private readonly clients: LoadClient[] = [];
  private readonly slots: ClientSlot[] = [];
  /** How the clients after the first connect: from the first one's protocol verdict. */
  private era?: EraPlan;
  private protocol?: LoadProtocol;
  private readonly sessionSetup = new LatencyHistogram();
  private readonly steps: StepState[];
  private readonly cumulativeWeights: number[];
  private readonly totalWeight: number;
  private readonly overall = new LatencyHistogram();
  private readonly interval = new LatencyHistogram();
  private readonly errors = new ErrorTally();
  /** Aborted by stop: every call under way is cancelled (one signal for all, not one per call: the generator's own cost per call is what limits the numbers). */
  private readonly cancelCalls = new AbortController();
  private inFlight = 0;
  /** Ends every wait of the run (a rate pause, an idle slot) when it stops. */
  private readonly lifetime = new AbortController();
  private readonly sampler: ServerSampler;
  private readonly timeline: LoadSnapshot[] = [];
  private issued = 0;
  private completed = 0;
  private intervalCompleted = 0;
  private intervalErrors = 0;
  private startedAt = 0;
  private lastSnapshotAt = 0;
  private active = 1;
  private finished = false;
  private stopped = false;
  private nextCallAt = 0;
  private wake: { promise: Promise<void>; resolve: () => void } = deferred();

  constructor(
    private readonly plan: LoadPlan,
    private readonly hooks: LoadRunHooks = {},
  ) {
    if (plan.steps.length === 0) throw new Error('A load run needs at least one step.');
    // Each call under way listens on it (the SDK removes its listener when the call ends): up to every slot at once.
    setMaxListeners(plan.clients * plan.concurrency + 1, this.cancelCalls.signal);
    this.steps = plan.steps.map((step) => ({ step, calls: 0, errors: 0, histogram: new LatencyHistogram() }));
    let sum = 0;
    this.cumulativeWeights = plan.steps.map((step) => (sum += step.weight));
    this.totalWeight = sum;
    this.sampler = new ServerSampler(() => {
      const pids = this.slots.map((slot) => slot.client.pid).filter((pid): pid is number => pid !== undefined);
      if (plan.watchPid !== undefined) pids.push(plan.watchPid);
      return pids;
    });
  }

  /** Stops the run: calls under way are cancelled and not counted; run() then closes everything and reports. */
  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.finished = true;
    this.cancelCalls.abort();
    this.lifetime.abort();
    this.wake.resolve();
  }

  async run(): Promise<LoadReport> {
    const started = new Date();
    let timers: NodeJS.Timeout[] = [];
    try {
      await this.openClients();
      if (this.stopped) return this.report(started, 'stopped');
      this.hooks.onStarted?.(this.clients.length);
      this.startedAt = this.lastSnapshotAt = performance.now();
      const slots = this.plan.clients * this.plan.concurrency;
      this.updateProfile(slots);
      const durationMs = Math.min(this.plan.durationMs ?? LOAD_LIMITS.maxDurationMs, LOAD_LIMITS.maxDurationMs);
      timers = [
        setTimeout(() => this.finish(), durationMs),
        setInterval(() => this.snapshot(), SNAPSHOT_MS),
        ...(this.plan.profile.kind === 'constant' || this.plan.profile.kind === 'soak' ? [] : [setInterval(() => this.updateProfile(slots), PROFILE_TICK_MS)]),
      ];
      void this.sampler.sample(0);
      await Promise.all(Array.from({ length: slots }, (_, slot) => this.worker(slot)));
      const lost = this.slots.every((slot) => slot.client.lost || slot.failed);
      const end: RunEnd = this.stopped ? 'stopped' : lost && !this.boundReached() ? 'all-clients-lost' : 'completed';
      await this.sampler.last(performance.now() - this.startedAt);
      return this.report(started, end);
    } finally {
      for (const timer of timers) clearTimeout(timer);
      this.lifetime.abort();
      this.sampler.dispose();
      await Promise.all(this.clients.map((client) => client.close()));
    }
  }

  /** Opens one connection with the given era plan; the time it took counts as session set-up. */
  private async connect(era: EraPlan): Promise<LoadClient> {
    const { plan } = this;
    const begin = performance.now();
    const remoteAuth = plan.remoteAuth?.();
    const client = await LoadClient.open({
      server: plan.server,
      config: plan.config,
      connectTimeoutMs: plan.connectTimeoutMs,
      ideLockDir: plan.ideLockDir,
      era,
      ...(remoteAuth ? { remoteAuth } : {}),
      ...(this.hooks.onStderr ? { onStderr: this.hooks.onStderr } : {}),
    });
    this.sessionSetup.recordMs(performance.now() - begin);
    this.clients.push(client);
    return client;
  }

  /** The first connection settles the era (probing when the plan says auto); the others start from its verdict. */
  private async connectFirst(): Promise<LoadClient> {
    const { plan } = this;
    let era = planEra(plan.era, { transport: transportOf(plan.config), probeTimeoutMs: plan.eraProbeTimeoutMs, connectTimeoutMs: plan.connectTimeoutMs });
    let first: LoadClient;
    try {
      first = await this.connect(era);
    } catch (error) {
      // A 2025 stdio server that ends when asked server/discover: started again, with initialize.
      if (!endedOnEraProbe(era, plan.config, error)) throw error;
      era = planEra({ kind: 'legacy' }, { transport: 'stdio', probeTimeoutMs: plan.eraProbeTimeoutMs, connectTimeoutMs: plan.connectTimeoutMs });
      first = await this.connect(era);
    }
    this.protocol = first.protocol;
    this.era = era.probing || era.prior ? { ...era, prior: first.verdict, probing: false } : era;
    return first;
  }

  private async openClients(): Promise<void> {
    const { plan } = this;
    const count = plan.sharedProcess && isStdioConfig(plan.config) ? 1 : plan.clients;
    const failed = (error: unknown) => {
      throw new LoadConnectError(`${plan.server}: could not connect: ${error instanceof Error ? error.message : String(error)}`);
    };
    const add = (client: LoadClient) => void this.slots.push({ client, calls: 0, failed: false });
    // The first client asks for the tools: a refused run starts no other server.
    const first = await this.connectFirst().catch(failed);
    add(first);
    if (this.hooks.approve) await this.hooks.approve(await first.listTools());
    for (let opened = 1; opened < count && !this.stopped; opened += OPEN_AT_ONCE) {
      await Promise.all(Array.from({ length: Math.min(OPEN_AT_ONCE, count - opened) }, () => this.connect(this.era!).then(add, failed)));
    }
  }

  /** Session churn: the slot's connection is replaced by a new one; the old one closes once its calls end. */
  private replace(slot: ClientSlot): Promise<void> {
    slot.replacing ??= (async () => {
      const old = slot.client;
      try {
        slot.client = await this.connect(this.era!);
        slot.calls = 0;
      } catch (error) {
        if (!this.stopped) {
          slot.failed = true;
          this.errors.add('connection-lost', `A new session could not be opened: ${error instanceof Error ? error.message : String(error)}`);
        }
      } finally {
        slot.replacing = undefined;
        void old.retire();
      }
    })();
    return slot.replacing;
  }

  private boundReached(): boolean {
    return this.plan.requests !== undefined && this.issued >= this.plan.requests;
  }

  private finish(): void {
    this.finished = true;
    this.lifetime.abort();
    this.wake.resolve();
  }

  private updateProfile(slots: number): void {
    const elapsed = performance.now() - this.startedAt;
    const progress = this.plan.durationMs !== undefined ? elapsed / this.plan.durationMs : this.plan.requests ? this.issued / this.plan.requests : 0;
    const active = activeSlots(this.plan.profile, slots, progress);
    if (active > this.active) {
      // Slots that were idle start again.
      const wake = this.wake;
      this.wake = deferred();
      wake.resolve();
    }
    this.active = active;
  }

  private pickStep(): StepState {
    if (this.steps.length === 1) return this.steps[0]!;
    const at = Math.random() * this.totalWeight;
    const index = this.cumulativeWeights.findIndex((sum) => at < sum);
    return this.steps[index === -1 ? this.steps.length - 1 : index]!;
  }

  /** Waits for the next call the rate allows; false when the run ended meanwhile. */
  private async pace(rate: number): Promise<boolean> {
    const now = performance.now();
    const at = Math.max(now, this.nextCallAt);
    this.nextCallAt = at + 1000 / rate;
    if (at <= now) return true;
    try {
      await sleep(at - now, undefined, { signal: this.lifetime.signal });
      return !this.finished;
    } catch {
      return false;
    }
  }

  private async worker(index: number): Promise<void> {
    const { plan } = this;
    const slot = this.slots[index % this.slots.length]!;
    while (!this.finished && !slot.failed && !slot.client.lost) {
      if (index >= this.active) {
        await this.wake.promise;
        continue;
      }
      if (this.boundReached()) {
        this.finish();
        return;
      }
      if (slot.replacing || (plan.churn !== undefined && slot.calls >= plan.churn)) {
        await this.replace(slot);
        continue;
      }
      const client = slot.client;
      slot.calls++;
      this.issued++;
      if (plan.rate !== undefined && !(await this.pace(plan.rate))) return;
      const state = this.pickStep();
      const n = state.calls++;
      this.inFlight++;
      client.began();
      const begin = performance.now();
      let failure: { errorClass: ErrorClass; message: string } | undefined;
      try {
        const result = await client.callTool(state.step.tool, state.step.args(n), plan.callTimeoutMs, this.cancelCalls.signal);
        if (result.isError) failure = { errorClass: 'tool-error', message: toolErrorText(result.content) };
      } catch (error) {
        // A call cancelled by stop is not a measurement.
        if (this.stopped) return;
        failure = classifyError(error);
        if (client.lost && failure.errorClass === 'other') failure = { errorClass: 'connection-lost', message: failure.message };
      } finally {
        this.inFlight--;
        client.ended();
      }
      const ms = performance.now() - begin;
      this.overall.recordMs(ms);
      this.interval.recordMs(ms);
      state.histogram.recordMs(ms);
      this.completed++;
      this.intervalCompleted++;
      if (failure) {
        state.errors++;
        this.intervalErrors++;
        this.errors.add(failure.errorClass, failure.message);
      }
    }
  }

  private snapshot(): void {
    const now = performance.now();
    const t = Math.round(now - this.startedAt);
    const seconds = (now - this.lastSnapshotAt) / 1000;
    this.lastSnapshotAt = now;
    const latency = this.interval.summary();
    const last = this.sampler.points.at(-1);
    const snapshot: LoadSnapshot = {
      t,
      requests: this.completed,
      errors: this.errors.total,
      throughput: seconds > 0 ? Math.round((this.intervalCompleted / seconds) * 10) / 10 : 0,
      latency: { p50: latency.p50, p90: latency.p90, p99: latency.p99, max: latency.max },
      inFlight: this.inFlight,
      activeSlots: this.active,
      ...(last ? { server: { cpu: last.cpu, rss: last.rss } } : {}),
    };
    this.interval.reset();
    this.intervalCompleted = 0;
    this.intervalErrors = 0;
    this.timeline.push(snapshot);
    if (this.timeline.length > MAX_TIMELINE) this.timeline.splice(0, this.timeline.length - MAX_TIMELINE);
    this.hooks.onSnapshot?.(snapshot);
    void this.sampler.sample(t);
  }

  private report(started: Date, end: RunEnd): LoadReport {
    const elapsedMs = this.startedAt ? performance.now() - this.startedAt : 0;
    const perSecond = (n: number) => (elapsedMs > 0 ? Math.round((n / (elapsedMs / 1000)) * 10) / 10 : 0);
    const { plan } = this;
    const steps: StepReport[] = this.steps.map((state) => ({
      name: state.step.name,
      tool: state.step.tool,
      requests: state.histogram.count,
      errors: state.errors,
      throughput: perSecond(state.histogram.count),
      latency: state.histogram.summary(),
    }));
    const samples = this.sampler.points;
    const trend = memoryTrend(afterWarmUp(samples, elapsedMs));
    return {
      version: 1,
      server: plan.server,
      transport: transportOf(plan.config),
      startedAt: started.toISOString(),
      elapsedMs: Math.round(elapsedMs),
      end,
      settings: {
        clients: plan.clients,
        concurrency: plan.concurrency,
        ...(plan.durationMs !== undefined ? { durationMs: plan.durationMs } : {}),
        ...(plan.requests !== undefined ? { requests: plan.requests } : {}),
        ...(plan.rate !== undefined ? { rate: plan.rate } : {}),
        profile: plan.profile.kind === 'ramp' ? `ramp:${Math.round(plan.profile.from * 100)}%-${Math.round(plan.profile.to * 100)}%` : plan.profile.kind,
        sharedProcess: plan.sharedProcess === true,
        ...(plan.churn !== undefined ? { churn: plan.churn } : {}),
      },
      ...(this.protocol ? { protocol: this.protocol } : {}),
      ...(plan.churn !== undefined ? { sessions: { opened: this.sessionSetup.count, setup: this.sessionSetup.summary() } } : {}),
      requests: this.completed,
      errors: this.errors.total,
      errorRate: this.completed ? Math.round((this.errors.total / this.completed) * 1e6) / 1e6 : 0,
      throughput: perSecond(this.completed),
      latency: this.overall.summary(),
      steps,
      errorsByClass: this.errors.report(),
      clientsLost: this.slots.filter((slot) => slot.client.lost || slot.failed).length,
      ...(samples.length
        ? {
            serverResources: {
              samples: [...samples],
              peakRss: Math.max(...samples.map((s) => s.rss)),
              meanCpu: Math.round((samples.reduce((sum, s) => sum + s.cpu, 0) / samples.length) * 10) / 10,
              ...(trend ? { memoryTrend: trend } : {}),
              leakSuspected: looksLikeLeak(trend),
            },
          }
        : {}),
      timeline: [...this.timeline],
    };
  }
}

function toolErrorText(content: unknown): string {
  const first = Array.isArray(content) ? (content as Array<{ type?: string; text?: string }>).find((block) => block.type === 'text') : undefined;
  return first?.text ?? 'The tool reported an error (isError) without a text.';
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}
