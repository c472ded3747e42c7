/**
 * The tool runner's way into tasks: whether this call runs as a task (taskSupport
 * "required" always; "optional", or any tool of a 2026-07-28 server with the tasks
 * extension, when the caller asks), and if so, starting it and waiting for its end.
 */
import type { CallToolRequest } from '../../../shared/api/tools';
import type { TaskView } from '../../../shared/api/tasks';
import type { ServerConfig } from '../../../shared/config/server-config';
import type { ToolCallResult, ToolInfo } from '../../../shared/domain';
import type { ProgressListener } from '../connections/transports/raw-dispatch-transport';
import type { TaskService } from './task-service';
import { failure } from '../../../shared/errors';

export type TaskCallOutcome = { kind: 'done'; raw: ToolCallResult; task?: TaskView } | { kind: 'detached'; task: TaskView };

export interface TaskCallContext {
  config: ServerConfig;
  info: ToolInfo | undefined;
  request: CallToolRequest;
  callId: string;
  signal: AbortSignal;
  onProgress: ProgressListener;
  timeoutMs?: number;
}

/** Undefined: not a task call, the ordinary tools/call path runs. */
/**
 * Only a caller asking for a task, or a tool that requires one, can run as one: every
 * other call is an ordinary tools/call, known without asking the connection ("optional"
 * and "forbidden" without `task: true` both end here).
 */
export function mayRunAsTask(request: Pick<CallToolRequest, 'task'>, info: Pick<ToolInfo, 'execution'> | undefined): boolean {
  return request.task === true || info?.execution?.taskSupport === 'required';
}

export async function callAsTask(tasks: TaskService, ctx: TaskCallContext): Promise<TaskCallOutcome | undefined> {
  const { server, tool, arguments: args } = ctx.request;
  if (!mayRunAsTask(ctx.request, ctx.info)) return undefined;
  const support = await tasks.supportOf(server, ctx.config, ctx.info?.execution?.taskSupport);
  if (support === 'forbidden' || (support === 'optional' && ctx.request.task !== true)) return undefined;
  // The call's own progress ends with the call (a detached task goes on reporting to its task only).
  let callRunning = true;
  const started = await tasks.start(server, ctx.config, tool, args, {
    callId: ctx.callId,
    signal: ctx.signal,
    onProgress: (progress) => {
      if (callRunning) ctx.onProgress(progress);
    },
    ...(ctx.timeoutMs ? { timeoutMs: ctx.timeoutMs } : {}),
  });
  if (started.kind === 'immediate') return { kind: 'done', raw: started.raw };
  if (ctx.request.detach) {
    callRunning = false;
    return { kind: 'detached', task: started.task };
  }
  let end: TaskView;
  try {
    end = await waitOrCancel(tasks, started.task, ctx.signal);
  } finally {
    callRunning = false;
  }
  switch (end.status) {
    case 'completed': {
      const raw = tasks.rawResult(server, end.taskId);
      if (!raw) throw failure('connection', `${server}: task ${end.taskId} completed, but its result could not be fetched${end.error ? `: ${end.error}` : ''}.`);
      return { kind: 'done', raw, task: end };
    }
    case 'cancelled':
      throw failure('cancelled', `${server}: The call was cancelled (task ${end.taskId}).`);
    case 'failed':
      throw failure('server-error', `${server}: task ${end.taskId} failed: ${end.error ?? end.statusMessage ?? 'no reason given'}.`);
    default:
      throw failure('task-gone', `${server}: task ${end.taskId} is ${end.status === 'expired' ? 'expired' : 'unknown'} to the server${end.error ? ` (${end.error})` : ''}.`);
  }
}

/** Waits for the task's end; a cancel (the signal) sends tasks/cancel and stops waiting at once. */
async function waitOrCancel(tasks: TaskService, task: TaskView, signal: AbortSignal): Promise<TaskView> {
  const stopWaiting = new AbortController();
  const cancelled = new Promise<never>((_resolve, reject) => {
    const onAbort = () => {
      // Its failure is told on the task (the call itself ends at once, cancelled).
      void tasks.cancelAfterCall(task.server, task.taskId);
      reject(failure('cancelled', `${task.server}: The call was cancelled (task ${task.taskId}).`));
    };
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
    stopWaiting.signal.addEventListener('abort', () => signal.removeEventListener('abort', onAbort), { once: true });
  });
  try {
    return await Promise.race([tasks.waitForEnd(task.server, task.taskId), cancelled]);
  } finally {
    stopWaiting.abort();
  }
}
