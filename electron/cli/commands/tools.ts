/** `tools list` and `tools call`. */
import { randomUUID } from 'node:crypto';
import type { ToolInfo } from '../../../shared/domain';
import type { CommandRun } from '../command-run';
import { CliError, EXIT, usageError, type ExitCode } from '../exit-codes';
import { startProgress } from '../progress';
import { renderToolResult, wholeResult } from '../render-result';
import type { SourceOptions } from '../session';
import { adhocServer } from '../server-source';
import { formatMs, formatTable } from '../table';
import { parseToolArguments, type ArgumentOptions } from '../tool-arguments';

export async function toolsList(run: CommandRun, server: string | undefined, options: SourceOptions): Promise<ExitCode> {
  run.connectsFirst();
  const session = await run.session(options);
  const name = run.serverName(session, server);
  const tools = await session.api.listTools({ name });
  if (run.output.json) {
    run.output.document({ server: name, tools });
    return EXIT.ok;
  }
  if (tools.length === 0) {
    run.output.note(`${name} offers no tools.`);
    return EXIT.ok;
  }
  const lines = formatTable(
    tools,
    [
      { header: 'TOOL', value: (tool) => tool.name },
      { header: 'HINTS', value: hintsOf },
      { header: 'DESCRIPTION', value: (tool) => (tool.excludedReason ? `NOT CALLABLE: ${tool.excludedReason}` : firstLine(tool.description ?? tool.title ?? '')) },
    ],
    run.output.width,
  );
  for (const line of lines) run.output.line(line);
  const excluded = tools.filter((tool) => tool.excludedReason);
  if (excluded.length > 0) {
    run.output.note(
      `${excluded.map((tool) => tool.name).join(', ')}: cannot be called, as ${excluded.length === 1 ? 'its' : 'their'} x-mcp-header annotations break the MCP 2026-07-28 rules for HTTP headers (clients leave such tools out).`,
    );
  }
  return EXIT.ok;
}

/** read-only, destructive, open-world: what the annotations promise; `excluded` for a tool that cannot be called. */
function hintsOf(tool: ToolInfo): string {
  const a = tool.annotations ?? {};
  const hints = [tool.excludedReason ? 'excluded' : '', a.readOnlyHint ? 'read-only' : '', a.destructiveHint ? 'destructive' : '', a.openWorldHint ? 'open-world' : ''].filter(Boolean);
  return hints.join(',') || '-';
}

function firstLine(text: string): string {
  return text.split('\n', 1)[0]!.trim();
}

function noToolNamed(server: string, adhoc: boolean): CliError {
  return usageError(`Name the tool to call on ${server}.`, `mcp-workbench tools list ${adhoc ? '<same server options>' : server} shows its tools.`);
}

export interface CallOptions extends SourceOptions, ArgumentOptions {
  timeout?: string;
  progress?: boolean;
  /** Run as a task (the tool must allow it; "required" ones always are). */
  task?: boolean;
  /** With a task: print its id and leave it running. */
  detach?: boolean;
  acceptChanges?: boolean;
}

export async function toolsCall(run: CommandRun, operands: string[], options: CallOptions): Promise<ExitCode> {
  // Everything the command line says is checked before anything is started.
  const args = parseToolArguments(options);
  const timeoutMs = options.timeout !== undefined ? parseTimeout(options.timeout) : undefined;
  const adhoc = adhocServer(options);
  const [server, tool, ...extra] = adhoc ? [undefined, ...operands] : operands;
  if (extra.length) throw usageError(`Unexpected ${extra.map((word) => `"${word}"`).join(' ')}: arguments go in --args '<JSON>' or --arg key=value.`);
  // Before the server is started (with no server named at all, the session says so first).
  if (!tool && (adhoc || server !== undefined)) throw noToolNamed(adhoc?.name ?? server!, adhoc !== undefined);
  run.connectsFirst();
  const session = await run.session(options);
  const name = run.serverName(session, server);
  if (!tool) throw noToolNamed(name, session.adhoc !== undefined);
  if (timeoutMs) run.timeoutMs = timeoutMs;

  const tools = await session.api.listTools({ name });
  if (!tools.some((t) => t.name === tool)) {
    throw usageError(`${name} has no tool named "${tool}".`, tools.length ? `Its tools: ${tools.map((t) => t.name).join(', ')}.` : `${name} offers no tools.`);
  }

  const callId = randomUUID();
  const stderr = run.output.stderr;
  const progress = startProgress(stderr, `Calling ${tool} on ${name}`, { tty: stderr.isTTY === true, enabled: options.progress ?? stderr.isTTY === true });
  const unsubscribe = session.api.onEvent((event) => {
    if (event.type === 'tool-progress' && event.callId === callId) progress.update(event);
    // A task's status message is its progress too (2026-07-28 tasks have no progress notifications).
    if (event.type === 'task-updated' && event.task.callId === callId && event.task.statusMessage && !event.task.progress) progress.update({ progress: 0, message: `${event.task.status}: ${event.task.statusMessage}` });
  });
  const asTask = options.task === true || options.detach === true;
  let result;
  try {
    // Running the command is the user's confirmation (tools set to "ask"); a tool the app's rules deny stays refused.
    result = await session.api.callTool({
      server: name,
      tool,
      arguments: args,
      callId,
      confirmed: true,
      ...(timeoutMs ? { timeoutMs } : {}),
      ...(asTask ? { task: true } : {}),
      ...(options.detach ? { detach: true } : {}),
      ...(options.acceptChanges ? { acceptChanges: true } : {}),
    });
  } finally {
    unsubscribe();
    progress.stop();
  }

  if (options.detach) {
    if (!result.task) throw new CliError(`${name} answered "${tool}" at once instead of starting a task; nothing is left running.`, EXIT.usage);
    if (run.output.json) run.output.document({ server: name, tool, task: result.task });
    else {
      run.output.line(result.task.taskId);
      run.output.note(`Started task ${result.task.taskId} on ${name}: mcp-workbench tasks get ${name} ${result.task.taskId} (or tasks result, tasks cancel).`);
    }
    return EXIT.ok;
  }

  const whole = await wholeResult(session.api, result);
  if (run.output.json) {
    run.output.document(whole);
  } else {
    renderToolResult(whole, run.output);
    if (stderr.isTTY || options.progress) run.output.note(`${result.isError ? 'Tool error' : 'Done'} in ${formatMs(result.durationMs)}.`);
  }
  if (result.isError) {
    if (!run.output.json) run.output.note(`${name}: the tool "${tool}" reported an error (isError); its message is above.`);
    return EXIT.toolError;
  }
  return EXIT.ok;
}

function parseTimeout(text: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value <= 0) throw usageError(`--timeout must be a whole number of milliseconds, got "${text}".`, 'For example --timeout 30000 for 30 seconds.');
  return value;
}
