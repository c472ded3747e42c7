/**
 * Runs and follows tasks: a tool call the server turned into a task is polled with
 * tasks/get at the server's poll interval until it ends; input it asks for goes through
 * the same elicitation and sampling dialogs as any server request (2025-11-25: tasks/result
 * is called and the server asks meanwhile; 2026-07-28: its inputRequests are answered
 * with tasks/update); the result is fetched once and kept.
 *
 * Task ids are kept per server (TaskStore): when the server disconnects, polling pauses
 * ("waiting") and resumes once it is connected again, after a reconnect or an app
 * restart. While it stays connected, a poll that fails on our side (no answer in time)
 * or with the server's own passing trouble (-32000, -32001, -32603) is asked again, a
 * little later each time; only a closed connection waits. A task the server no longer
 * knows (any other error it answers with) is shown as expired (its ttl has passed) or
 * unknown. A task's progress listener (on the connection it started on) goes when it
 * ends; at most MAX_TASKS_PER_SERVER ended tasks are kept per server.
 */
import { ProtocolError, type Client } from '@modelcontextprotocol/client';
import { isTerminalTask, type TaskStatus, type TaskView } from '../../../shared/api/tasks';
import type { ServerConfig, ServerName } from '../../../shared/config/server-config';
import type { ContentBlock, ToolCallResult } from '../../../shared/domain';
import { AppError } from '../../../shared/envelope';
import type { ToolRunResult } from '../../../shared/tool-results';
import type { ConnectionManager } from '../connections/connection-manager';
import { sleep, systemClock, type Clock } from '../connections/clock';
import { formatDuration } from '../connections/describe-error';
import { diagnostics, ignoreFailure } from '../diagnostics/diagnostics';
import type { ElicitationFeature } from '../elicitation/elicitation-feature';
import type { SamplingFeature } from '../elicitation/sampling-feature';
import type { EventBus } from '../events/event-bus';
import type { ProgressListener, RawDispatchTransport } from '../connections/transports/raw-dispatch-transport';
import { MAX_POLL_MS, pollDelay } from './poll-delay';
import { MAX_TASKS_PER_SERVER, type TaskStore } from './task-store';
import { applySnapshotTo } from './task-snapshot';
import { canListTasks, taskGenerationOf, TaskWire, type TaskSnapshot } from './task-wire';
import { messageOf, failure } from '../../../shared/errors';

export interface TaskServiceDeps {
  connections: ConnectionManager;
  configOf: (server: ServerName) => ServerConfig;
  events: EventBus;
  store: TaskStore;
  elicitation: ElicitationFeature;
  sampling: SamplingFeature;
  /** Turns a finished task's tools/call result into what the result view shows. */
  processResult: (raw: ToolCallResult, task: TaskView) => Promise<ToolRunResult>;
  /** How long one tasks/* request may take. */
  requestTimeoutMs: () => number;
  /** The waits between polls (tests move a clock by hand). */
  clock?: Clock;
}

/** How long closing waits for the cancels of cancelled calls to reach their servers. */
const CANCEL_GRACE_MS = 2000;

/** The server's own errors that say "not now" rather than "no such task": the poll asks again later. */
const PASSING_SERVER_ERRORS = new Set([-32000, -32001, -32603]);

/** What a failed request about a task means for its polling. */
type Loss = 'gone' | 'waiting' | 'retry';

export interface StartOptions {
  callId?: string;
  ttlMs?: number;
  signal?: AbortSignal;
  timeoutMs?: number;
  onProgress?: ProgressListener;
}

export type StartOutcome = { kind: 'immediate'; raw: ToolCallResult } | { kind: 'task'; task: TaskView };

interface Entry {
  view: TaskView;
  raw?: ToolCallResult;
  result?: ToolRunResult;
  progressToken?: string;
  /** The raw channel (of the connection attempt the call ran on) that holds the progress listener, released when the task ends. */
  progressChannel?: RawDispatchTransport;
  polling: boolean;
  /** Polls that failed in a row while the server stayed connected: each waits twice as long as the one before. */
  failures: number;
  stop?: AbortController;
  /** Woken on every change. */
  waiters: Set<() => void>;
  /** v2: what the server asks for, by key, and the keys answered and sent. */
  inputRequests?: TaskSnapshot['inputRequests'];
  answered: Set<string>;
  /** v2: answers given but not yet sent (a tasks/update that failed is sent again without asking again). */
  unsent: Record<string, unknown>;
}

export class TaskService {
  private readonly entries = new Map<string, Entry>();
  private unsubscribe?: () => void;
  private readonly clock: Clock;
  /** tasks/cancel requests of cancelled calls, still on their way. */
  private readonly cancelling = new Set<Promise<void>>();

  constructor(private readonly deps: TaskServiceDeps) {
    this.clock = deps.clock ?? systemClock;
  }

  /** Reads the kept tasks and starts following servers' connection states. */
  async load(): Promise<void> {
    for (const view of await this.deps.store.load()) {
      this.add(newEntry({ ...view, ...(isTerminalTask(view.status) ? {} : { waiting: true }) }));
    }
    this.unsubscribe = this.deps.events.subscribe((event) => {
      if (event.type === 'server-state' && event.server.status === 'connected') this.resume(event.server.name);
    });
  }

  /**
   * Stops polling, lets the cancels of cancelled calls reach their servers (a little while at
   * most: Ctrl+C in the CLI closes the connections right after) and waits for the list's
   * pending writes; nothing is written when nothing changed.
   */
  async dispose(): Promise<void> {
    this.unsubscribe?.();
    for (const entry of this.entries.values()) entry.stop?.abort();
    if (this.cancelling.size > 0) await Promise.race([Promise.all(this.cancelling), sleep(this.clock, CANCEL_GRACE_MS)]);
    await this.deps.store.flush();
  }

  /** How the tool may run: as a task always, on request, or never (the server or tool has no tasks). */
  async supportOf(server: ServerName, config: ServerConfig, taskSupport: string | undefined): Promise<'required' | 'optional' | 'forbidden'> {
    return this.deps.connections.request(server, config, async (client) => {
      const generation = taskGenerationOf(client);
      if (generation === 'v2') return 'optional';
      if (generation === 'v1' && (taskSupport === 'required' || taskSupport === 'optional')) return taskSupport;
      return 'forbidden';
    });
  }

  /** Calls the tool as a task; the server may still answer at once. */
  async start(server: ServerName, config: ServerConfig, tool: string, args: Record<string, unknown>, options: StartOptions = {}): Promise<StartOutcome> {
    const progress = options.onProgress ? this.progressFor(options.onProgress) : undefined;
    const { signal, timeoutMs, ttlMs } = options;
    let channel: RawDispatchTransport | undefined;
    const outcome = await this.withWire(
      server,
      config,
      (wire) => {
        channel = wire.channel;
        return wire.callTool(tool, args, { ...(signal ? { signal } : {}), ...(timeoutMs ? { timeoutMs } : {}), ...(ttlMs !== undefined ? { ttlMs } : {}), ...(progress ? { onProgress: progress.listener } : {}) });
      },
      signal,
    );
    if (outcome.kind === 'immediate') return { kind: 'immediate', raw: toToolCallResult(outcome.result, 0) };
    const view: TaskView = {
      server,
      taskId: outcome.task.taskId,
      tool,
      generation: (await this.generationOf(server, config)) ?? 'v1',
      status: outcome.task.status,
      startedAt: Date.now(),
      ...(options.callId ? { callId: options.callId } : {}),
    };
    const entry = newEntry(view);
    if (outcome.progressToken) {
      entry.progressToken = outcome.progressToken;
      if (channel) entry.progressChannel = channel;
    }
    this.add(entry);
    if (outcome.progressToken) this.progressTargets.set(outcome.progressToken, entry);
    progress?.bind(outcome.progressToken);
    this.apply(entry, outcome.task);
    this.poll(entry);
    return { kind: 'task', task: { ...entry.view } };
  }

  /** Resolves once the task has ended (and, completed, its result is in). */
  async waitForEnd(server: ServerName, taskId: string): Promise<TaskView> {
    const entry = this.entry(server, taskId);
    await new Promise<void>((resolve) => {
      const check = () => {
        const ended = isTerminalTask(entry.view.status) && (entry.view.status !== 'completed' || entry.raw !== undefined || !entry.polling);
        if (!ended) return;
        entry.waiters.delete(check);
        resolve();
      };
      entry.waiters.add(check);
      check();
    });
    return { ...entry.view };
  }

  /** A completed task's result as the server sent it. */
  rawResult(server: ServerName, taskId: string): ToolCallResult | undefined {
    return this.entries.get(keyOf(server, taskId))?.raw;
  }

  list(server: ServerName): TaskView[] {
    return [...this.entries.values()]
      .filter((entry) => entry.view.server === server)
      .map((entry) => ({ ...entry.view }))
      .sort((a, b) => b.startedAt - a.startedAt);
  }

  /**
   * Asks the server now (a 2025-11-25 server's tasks/list adds the tasks it has that we did
   * not know). A failure is the caller's to show: the kept list stays as it was.
   */
  async refresh(server: ServerName, signal?: AbortSignal): Promise<TaskView[]> {
    const config = this.deps.configOf(server);
    await this.deps.connections.request(
      server,
      config,
      async (client) => {
        if (!canListTasks(client)) return;
        const wire = this.wireOf(client);
        let cursor: string | undefined;
        do {
          const page = await wire.list(cursor, signal);
          for (const task of page.tasks) {
            if (this.entries.has(keyOf(server, task.taskId))) continue;
            const entry = newEntry({ server, taskId: task.taskId, tool: '(unknown tool)', generation: 'v1', status: task.status, startedAt: Date.now() });
            this.add(entry);
            this.apply(entry, task);
            this.poll(entry);
          }
          cursor = page.nextCursor;
        } while (cursor);
      },
      signal ? { signal } : {},
    );
    return this.list(server);
  }

  async get(server: ServerName, taskId: string): Promise<TaskView> {
    const entry = await this.known(server, taskId);
    if (!isTerminalTask(entry.view.status)) {
      try {
        const snapshot = await this.withWire(server, this.deps.configOf(server), (wire) => wire.get(taskId, undefined, this.deps.requestTimeoutMs()));
        this.apply(entry, snapshot);
        if (!entry.polling) this.poll(entry);
      } catch (error) {
        this.lost(entry, error);
      }
    }
    return { ...entry.view };
  }

  async result(server: ServerName, taskId: string): Promise<ToolRunResult> {
    const entry = this.entry(server, taskId);
    if (entry.result) return entry.result;
    if (entry.view.status !== 'completed') {
      throw new AppError('conflict', `Task ${taskId} has no result: it is ${describeStatus(entry.view.status)}${entry.view.error ? ` (${entry.view.error})` : ''}.`);
    }
    if (!entry.raw) await this.fetchResult(entry);
    if (!entry.raw) throw failure('connection', `${server}: the result of task ${taskId} could not be fetched${entry.view.error ? `: ${entry.view.error}` : ''}.`);
    entry.result = await this.deps.processResult(entry.raw, entry.view);
    return entry.result;
  }

  async cancel(server: ServerName, taskId: string): Promise<TaskView> {
    const entry = await this.known(server, taskId);
    if (isTerminalTask(entry.view.status)) return { ...entry.view };
    await this.withWire(server, this.deps.configOf(server), (wire) => wire.cancel(taskId, this.deps.requestTimeoutMs()));
    // The server decides; its next answer says whether it stopped.
    return this.get(server, taskId);
  }

  /**
   * Asks the server to cancel a task whose call was cancelled (the call has already
   * ended). A refusal or a failure is not dropped: the task says it in its error, so the
   * Tasks tab shows the task may still be running.
   */
  cancelAfterCall(server: ServerName, taskId: string): Promise<void> {
    const cancelling = this.cancelOrSay(server, taskId);
    this.cancelling.add(cancelling);
    void cancelling.finally(() => this.cancelling.delete(cancelling));
    return cancelling;
  }

  private async cancelOrSay(server: ServerName, taskId: string): Promise<void> {
    try {
      await this.cancel(server, taskId);
    } catch (error) {
      const entry = this.entries.get(keyOf(server, taskId));
      const text = `Cancelling the task failed (it may still be running on the server): ${messageOf(error)}`;
      diagnostics.warn(`${server}: ${text}`);
      if (!entry || isTerminalTask(entry.view.status)) return;
      entry.view.error = text;
      this.changed(entry);
    }
  }

  async forget(server: ServerName, taskId: string): Promise<void> {
    const entry = this.entries.get(keyOf(server, taskId));
    if (!entry) return;
    entry.stop?.abort();
    this.releaseProgress(entry);
    this.entries.delete(keyOf(server, taskId));
    this.deps.events.emit({ type: 'task-updated', task: { ...entry.view }, gone: true });
    await this.persist();
  }

  // ---- internals ----

  private readonly progressTargets = new Map<string, Entry>();

  /** Progress for a task's token updates the task too (it keeps coming after tools/call is answered). */
  private progressFor(onProgress: ProgressListener): { listener: ProgressListener; bind: (token: string | undefined) => void } {
    let target: string | undefined;
    return {
      bind: (token) => (target = token),
      listener: (progress) => {
        onProgress(progress);
        const entry = target ? this.progressTargets.get(target) : undefined;
        if (entry && !isTerminalTask(entry.view.status)) {
          entry.view.progress = progress;
          this.changed(entry);
        }
      },
    };
  }

  private entry(server: ServerName, taskId: string): Entry {
    const entry = this.entries.get(keyOf(server, taskId));
    if (!entry) throw new AppError('not-found', `${server} has no task ${taskId} that MCP Workbench knows of.`);
    return entry;
  }

  /** The task, or one we have not seen (started elsewhere, or by another run): the server is asked about it. */
  private async known(server: ServerName, taskId: string): Promise<Entry> {
    const existing = this.entries.get(keyOf(server, taskId));
    if (existing) return existing;
    const generation = (await this.generationOf(server, this.deps.configOf(server))) ?? 'v1';
    const entry = newEntry({ server, taskId, tool: '(unknown tool)', generation, status: 'working', startedAt: Date.now() });
    this.add(entry);
    return entry;
  }

  private wireOf(client: Client): TaskWire {
    const raw = this.deps.connections.rawChannelOf(client);
    if (!raw) throw failure('unavailable', 'The connection has no task channel.');
    return new TaskWire(taskGenerationOf(client) ?? 'v1', raw);
  }

  private async generationOf(server: ServerName, config: ServerConfig) {
    return this.deps.connections.request(server, config, async (client) => taskGenerationOf(client));
  }

  private withWire<T>(server: ServerName, config: ServerConfig, run: (wire: TaskWire) => Promise<T>, signal?: AbortSignal): Promise<T> {
    return this.deps.connections.request(server, config, async (client) => run(this.wireOf(client)), { timeoutMs: this.deps.requestTimeoutMs(), ...(signal ? { signal } : {}) });
  }

  private resume(server: ServerName): void {
    for (const entry of this.entries.values()) {
      if (entry.view.server !== server || isTerminalTask(entry.view.status) || entry.polling) continue;
      entry.view.waiting = false;
      this.changed(entry);
      this.poll(entry);
    }
  }

  /** Follows the task until it ends or the server goes away. */
  private poll(entry: Entry): void {
    if (entry.polling) return;
    entry.polling = true;
    const stop = new AbortController();
    entry.stop = stop;
    const { server, taskId } = entry.view;
    void (async () => {
      try {
        while (!isTerminalTask(entry.view.status) && !stop.signal.aborted) {
          try {
            if (entry.view.status === 'input_required') await this.handleInput(entry, stop.signal);
            if (isTerminalTask(entry.view.status)) break;
            await sleep(this.clock, this.nextPollIn(entry), stop.signal, { keepAlive: true });
            if (stop.signal.aborted) break;
            if (this.deps.connections.state(server).status !== 'connected') {
              entry.view.waiting = true;
              this.changed(entry);
              return;
            }
            const config = this.deps.configOf(server);
            this.apply(entry, await this.withWire(server, config, (wire) => wire.get(taskId, stop.signal, this.deps.requestTimeoutMs())));
            entry.failures = 0;
          } catch (error) {
            if (stop.signal.aborted || this.lost(entry, error) !== 'retry') return;
          }
        }
        if (entry.view.status === 'completed' && !entry.raw) await this.fetchResult(entry);
      } catch (error) {
        if (!stop.signal.aborted) this.lost(entry, error);
      } finally {
        entry.polling = false;
        if (isTerminalTask(entry.view.status)) this.finish(entry);
      }
    })();
  }

  /** The server's interval (or ours), doubled for each poll that failed in a row, never over a minute. */
  private nextPollIn(entry: Entry): number {
    return Math.min(MAX_POLL_MS, pollDelay(entry.view.pollIntervalMs) * 2 ** entry.failures);
  }

  /**
   * A request about the task failed; what that means:
   * - the server answered with an error that is not passing trouble: it does not know the
   *   task (expired or unknown), `gone`;
   * - the connection is not up: wait for it (polling resumes once it is), `waiting`;
   * - it is up (our own timeout, or the server's -32000/-32001/-32603): ask again later, `retry`.
   */
  private lost(entry: Entry, error: unknown): Loss {
    const cause = error instanceof AppError ? (error.cause ?? error) : error;
    if (cause instanceof ProtocolError && !PASSING_SERVER_ERRORS.has(cause.code)) {
      const ttl = entry.view.ttlMs;
      const expired = typeof ttl === 'number' && Date.now() >= entry.view.startedAt + ttl;
      this.setStatus(entry, expired ? 'expired' : 'unknown', cause.message);
      return 'gone';
    }
    entry.view.error = messageOf(error);
    if (this.deps.connections.state(entry.view.server).status !== 'connected') {
      entry.view.waiting = true;
      this.changed(entry);
      return 'waiting';
    }
    entry.failures++;
    entry.view.error = `${messageOf(error)} Asking again in ${formatDuration(this.nextPollIn(entry))}.`;
    this.changed(entry);
    return 'retry';
  }

  private async handleInput(entry: Entry, signal: AbortSignal): Promise<void> {
    const { server, taskId } = entry.view;
    const config = this.deps.configOf(server);
    if (entry.view.generation === 'v1') {
      // 2025-11-25: tasks/result waits for the end; the server asks its questions meanwhile
      // as ordinary requests, which the elicitation and sampling dialogs answer.
      await this.fetchResult(entry, signal);
      return;
    }
    const requests = entry.inputRequests ?? {};
    for (const [key, request] of Object.entries(requests)) {
      if (entry.answered.has(key) || key in entry.unsent) continue;
      entry.unsent[key] = await this.answerInput(server, request, signal);
    }
    const responses = entry.unsent;
    if (Object.keys(responses).length === 0) return;
    await this.withWire(server, config, (wire) => wire.update(taskId, responses, signal));
    for (const key of Object.keys(responses)) entry.answered.add(key);
    entry.unsent = {};
  }

  private async answerInput(server: ServerName, request: { method: string; params?: Record<string, unknown> }, signal: AbortSignal): Promise<unknown> {
    const params = (request.params ?? {}) as never;
    if (request.method === 'elicitation/create') return this.deps.elicitation.answer(server, params, signal);
    if (request.method === 'sampling/createMessage') return this.deps.sampling.answer(server, params, signal);
    if (request.method === 'roots/list') return { roots: (this.deps.configOf(server).roots ?? []).map((root) => ({ uri: root.uri, ...(root.name ? { name: root.name } : {}) })) };
    throw failure('unavailable', `${server}: the task asks for ${request.method}, which MCP Workbench cannot answer.`);
  }

  /** Gets the result: v1 asks tasks/result (which also ends an input_required wait), v2 reads the last tasks/get. */
  private async fetchResult(entry: Entry, signal?: AbortSignal): Promise<void> {
    const { server, taskId } = entry.view;
    if (entry.view.generation === 'v2') {
      const snapshot = await this.withWire(server, this.deps.configOf(server), (wire) => wire.get(taskId, signal, this.deps.requestTimeoutMs()));
      this.apply(entry, snapshot);
      return;
    }
    try {
      const raw = await this.withWire(server, this.deps.configOf(server), (wire) => wire.result(taskId, signal), signal);
      entry.raw = toToolCallResult(raw, Date.now() - entry.view.startedAt);
      if (!isTerminalTask(entry.view.status) || entry.view.status !== 'completed') this.setStatus(entry, 'completed');
      else this.changed(entry);
    } catch (error) {
      if (signal?.aborted) return;
      const cause = error instanceof AppError ? error.cause : error;
      if (cause instanceof ProtocolError && !PASSING_SERVER_ERRORS.has(cause.code)) {
        // The task failed (or was cancelled): the status says which.
        const snapshot = await this.withWire(server, this.deps.configOf(server), (wire) => wire.get(taskId, undefined, this.deps.requestTimeoutMs())).catch(ignoreFailure('reading a failed task\'s status; it stays as last seen'));
        if (snapshot) this.apply(entry, snapshot);
        if (!isTerminalTask(entry.view.status) || entry.view.status === 'completed') this.setStatus(entry, 'failed', cause.message);
        else if (!entry.view.error) {
          entry.view.error = cause.message;
          this.changed(entry);
        }
        return;
      }
      throw error;
    }
  }

  private apply(entry: Entry, snapshot: TaskSnapshot): void {
    // An older look than what we know (a late poll after the final status) changes nothing.
    if (!applySnapshotTo(entry.view, snapshot)) return;
    if (snapshot.inputRequests) entry.inputRequests = snapshot.inputRequests;
    if (snapshot.result) entry.raw = toToolCallResult(snapshot.result, Date.now() - entry.view.startedAt);
    this.changed(entry);
  }

  /** A notifications/tasks/status from the server: the task's whole state, newer than our last poll. */
  applyStatus(server: ServerName, snapshot: TaskSnapshot): void {
    const entry = this.entries.get(keyOf(server, snapshot.taskId));
    if (entry) this.apply(entry, snapshot);
  }

  private setStatus(entry: Entry, status: TaskStatus, error?: string): void {
    entry.view.status = status;
    entry.view.waiting = false;
    if (error) entry.view.error = error;
    if (isTerminalTask(status)) entry.view.endedAt = entry.view.endedAt ?? Date.now();
    this.changed(entry);
  }

  private finish(entry: Entry): void {
    this.releaseProgress(entry);
    this.changed(entry);
  }

  /** The task's progress listener goes (no later progress reaches the call it came from). */
  private releaseProgress(entry: Entry): void {
    if (!entry.progressToken) return;
    this.progressTargets.delete(entry.progressToken);
    entry.progressChannel?.releaseProgress(entry.progressToken);
    delete entry.progressChannel;
  }

  /**
   * Keeps the entry; a server's ended tasks beyond MAX_TASKS_PER_SERVER go, oldest first (as
   * the store keeps them). Running ones stay however many there are: they are still followed.
   */
  private add(entry: Entry): void {
    this.entries.set(keyOf(entry.view.server, entry.view.taskId), entry);
    const ended = [...this.entries.values()].filter((e) => e.view.server === entry.view.server && isTerminalTask(e.view.status) && e !== entry);
    const over = this.list(entry.view.server).length - MAX_TASKS_PER_SERVER;
    if (over <= 0) return;
    for (const old of ended.sort((a, b) => a.view.startedAt - b.view.startedAt).slice(0, over)) {
      this.releaseProgress(old);
      this.entries.delete(keyOf(old.view.server, old.view.taskId));
    }
  }

  private changed(entry: Entry): void {
    this.deps.events.emit({ type: 'task-updated', task: { ...entry.view } });
    for (const wake of [...entry.waiters]) wake();
    void this.persist();
  }

  private persist(): Promise<void> {
    return this.deps.store.save([...this.entries.values()].map((entry) => entry.view));
  }
}

function newEntry(view: TaskView): Entry {
  return { view, polling: false, failures: 0, waiters: new Set(), answered: new Set(), unsent: {} };
}

function keyOf(server: ServerName, taskId: string): string {
  return `${server}\u0000${taskId}`;
}

function describeStatus(status: TaskStatus): string {
  return status.replace('_', ' ');
}

/** A tools/call result as the rest of the core has it (the same reading as connection-manager's). */
function toToolCallResult(result: Record<string, unknown>, durationMs: number): ToolCallResult {
  const content = Array.isArray(result.content) ? (result.content as ContentBlock[]) : [];
  return {
    content,
    ...(result.structuredContent !== undefined && result.structuredContent !== null ? { structuredContent: result.structuredContent as Record<string, unknown> } : {}),
    isError: result.isError === true,
    durationMs,
  };
}
