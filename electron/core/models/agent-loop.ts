/**
 * The agent loop: a model, the tools of the servers the user picked, and a prompt. Each
 * model turn may ask for tool calls; each call is put to the approval hook (approve, edit
 * the arguments, deny), then run through the core's own tool runner — the same path as a
 * call from the Tools tab, with its permissions, tasks, protocol log and history — and its
 * result goes back to the model, until the model answers without calling a tool, the step
 * limit is reached, or the signal stops it.
 *
 * Calls run one at a time, also when the model asks for several at once: the JSON-RPC
 * requests seen on the server's protocol log while a call runs are the ones it caused, so
 * every step record names them.
 */
import { randomUUID } from 'node:crypto';
import type { AppApi } from '../../../shared/api';
import type { ServerName } from '../../../shared/config/server-config';
import type { ChatStep, ChatToolStep } from '../../../shared/api/models';
import type { ToolInfo } from '../../../shared/domain';
import type { AppEvent } from '../../../shared/events';
import { AppError } from '../../../shared/envelope';
import type { ModelError } from './model-error';
import { explainModelFailure, unexplainedModelFailure } from './model-errors';
import { runModelStep, toolResultMessage, type ConversationMessage, type ModelHandle, type ModelTool, type StepOutcome } from './model-library';
import { costOf, type PriceTable } from './prices';
import { adaptedTools } from './schema-adaptation';
import { toolResultText } from './tool-result-text';
import { modelToolNames, type ExposedTool } from './tool-names';
import { logFailure } from '../diagnostics/diagnostics';

/** What the loop needs of the core: the AppApi's tool calls and events (the CLI's session, the app's core). */
export type ToolGateway = Pick<AppApi, 'listTools' | 'callTool' | 'cancelCall' | 'onEvent'>;

export interface PendingToolCall {
  server: ServerName;
  tool: string;
  arguments: Record<string, unknown>;
  /** The model's id for the call. */
  toolCallId: string;
}

export type ToolApproval = { decision: 'approve'; arguments?: Record<string, unknown> } | { decision: 'deny'; reason?: string };



export interface AgentRunOptions {
  model: ModelHandle;
  gateway: ToolGateway;
  servers: ServerName[];
  /** Tool names per server to expose; absent: every tool of the server that can be called. */
  toolFilter?: (tool: ToolInfo) => boolean;
  /** The user's message; absent when the history already ends where the model speaks next (a re-run from a tool result). */
  prompt?: string;
  system?: string;
  /** Earlier turns of the conversation. */
  history?: ConversationMessage[];
  /** The number of the first model turn (a re-run continues the numbering of the run it came from); default 1. */
  firstStep?: number;
  maxSteps: number;
  signal: AbortSignal;
  /** Asked before each call; absent: calls run as the permission rules decide (a tool set to "ask" is refused). */
  approve?: (call: PendingToolCall) => Promise<ToolApproval>;
  onStep?: (record: ChatStep) => void;
  onTextDelta?: (text: string) => void;
  prices?: PriceTable;
  stream?: boolean;
  temperature?: number;
  maxRetries?: number;
  /** Answers a model turn in place of the provider (recorded runs); default: the provider. */
  step?: (handle: ModelHandle, request: Parameters<typeof runModelStep>[1]) => Promise<StepOutcome>;
}

export interface AgentRunResult {
  status: 'answered' | 'max-steps' | 'stopped' | 'failed';
  text: string;
  steps: ChatStep[];
  toolCalls: Array<{ server: ServerName; tool: string; arguments: Record<string, unknown>; isError: boolean }>;
  usage: { inputTokens: number; outputTokens: number; cost?: number };
  error?: { message: string; hint: string; reason: string };
  /** The whole conversation, to continue it. */
  messages: ConversationMessage[];
}

/** The tools to offer, named for the model, with the exposed tool behind each name. */
async function exposedTools(gateway: ToolGateway, servers: ServerName[], filter?: (tool: ToolInfo) => boolean) {
  const infos: ToolInfo[] = [];
  for (const server of servers) {
    const tools = await gateway.listTools({ name: server });
    infos.push(...tools.filter((t) => !t.excludedReason && (!filter || filter(t))));
  }
  const names = modelToolNames(infos.map((t) => ({ server: t.server, tool: t.name })));
  const byName = new Map<string, { exposed: ExposedTool; info: ToolInfo }>();
  const modelTools: ModelTool[] = [];
  let i = 0;
  for (const [name, exposed] of names) {
    const info = infos[i++]!;
    byName.set(name, { exposed, info });
    modelTools.push({ name, ...(info.description ? { description: info.description } : {}), inputSchema: info.inputSchema });
  }
  return { modelTools, byName };
}

export async function runAgent(options: AgentRunOptions): Promise<AgentRunResult> {
  const steps: ChatStep[] = [];
  const record = (entry: ChatStep) => {
    steps.push(entry);
    options.onStep?.(entry);
  };
  const messages: ConversationMessage[] = [...(options.history ?? []), ...(options.prompt !== undefined ? [{ role: 'user' as const, content: options.prompt }] : [])];
  const usage = { inputTokens: 0, outputTokens: 0, cost: 0 as number | undefined };
  const toolCalls: AgentRunResult['toolCalls'] = [];
  const finish = (status: AgentRunResult['status'], text: string, error?: ModelError): AgentRunResult => ({
    status,
    text,
    steps,
    toolCalls,
    usage: { inputTokens: usage.inputTokens, outputTokens: usage.outputTokens, ...(usage.cost !== undefined ? { cost: usage.cost } : {}) },
    ...(error ? { error: { message: error.message, hint: error.hint, reason: error.reason } } : {}),
    messages,
  });

  const { modelTools, byName } = await exposedTools(options.gateway, options.servers, options.toolFilter);
  const originals = new Map(modelTools.map((t) => [t.name, t.inputSchema]));
  const step = options.step ?? runModelStep;
  let lastText = '';

  const first = options.firstStep ?? 1;
  for (let index = first; index < first + options.maxSteps; index++) {
    if (options.signal.aborted) return finish('stopped', lastText);
    const startedAt = Date.now();
    let outcome: StepOutcome;
    try {
      outcome = await step(options.model, {
        ...(options.system ? { system: options.system } : {}),
        messages,
        tools: modelTools,
        signal: options.signal,
        maxRetries: options.maxRetries ?? 2,
        stream: options.stream ?? true,
        ...(options.temperature !== undefined ? { temperature: options.temperature } : {}),
        ...(options.onTextDelta ? { onTextDelta: options.onTextDelta } : {}),
      });
    } catch (error) {
      if (options.signal.aborted) return finish('stopped', lastText);
      return finish('failed', lastText, explainModelFailure(error, options.model.choice) ?? unexplainedModelFailure(error, options.model.choice));
    }
    const cost = options.prices ? costOf(options.prices, options.model.choice, outcome.usage) : undefined;
    usage.inputTokens += outcome.usage.inputTokens;
    usage.outputTokens += outcome.usage.outputTokens;
    usage.cost = usage.cost === undefined || cost === undefined ? undefined : usage.cost + cost;
    lastText = outcome.text;
    messages.push(...outcome.responseMessages);
    record({
      kind: 'model',
      step: index,
      startedAt,
      latencyMs: Date.now() - startedAt,
      text: outcome.text,
      toolCalls: outcome.toolCalls.map((c) => ({ id: c.id, name: c.name, ...(c.invalid ? { invalid: c.invalid } : {}) })),
      finishReason: outcome.finishReason,
      usage: outcome.usage,
      ...(cost !== undefined ? { cost } : {}),
      warnings: outcome.warnings,
      request: { body: outcome.requestBody, tools: adaptedTools(options.model.choice.provider, outcome.requestBody, originals) },
    });
    if (outcome.toolCalls.length === 0) return finish('answered', outcome.text);

    const results: Parameters<typeof toolResultMessage>[0] = [];
    for (const call of outcome.toolCalls) {
      if (options.signal.aborted) return finish('stopped', lastText);
      const target = byName.get(call.name);
      const started = Date.now();
      if (call.invalid || !target || !isArgumentObject(call.input)) {
        const why = !target ? `there is no tool named "${call.name}"` : call.invalid ? `its arguments are not valid: ${call.invalid}` : 'its arguments are not a JSON object';
        const text = `The call was not run: ${why}.`;
        results.push({ id: call.id, name: call.name, text, isError: true });
        record({ kind: 'tool', step: index, toolCallId: call.id, server: target?.exposed.server ?? '', tool: target?.exposed.tool ?? call.name, arguments: isArgumentObject(call.input) ? call.input : {}, approval: 'invalid', resultText: text, isError: true, notRun: why, latencyMs: 0, jsonRpcIds: [] });
        continue;
      }
      const { server, tool } = target.exposed;
      const entry = await runToolCall(options, { server, tool, arguments: call.input, toolCallId: call.id }, started, index);
      if (entry === 'stopped') return finish('stopped', lastText);
      record(entry);
      if (entry.approval !== 'denied' && entry.approval !== 'invalid') toolCalls.push({ server, tool, arguments: entry.arguments, isError: entry.isError });
      results.push({ id: call.id, name: call.name, text: entry.resultText, isError: entry.isError, ...(entry.approval === 'denied' ? { denied: entry.resultText } : {}) });
    }
    messages.push(toolResultMessage(results));
  }
  return finish('max-steps', lastText);
}

function isArgumentObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

async function runToolCall(options: AgentRunOptions, call: PendingToolCall, started: number, step: number): Promise<ChatToolStep | 'stopped'> {
  const base = { kind: 'tool' as const, step, toolCallId: call.toolCallId, server: call.server, tool: call.tool };
  let args = call.arguments;
  let approval: ChatToolStep['approval'] = 'auto';
  if (options.approve) {
    const answer = await options.approve(call);
    if (options.signal.aborted) return 'stopped';
    if (answer.decision === 'deny') {
      const text = `The user declined this call${answer.reason ? `: ${answer.reason}` : '.'}`;
      return { ...base, arguments: args, approval: 'denied', resultText: text, isError: true, notRun: 'denied by the user', latencyMs: Date.now() - started, jsonRpcIds: [] };
    }
    const edited = answer.arguments !== undefined && JSON.stringify(answer.arguments) !== JSON.stringify(args);
    if (edited) args = answer.arguments!;
    approval = edited ? 'edited' : 'approved';
  }

  const callId = randomUUID();
  const ids: Array<string | number> = [];
  // Requests to this server while the call runs (calls run one at a time): the ones it caused.
  const unsubscribe = options.gateway.onEvent((event: AppEvent) => {
    if (event.type !== 'protocol-log') return;
    for (const entry of event.entries) {
      if (entry.server === call.server && entry.direction === 'out' && entry.kind === 'request' && entry.id !== undefined && causedBy(entry.text, call.tool, entry.method)) ids.push(entry.id);
    }
  });
  // Stopping the loop cancels the call under way (the server is told, as for a cancel in the Tools tab).
  const cancel = () => void options.gateway.cancelCall({ callId }).catch(logFailure('Cancelling the tool call of a stopped model turn failed; the server may still be running it'));
  options.signal.addEventListener('abort', cancel, { once: true });
  try {
    const result = await options.gateway.callTool({ server: call.server, tool: call.tool, arguments: args, callId, confirmed: approval !== 'auto' });
    return {
      ...base,
      arguments: args,
      ...(approval === 'edited' ? { modelArguments: call.arguments } : {}),
      approval,
      resultText: toolResultText(result),
      isError: result.isError,
      latencyMs: Date.now() - started,
      callId,
      jsonRpcIds: ids,
      ...(result.historyId ? { historyId: result.historyId } : {}),
    };
  } catch (error) {
    if (options.signal.aborted) return 'stopped';
    const message = error instanceof AppError || error instanceof Error ? error.message : String(error);
    return { ...base, arguments: args, ...(approval === 'edited' ? { modelArguments: call.arguments } : {}), approval, resultText: `The call was not run: ${message}`, isError: true, notRun: message, latencyMs: Date.now() - started, callId, jsonRpcIds: ids };
  } finally {
    options.signal.removeEventListener('abort', cancel);
    unsubscribe();
  }
}

/** A tools/call for this tool, or what a task-augmented call sends after it (tasks/get, tasks/result). */
function causedBy(text: string, tool: string, method: string | undefined): boolean {
  if (method?.startsWith('tasks/')) return true;
  if (method !== 'tools/call') return false;
  try {
    return (JSON.parse(text) as { params?: { name?: string } }).params?.name === tool;
  } catch {
    return false;
  }
}
