/**
 * `tasks list|get|result|cancel`: the tasks a server runs for us. Their ids are kept in
 * the app's data folder (tools call --task --detach, the app's Tasks tab), so a later run
 * finds them; a server that keeps its tasks (a remote one) still has them then.
 */
import { isTerminalTask, type TaskView } from '../../../shared/api/tasks';
import type { AppApi } from '../../../shared/api';
import type { CommandRun } from '../command-run';
import { CliError, EXIT, usageError, type ExitCode } from '../exit-codes';
import type { CliStream } from '../output';
import { renderToolResult, wholeResult } from '../render-result';
import type { SourceOptions } from '../session';
import { formatMs, formatTable } from '../table';
import { forTerminal } from '../terminal-text';

export interface TaskCommandOptions extends SourceOptions {
  json?: boolean;
  progress?: boolean;
}

export async function tasksList(run: CommandRun, server: string | undefined, options: TaskCommandOptions): Promise<ExitCode> {
  const session = await run.session(options);
  const name = run.serverName(session, server);
  const tasks = await session.api.listTasks({ name });
  if (run.output.json) {
    run.output.document({ server: name, tasks });
    return EXIT.ok;
  }
  if (tasks.length === 0) {
    run.output.note(`${name} has no tasks that MCP Workbench knows of.`);
    return EXIT.ok;
  }
  const lines = formatTable(
    tasks,
    [
      { header: 'TASK', value: (task) => task.taskId },
      { header: 'TOOL', value: (task) => task.tool },
      { header: 'STATUS', value: statusText },
      { header: 'ELAPSED', value: (task) => formatMs((task.endedAt ?? Date.now()) - task.startedAt) },
      { header: 'MESSAGE', value: (task) => task.error ?? task.statusMessage ?? '' },
    ],
    run.output.width,
  );
  for (const line of lines) run.output.line(line);
  return EXIT.ok;
}

export async function tasksGet(run: CommandRun, operands: string[], options: TaskCommandOptions): Promise<ExitCode> {
  const { session, name, taskId } = await taskOperands(run, operands, options);
  const task = await session.api.getTask({ name, taskId });
  if (run.output.json) run.output.document(task);
  else printTask(task, (line) => run.output.line(line));
  return exitCodeOfTask(task, false);
}

/** Waits for the task to end (status on stderr), then prints its result. */
export async function tasksResult(run: CommandRun, operands: string[], options: TaskCommandOptions): Promise<ExitCode> {
  const { session, name, taskId } = await taskOperands(run, operands, options);
  const stderr = run.output.stderr;
  const task = await waitForTask(session.api, name, taskId, stderr, options.progress ?? stderr.isTTY === true);
  if (task.status !== 'completed') {
    if (run.output.json) run.output.document(task);
    throw taskEndedError(task);
  }
  const whole = await wholeResult(session.api, await session.api.getTaskResult({ name, taskId }));
  if (run.output.json) run.output.document({ ...whole, task });
  else renderToolResult(whole, run.output);
  return whole.isError ? EXIT.toolError : EXIT.ok;
}

export async function tasksCancel(run: CommandRun, operands: string[], options: TaskCommandOptions): Promise<ExitCode> {
  const { session, name, taskId } = await taskOperands(run, operands, options);
  const task = await session.api.cancelTask({ name, taskId });
  if (run.output.json) run.output.document(task);
  else run.output.line(`${taskId}: ${statusText(task)}${task.statusMessage ? ` (${task.statusMessage})` : ''}`);
  return task.status === 'expired' || task.status === 'unknown' ? EXIT.taskGone : EXIT.ok;
}

/** Follows a task until it ends, its status and progress on stderr (when shown). */
export async function waitForTask(api: AppApi, name: string, taskId: string, stderr: CliStream, show: boolean): Promise<TaskView> {
  let last = '';
  const report = (task: TaskView) => {
    if (!show) return;
    const line = `Task ${taskId}: ${statusText(task)}${task.progress ? ` ${task.progress.progress}${task.progress.total !== undefined ? `/${task.progress.total}` : ''}` : ''}${task.statusMessage ? ` ${task.statusMessage}` : ''}`;
    if (line !== last) stderr.write(`${forTerminal(line)}\n`);
    last = line;
  };
  let resolveEnd: (task: TaskView) => void = () => undefined;
  let rejectEnd: (error: Error) => void = () => undefined;
  const ended = new Promise<TaskView>((resolve, reject) => ((resolveEnd = resolve), (rejectEnd = reject)));
  // The server went away mid-wait: this run cannot follow the task any further.
  const unreachable = (task: TaskView) => new CliError(`${name} cannot be reached to follow task ${taskId}${task.error ? `: ${task.error}` : ''}.`, EXIT.connection, `The task id is kept: mcp-workbench tasks result ${name} ${taskId} later.`);
  const unsubscribe = api.onEvent((event) => {
    if (event.type !== 'task-updated' || event.task.server !== name || event.task.taskId !== taskId) return;
    report(event.task);
    if (isTerminalTask(event.task.status)) resolveEnd(event.task);
    else if (event.task.waiting) rejectEnd(unreachable(event.task));
  });
  try {
    const now = await api.getTask({ name, taskId });
    report(now);
    if (isTerminalTask(now.status)) return now;
    if (now.waiting) throw unreachable(now);
    return await ended;
  } finally {
    unsubscribe();
  }
}

export function taskEndedError(task: TaskView): CliError {
  const what = task.status === 'failed' ? `failed: ${task.error ?? task.statusMessage ?? 'no reason given'}` : statusText(task);
  return new CliError(`Task ${task.taskId} on ${task.server} ${task.status === 'failed' ? what : `is ${what}`}.`, task.status === 'failed' || task.status === 'cancelled' ? EXIT.toolError : EXIT.taskGone);
}

function exitCodeOfTask(task: TaskView, needResult: boolean): ExitCode {
  if (task.status === 'expired' || task.status === 'unknown') return EXIT.taskGone;
  if (task.status === 'failed' || (needResult && task.status === 'cancelled')) return EXIT.toolError;
  return EXIT.ok;
}

async function taskOperands(run: CommandRun, operands: string[], options: TaskCommandOptions) {
  const session = await run.session(options);
  const [server, taskId, ...extra] = session.adhoc ? [undefined, ...operands] : operands;
  if (extra.length) throw usageError(`Unexpected ${extra.map((word) => `"${word}"`).join(' ')}.`);
  const name = run.serverName(session, server);
  if (!taskId) throw usageError(`Name the task on ${name}.`, `mcp-workbench tasks list ${session.adhoc ? '<same server options>' : name} shows the tasks MCP Workbench knows of.`);
  return { session, name, taskId };
}

function printTask(task: TaskView, line: (text: string) => void): void {
  line(`Task:     ${task.taskId}`);
  line(`Tool:     ${task.tool}`);
  line(`Status:   ${statusText(task)}`);
  if (task.statusMessage) line(`Message:  ${task.statusMessage}`);
  if (task.error) line(`Error:    ${task.error}`);
  if (task.progress) line(`Progress: ${task.progress.progress}${task.progress.total !== undefined ? `/${task.progress.total}` : ''}${task.progress.message ? ` ${task.progress.message}` : ''}`);
  line(`Elapsed:  ${formatMs((task.endedAt ?? Date.now()) - task.startedAt)}`);
}

function statusText(task: TaskView): string {
  const text = task.status.replace('_', ' ');
  return task.waiting ? `${text} (waiting for the server)` : text;
}
