/**
 * Runs one tool call the way the seed's client does, and a bit better:
 * permission check → ensure connected → tools/call (progress, per-call timeout reset on
 * progress, cancel via notifications/cancelled) → on -32042 the URL-elicitation retry
 * (ask consent, the user opens the URL, wait for notifications/elicitation/complete,
 * call again) → the result pipeline (cut text, fit images, save originals) → history.
 *
 * A call can be cancelled by its id (cancelCall) or by the signal its caller passed (the
 * CLI's Ctrl+C); either way it settles as cancelled at once, whatever it is waiting for:
 * the connection, the tool list, the user's answer to a question, a task's next poll.
 */
import { randomUUID } from 'node:crypto';
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/client';
import type { CallOutcome } from '../../../shared/api/history';
import type { CallToolRequest } from '../../../shared/api/tools';
import type { ServerConfig } from '../../../shared/config/server-config';
import { mcpToolName, type ToolCallResult, type ToolInfo } from '../../../shared/domain';
import { AppError } from '../../../shared/envelope';
import { checkExternalUrl } from '../../../shared/external-url';
import type { ResultBlock, ToolRunResult } from '../../../shared/tool-results';
import { cancelledCall } from '../connections/connection-manager';
import type { ElicitationFeature } from '../elicitation/elicitation-feature';
import type { ServerRequestBroker } from '../elicitation/server-request-broker';
import type { EventBus } from '../events/event-bus';
import type { HistoryStore } from '../history/history-store';
import { deniedToolRefusal, disabledToolRefusal } from '../permissions/call-refusal';
import type { PermissionStore } from '../permissions/permission-store';
import type { ToolPins } from '../permissions/tool-pins';
import { processToolResult } from '../results/process-result';
import type { ResultFileStore } from '../results/result-files';
import { diagnostics } from '../diagnostics/diagnostics';
import { excludedTool, type CallOptions, type InputRequiredAnswer, type ToolsService } from './tools-service';
import { callAsTask, mayRunAsTask } from '../tasks/task-call';
import type { TaskService } from '../tasks/task-service';
import { failure, messageOf } from '../../../shared/errors';

/** A call refused for a URL step is retried at most this many times. */
const URL_ELICITATION_RETRIES = 3;

export interface ToolRunnerDeps {
  tools: ToolsService;
  configOf: (server: string) => ServerConfig;
  files: ResultFileStore;
  history: HistoryStore;
  permissions: PermissionStore;
  /** Flags a tool whose definition changed since it was allowed (absent: not checked). */
  pins?: ToolPins;
  broker: ServerRequestBroker;
  elicitation: ElicitationFeature;
  events: EventBus;
  settings: () => { resultTextLimitBytes: number; serverRequestTimeoutMs: number };
  /** Tasks (electron/core/tasks/): without it every call is an ordinary tools/call. */
  tasks?: TaskService;
  /** Sees every processed result (the doctor's observations). */
  onResult?: (result: ToolRunResult) => void;
}

/** The signal of a call nobody can cancel (it has no callId), for the few steps that want one. */
const NEVER_CANCELLED = new AbortController().signal;

export class ToolRunner {
  private readonly running = new Map<string, AbortController>();

  constructor(private readonly deps: ToolRunnerDeps) {}

  cancel(callId: string): boolean {
    const controller = this.running.get(callId);
    if (!controller) return false;
    controller.abort();
    return true;
  }

  /** `signal`: the caller's own way to cancel the call (besides cancelCall with its id). */
  run(request: CallToolRequest, signal?: AbortSignal): Promise<ToolRunResult> {
    const callId = request.callId ?? randomUUID();
    // The server's questions while this call runs may be its own (ServerRequestBroker.callStarted).
    const ended = this.deps.broker.callStarted(request.server, callId);
    // Only a call that can be cancelled (an id cancelCall names, or a signal) gets a
    // controller: one without, no abort listener in the SDK (nor its answer another step to wait for).
    const running = request.callId === undefined && !signal ? this.runRegistered(request, callId, undefined) : this.runCancellable(request, callId, signal);
    running.then(ended, ended);
    return running;
  }

  private async runCancellable(request: CallToolRequest, callId: string, outer: AbortSignal | undefined): Promise<ToolRunResult> {
    // The cancel is registered before anything waits (the server may still be starting),
    // so a cancel pressed at any moment is heard.
    const named = request.callId !== undefined;
    if (named && this.running.has(callId)) throw new AppError('conflict', `A call with id ${callId} is already running.`);
    const controller = new AbortController();
    const abort = () => controller.abort();
    if (outer?.aborted) abort();
    else outer?.addEventListener('abort', abort, { once: true });
    if (named) this.running.set(callId, controller);
    try {
      return await this.runRegistered(request, callId, controller.signal);
    } finally {
      if (named) this.running.delete(callId);
      outer?.removeEventListener('abort', abort);
    }
  }

  private async runRegistered(request: CallToolRequest, callId: string, signal: AbortSignal | undefined): Promise<ToolRunResult> {
    const { server, tool, arguments: args } = request;
    const config = this.deps.configOf(server);
    const fullName = mcpToolName(server, tool);
    const switchedOff = disabledToolRefusal(server, tool, config);
    if (switchedOff) throw switchedOff;
    const started = Date.now();
    const startedAt = performance.now();
    const record = (outcome: CallOutcome, summary: string, sizeBytes?: number) => {
      const entry = this.deps.history.add({ time: started, server, tool, fullName, arguments: args, outcome, summary, durationMs: performance.now() - startedAt, ...(sizeBytes !== undefined ? { sizeBytes } : {}) });
      this.deps.events.emit({ type: 'history-added', entry });
      return entry;
    };
    const stopIfCancelled = () => {
      if (!signal?.aborted) return;
      const error = cancelledCall(server);
      record('cancelled', error.message);
      throw error;
    };

    // A call finds its tool in the list last seen (see ToolsService.list): when there is one, without waiting.
    const seen = this.deps.tools.lastSeen(server, config);
    const info = seen ? seen.find((t) => t.name === tool) : await this.toolInfo(server, config, tool, signal);
    stopIfCancelled();
    if (info?.excludedReason) throw excludedTool(server, tool, info.excludedReason);

    const verdict = this.deps.permissions.decide(server, fullName, info?.annotations);
    const denied = deniedToolRefusal(verdict, server, tool);
    if (denied) throw denied;
    const pin = info && this.deps.pins ? this.deps.pins.check(info) : undefined;
    if (pin?.status === 'changed' && !request.acceptChanges) {
      throw new AppError('conflict', `${fullName} changed since you allowed it: ${pin.changes.join(', ')} changed. Look at the tool again, then confirm to run the new version.`, { kind: 'tool-changed' });
    }
    if (verdict.decision === 'ask' && !request.confirmed) {
      throw new AppError('conflict', `${fullName} needs your confirmation before it runs (${verdict.reason}).`);
    }
    // Allowed from here on: the definition it was allowed with is the one pinned.
    if (info && this.deps.pins && (pin?.status === 'new' || pin?.status === 'changed')) await this.deps.pins.pin(info);
    stopIfCancelled();

    const options: CallOptions = {
      ...(signal ? { signal } : {}),
      onProgress: (progress) => this.deps.events.emit({ type: 'tool-progress', callId, ...progress }),
      ...(request.timeoutMs ? { timeoutMs: request.timeoutMs } : {}),
      ...(request.maxTotalTimeoutMs ? { maxTotalTimeoutMs: request.maxTotalTimeoutMs } : {}),
      ...(request.resetTimeoutOnProgress !== undefined ? { resetTimeoutOnProgress: request.resetTimeoutOnProgress } : {}),
      ...(request.answerInputByHand ? { onInputRequired: (asked, round) => this.inputResponsesByHand(server, tool, callId, asked, round, signal ?? NEVER_CANCELLED) } : {}),
    };

    try {
      let raw: ToolCallResult;
      let task: ToolRunResult['task'];
      for (let attempt = 0; ; attempt++) {
        // Never sent once cancelled (during a URL step, say).
        if (signal?.aborted) throw cancelledCall(server);
        try {
          const viaTask = this.deps.tasks && mayRunAsTask(request, info)
            ? await callAsTask(this.deps.tasks, { config, info, request, callId, signal: signal ?? NEVER_CANCELLED, onProgress: options.onProgress!, ...(request.timeoutMs ? { timeoutMs: request.timeoutMs } : {}) })
            : undefined;
          if (viaTask?.kind === 'detached') {
            const entry = record('ok', `Task ${viaTask.task.taskId} started (${viaTask.task.status}).`);
            return detachedResult(callId, server, tool, viaTask.task, entry.id);
          }
          if (viaTask?.task) task = { taskId: viaTask.task.taskId, status: viaTask.task.status };
          raw = viaTask?.raw ?? (await this.deps.tools.call(server, config, tool, args, options));
          break;
        } catch (error) {
          const elicitations = urlElicitationsOf(error);
          if (!elicitations || attempt >= URL_ELICITATION_RETRIES || signal?.aborted) throw error;
          await this.completeUrlSteps(server, tool, callId, elicitations, signal ?? NEVER_CANCELLED);
        }
      }
      const settings = this.deps.settings();
      const result = await processToolResult(
        raw,
        { callId, server, tool, ...(info?.outputSchema ? { outputSchema: info.outputSchema } : {}) },
        { files: this.deps.files, textLimitBytes: settings.resultTextLimitBytes, label: tool },
      );
      const entry = record(result.isError ? 'tool-error' : 'ok', summarize(result.content, result.isError), result.sizeBytes);
      this.deps.onResult?.(result);
      // The pipeline's own object, completed in place (a copy of it would cost as much as the rest of this step).
      result.historyId = entry.id;
      if (task) result.task = task;
      return result;
    } catch (error) {
      record(signal?.aborted ? 'cancelled' : 'failed', messageOf(error));
      throw error;
    }
  }

  /** Input required, answered by hand: the user's inputResponses, or the call ends. */
  private async inputResponsesByHand(server: string, tool: string, callId: string, asked: InputRequiredAnswer, round: number, signal: AbortSignal): Promise<Record<string, unknown>> {
    const outcome = await this.deps.broker.ask(server, { kind: 'input-required', tool, round, ...asked }, signal, callId);
    if (signal.aborted) throw cancelledCall(server);
    if (!outcome.answered) throw failure('unavailable', `${server}: the call needs input responses, and nobody wrote them (${outcome.reason}).`);
    if (outcome.answer.action !== 'send') throw failure('cancelled', `${server}: the call was ended instead of answering its input requests.`);
    return outcome.answer.inputResponses;
  }

  /** For each URL the server needs visited: consent, then wait for its completion notice. */
  private async completeUrlSteps(server: string, tool: string, callId: string, elicitations: UrlElicitation[], signal: AbortSignal): Promise<void> {
    for (const step of elicitations) {
      if (!checkExternalUrl(step.url).ok) throw failure('refused', `${server}: the server asked to open a URL that is not a clean http(s) address; not opening it.`);
      const outcome = await this.deps.broker.ask(server, { kind: 'elicitation-url', message: step.message, url: step.url, elicitationId: step.elicitationId, during: 'tool-call', tool }, signal, callId);
      if (signal.aborted) throw cancelledCall(server);
      if (!outcome.answered) throw failure('unavailable', `${server}: the call needs a step in the browser, and nobody answered (${outcome.reason}).`);
      if (outcome.answer.action !== 'accept') throw failure('refused', `${server}: the call needs a step in the browser, which you declined.`);
      try {
        await this.deps.elicitation.waitForCompletion(server, step.elicitationId, this.deps.settings().serverRequestTimeoutMs, signal);
      } catch (error) {
        if (signal.aborted) throw cancelledCall(server);
        // Not aborted: the server did not report the step as finished in time.
        throw failure('timeout', `${server}: ${messageOf(error)}.`);
      }
    }
  }

  private async toolInfo(server: string, config: ServerConfig, tool: string, signal: AbortSignal | undefined): Promise<ToolInfo | undefined> {
    try {
      return (await this.deps.tools.list(server, config, { staleOk: true, signal })).find((t) => t.name === tool);
    } catch (error) {
      // The call itself will report what is wrong with the connection.
      diagnostics.debug(`Listing the tools of ${server} before calling ${tool} failed`, error);
      return undefined;
    }
  }
}

/** The answer to a detached task call: no content yet, the task's id. */
function detachedResult(callId: string, server: string, tool: string, task: { taskId: string; status: string }, historyId: string): ToolRunResult {
  return {
    callId,
    server,
    tool,
    content: [],
    outputCheck: { status: 'not-checked', reason: 'The task is still running.' },
    isError: false,
    durationMs: 0,
    sizeBytes: 0,
    historyId,
    task: { taskId: task.taskId, status: task.status },
  };
}

interface UrlElicitation {
  url: string;
  message: string;
  elicitationId: string;
}

/** The URL steps of a -32042 "URL elicitation required" error, or undefined. */
function urlElicitationsOf(error: unknown): UrlElicitation[] | undefined {
  const cause = error instanceof AppError ? error.cause : error;
  if (!(cause instanceof ProtocolError) || cause.code !== ProtocolErrorCode.UrlElicitationRequired) return undefined;
  const list = (cause.data as { elicitations?: unknown } | undefined)?.elicitations;
  if (!Array.isArray(list)) return undefined;
  const steps = list
    .map((item) => item as Record<string, unknown>)
    .filter((item) => typeof item.url === 'string' && typeof item.elicitationId === 'string')
    .map((item) => ({ url: String(item.url), elicitationId: String(item.elicitationId), message: typeof item.message === 'string' ? item.message : 'The server asks you to open this page.' }));
  return steps.length > 0 ? steps : undefined;
}

/** A line about the result for the history list. */
export function summarize(content: readonly ResultBlock[], isError: boolean): string {
  const parts = content.slice(0, 3).map((block) => {
    switch (block.type) {
      case 'text':
        return oneLine(block.text);
      case 'image':
        return block.shown ? `[image ${block.original.width}×${block.original.height}]` : '[image]';
      case 'audio':
        return `[audio ${block.mimeType}]`;
      case 'resource_link':
        return `[link ${block.uri}]`;
      case 'resource':
        return `[resource ${block.uri}]`;
      default:
        return `[${block.kind}]`;
    }
  });
  const text = parts.join(' ') || '(no content)';
  return `${isError ? 'Tool error: ' : ''}${text}`.slice(0, 300);
}

function oneLine(text: string): string {
  const start = text.slice(0, 300);
  return isOneLine(start) ? start : start.replace(/\s+/g, ' ').trim();
}

/** Printable ASCII with single spaces between words: what the usual short answer is, and what the line would be anyway. */
function isOneLine(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code > 0x7e) return false;
    if (code === 0x20 && (i === 0 || i === text.length - 1 || text.charCodeAt(i - 1) === 0x20)) return false;
  }
  return true;
}
