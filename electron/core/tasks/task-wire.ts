/**
 * The tasks protocol on the wire, in both generations, checked with the schemas of
 * @modelcontextprotocol/ext-tasks:
 * - v1, MCP 2025-11-25: `task` on tools/call → CreateTaskResult; tasks/get (status),
 *   tasks/result (blocks until the end; input the task needs arrives meanwhile as
 *   ordinary server requests), tasks/list, tasks/cancel.
 * - v2, MCP 2026-07-28 extension io.modelcontextprotocol/tasks: declared in the request's
 *   capabilities; the server may answer tools/call with `resultType: "task"`; tasks/get
 *   carries the result (or error, or the input requests); tasks/update answers input;
 *   tasks/cancel. No tasks/list.
 */
import type { Client } from '@modelcontextprotocol/client';
import { CallToolResultV1Schema, CreateTaskResultV1Schema, GetTaskResultV1Schema, ListTasksResultV1Schema, type TaskV1 } from '@modelcontextprotocol/ext-tasks/core/v1';
import { CallToolResultV2Schema, CreateTaskResultV2Schema, GetTaskResultV2Schema, TASKS_EXTENSION_ID_V2 } from '@modelcontextprotocol/ext-tasks/core/v2';
import type { ProgressListener, RawDispatchTransport } from '../connections/transports/raw-dispatch-transport';

export type TaskGeneration = 'v1' | 'v2';
type WireTaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';

/** One look at a task, the same shape in both generations. */
export interface TaskSnapshot {
  taskId: string;
  status: WireTaskStatus;
  statusMessage?: string;
  ttlMs?: number | null;
  pollIntervalMs?: number;
  /** v2, completed: the tools/call result. */
  result?: Record<string, unknown>;
  /** v2, failed: the JSON-RPC error. */
  error?: { code: number; message: string };
  /** v2, input_required: what the server asks, by key. */
  inputRequests?: Record<string, { method: string; params?: Record<string, unknown> }>;
}

export type CallOutcome = { kind: 'immediate'; result: Record<string, unknown> } | { kind: 'task'; task: TaskSnapshot; progressToken?: string };

/** Which generation the connected server speaks, or undefined when it has no tasks (for tool calls). */
export function taskGenerationOf(client: Client): TaskGeneration | undefined {
  const capabilities = client.getServerCapabilities() as Record<string, unknown> | undefined;
  if (client.getProtocolEra() === 'modern') {
    const extensions = capabilities?.extensions as Record<string, unknown> | undefined;
    return extensions?.[TASKS_EXTENSION_ID_V2] !== undefined ? 'v2' : undefined;
  }
  const tasks = capabilities?.tasks as { requests?: { tools?: { call?: unknown } } } | undefined;
  return tasks?.requests?.tools?.call !== undefined ? 'v1' : undefined;
}

/** Whether a 2025-11-25 server lists its tasks (tasks/list). */
export function canListTasks(client: Client): boolean {
  const tasks = (client.getServerCapabilities() as Record<string, unknown> | undefined)?.tasks as { list?: unknown } | undefined;
  return client.getProtocolEra() !== 'modern' && tasks?.list !== undefined;
}

export class TaskWire {
  constructor(
    readonly generation: TaskGeneration,
    private readonly raw: RawDispatchTransport,
  ) {}

  /** The raw channel under this wire (its connection attempt's): where a task's progress listener lives. */
  get channel(): RawDispatchTransport {
    return this.raw;
  }

  private send(method: string, params: Record<string, unknown>, options: { signal?: AbortSignal; timeoutMs?: number; onProgress?: ProgressListener } = {}) {
    return this.raw.request(method, params, this.generation === 'v2', options);
  }

  /** tools/call as a task (v1: with `task`; v2: with the extension declared; the server may still answer at once). */
  async callTool(name: string, args: Record<string, unknown>, options: { ttlMs?: number; signal?: AbortSignal; timeoutMs?: number; onProgress?: ProgressListener }): Promise<CallOutcome> {
    const params = { name, arguments: args, ...(this.generation === 'v1' ? { task: options.ttlMs !== undefined ? { ttl: options.ttlMs } : {} } : {}) };
    const { result, progressToken } = await this.send('tools/call', params, options);
    const immediate = this.generation === 'v1' ? result.task === undefined : result.resultType !== 'task';
    // Answered at once: no task will report progress for this token.
    if (immediate) this.releaseProgress(progressToken);
    if (this.generation === 'v1') {
      if (immediate) return { kind: 'immediate', result: CallToolResultV1Schema.parse(result) as Record<string, unknown> };
      return { kind: 'task', task: fromV1(CreateTaskResultV1Schema.parse(result).task), ...(progressToken ? { progressToken } : {}) };
    }
    if (immediate) return { kind: 'immediate', result: CallToolResultV2Schema.parse(result) as Record<string, unknown> };
    return { kind: 'task', task: fromV2(CreateTaskResultV2Schema.parse(result)), ...(progressToken ? { progressToken } : {}) };
  }

  async get(taskId: string, signal?: AbortSignal, timeoutMs?: number): Promise<TaskSnapshot> {
    const { result } = await this.send('tasks/get', { taskId }, { ...(signal ? { signal } : {}), ...(timeoutMs ? { timeoutMs } : {}) });
    if (this.generation === 'v1') return fromV1(GetTaskResultV1Schema.parse(result));
    return fromV2(GetTaskResultV2Schema.parse(result));
  }

  /** v1 only: waits for the task's result (the server may ask for input meanwhile). */
  async result(taskId: string, signal?: AbortSignal): Promise<Record<string, unknown>> {
    const { result } = await this.send('tasks/result', { taskId }, signal ? { signal } : {});
    return CallToolResultV1Schema.parse(result) as Record<string, unknown>;
  }

  /** v2 only: answers the task's input requests. */
  async update(taskId: string, inputResponses: Record<string, unknown>, signal?: AbortSignal): Promise<void> {
    await this.send('tasks/update', { taskId, inputResponses }, signal ? { signal } : {});
  }

  async cancel(taskId: string, timeoutMs?: number): Promise<void> {
    await this.send('tasks/cancel', { taskId }, timeoutMs ? { timeoutMs } : {});
  }

  /** v1 only: one page of the server's tasks. */
  async list(cursor?: string, signal?: AbortSignal): Promise<{ tasks: TaskSnapshot[]; nextCursor?: string }> {
    const { result } = await this.send('tasks/list', cursor ? { cursor } : {}, signal ? { signal } : {});
    const page = ListTasksResultV1Schema.parse(result);
    return { tasks: page.tasks.map(fromV1), ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) };
  }

  releaseProgress(token: string | undefined): void {
    if (token) this.raw.releaseProgress(token);
  }
}

export function fromV1(task: TaskV1): TaskSnapshot {
  return {
    taskId: task.taskId,
    status: task.status,
    ...(task.statusMessage ? { statusMessage: task.statusMessage } : {}),
    ttlMs: task.ttl ?? null,
    ...(task.pollInterval !== undefined ? { pollIntervalMs: task.pollInterval } : {}),
  };
}

function fromV2(task: Record<string, unknown>): TaskSnapshot {
  const t = task as { taskId: string; status: WireTaskStatus; statusMessage?: string; ttlMs: number | null; pollIntervalMs?: number; result?: unknown; error?: { code: number; message: string }; inputRequests?: unknown };
  return {
    taskId: t.taskId,
    status: t.status,
    ...(t.statusMessage ? { statusMessage: t.statusMessage } : {}),
    ttlMs: t.ttlMs,
    ...(t.pollIntervalMs !== undefined ? { pollIntervalMs: t.pollIntervalMs } : {}),
    ...(t.status === 'completed' && t.result ? { result: t.result as Record<string, unknown> } : {}),
    ...(t.status === 'failed' && t.error ? { error: { code: t.error.code, message: t.error.message } } : {}),
    ...(t.status === 'input_required' && t.inputRequests ? { inputRequests: t.inputRequests as TaskSnapshot['inputRequests'] & object } : {}),
  };
}
