/** `servers list` and `servers check`. */
import { isEnabled, isStdioConfig, transportOf, type ServerConfig, type ServerName } from '../../../shared/config/server-config';
import type { ServerView } from '../../../shared/domain';
import { maskSecretRefs } from '../../../shared/config/secret-ref';
import type { FailureKind } from '../../../shared/envelope';
import { runWithConcurrency } from '../../core/util/concurrency';
import type { CommandRun } from '../command-run';
import { EXIT, failureKindOf, usageError, type ExitCode } from '../exit-codes';
import { hintFor } from '../report-error';
import type { Session, SourceOptions } from '../session';
import { formatMs, formatTable } from '../table';

/** The command line or URL of an entry, as a person would type it. */
export function targetOf(config: ServerConfig): string {
  if (isStdioConfig(config)) return [config.command, ...(config.args ?? [])].map(quoteWord).join(' ');
  return 'url' in config ? config.url : '';
}

function quoteWord(word: string): string {
  return /^[\w@%+=:,./${}-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

function sourceLabel(session: Session, view: ServerView): string {
  if (session.source === 'config') return 'config';
  if (session.source === 'adhoc') return 'ad-hoc';
  return view.scope ?? '';
}

export async function serversList(run: CommandRun, options: SourceOptions): Promise<ExitCode> {
  const session = await run.session(options);
  const [servers, status] = await Promise.all([session.api.listServers(), session.api.getConfigStatus()]);
  const problems = status.files.flatMap((file) => [
    ...(file.problem ? [{ file: file.path, message: file.problem.message, ...position(file.problem) }] : []),
    ...file.entryProblems.map((problem) => ({ file: file.path, server: problem.name, message: problem.message, ...position(problem) })),
  ]);
  if (run.output.json) {
    run.output.document({
      ...(status.project ? { project: status.project } : {}),
      servers: servers.map((view) => ({
        name: view.name,
        scope: sourceLabel(session, view),
        transport: transportOf(view.config),
        enabled: isEnabled(view.config),
        target: targetOf(view.config),
        ...(view.launch?.commandPath ? { commandPath: view.launch.commandPath } : {}),
        ...(view.launch?.problem ? { problem: view.launch.problem } : {}),
        // The keys of stored secrets stay in the app: a script's output is often kept or shared.
        config: maskSecretRefs(view.config),
      })),
      problems,
    });
  } else if (servers.length === 0) {
    run.output.note(
      session.source === 'config'
        ? 'The --config file has no valid servers.'
        : `No servers configured${status.project ? '' : ' in the user scope (add --project <dir> for a project\'s servers)'}. Add some in MCP Workbench, or use --config <file>.`,
    );
  } else {
    const lines = formatTable(
      servers,
      [
        { header: 'NAME', value: (view) => view.name },
        { header: 'SCOPE', value: (view) => sourceLabel(session, view) },
        { header: 'TRANSPORT', value: (view) => transportOf(view.config) },
        { header: 'ENABLED', value: (view) => (isEnabled(view.config) ? 'yes' : 'no') },
        { header: 'COMMAND / URL', value: (view) => `${targetOf(view.config)}${view.launch?.problem ? `  (${view.launch.problem})` : ''}` },
      ],
      run.output.width,
    );
    for (const line of lines) run.output.line(line);
  }
  for (const problem of problems) {
    const where = problem.line !== undefined ? ` line ${problem.line}${problem.column !== undefined ? `, column ${problem.column}` : ''}` : '';
    run.output.note(`Note: ${problem.file}${where}: ${problem.message}`);
  }
  return EXIT.ok;
}

function position(problem: { line?: number; column?: number }): { line?: number; column?: number } {
  return { ...(problem.line !== undefined ? { line: problem.line } : {}), ...(problem.column !== undefined ? { column: problem.column } : {}) };
}

interface CheckResult {
  name: ServerName;
  status: ServerView['status'];
  connectMs?: number;
  tools?: number;
  serverInfo?: ServerView['serverInfo'];
  /** The protocol version agreed, its era, and whether it was detected now, remembered or set. */
  protocolVersion?: string;
  protocolEra?: ServerView['protocolEra'];
  protocolSource?: ServerView['protocolSource'];
  /** How the transport differs from the entry's (reached over SSE after Streamable HTTP was refused). */
  transportNote?: string;
  error?: string;
  errorKind?: FailureKind;
  stderr?: string[];
  /** Skipped: disabled and not asked for by name. */
  skipped?: boolean;
}

export async function serversCheck(run: CommandRun, names: string[], options: SourceOptions): Promise<ExitCode> {
  const session = await run.session(options);
  const all = await session.api.listServers();
  let targets: ServerView[];
  if (session.adhoc) {
    if (names.length) throw usageError(`Give server names or an ad-hoc server (--stdio, --url), not both.`);
    targets = all;
  } else if (names.length) {
    const unknown = names.filter((name) => !all.some((view) => view.name === name));
    if (unknown.length) {
      throw usageError(
        `No server named ${unknown.map((name) => `"${name}"`).join(', ')}.`,
        all.length ? `Servers here: ${all.map((view) => view.name).join(', ')}.` : 'No servers are configured here (project servers need --project <dir>).',
      );
    }
    targets = names.map((name) => all.find((view) => view.name === name)!);
  } else {
    targets = all;
  }
  if (targets.length === 0) {
    throw usageError('There are no servers to check.', 'Add servers in MCP Workbench, open a project with --project <dir>, or give --config <file>.');
  }

  const named = new Set(names.length ? names : session.adhoc ? [session.adhoc.name] : []);
  const { effective } = await session.api.getSettings();
  const results = new Map<ServerName, CheckResult>();
  const check = async (view: ServerView): Promise<void> => {
    if (!isEnabled(view.config) && !named.has(view.name)) {
      results.set(view.name, { name: view.name, status: 'disabled', skipped: true });
      return;
    }
    const started = performance.now();
    const after = await session.api.connectServer({ name: view.name });
    const connectMs = Math.round(performance.now() - started);
    const result: CheckResult = { name: view.name, status: after.status, ...(after.status !== 'disabled' ? { connectMs } : {}) };
    if (after.serverInfo) result.serverInfo = after.serverInfo;
    if (after.protocolVersion) result.protocolVersion = after.protocolVersion;
    if (after.protocolEra) result.protocolEra = after.protocolEra;
    if (after.protocolSource) result.protocolSource = after.protocolSource;
    if (after.transportNote) result.transportNote = after.transportNote;
    if (after.status === 'connected') {
      try {
        result.tools = (await session.api.listTools({ name: view.name })).length;
      } catch (error) {
        result.status = 'failed';
        result.error = `Connected, but listing its tools failed: ${(error as Error).message}`;
        const kind = failureKindOf(error);
        if (kind) result.errorKind = kind;
      }
    } else if (after.status === 'disabled') {
      result.error = `disabled; enable it in MCP Workbench, or remove "enabled": false from its entry.`;
      result.errorKind = 'disabled';
    } else {
      if (after.error) result.error = after.error;
      if (after.errorKind) result.errorKind = after.errorKind;
      if (after.stderrTail?.length) result.stderr = after.stderrTail;
    }
    results.set(view.name, result);
  };
  // As at start-up: a few local processes at a time, more remote servers.
  const stdio = targets.filter((view) => isStdioConfig(view.config));
  const remote = targets.filter((view) => !isStdioConfig(view.config));
  await Promise.all([runWithConcurrency(stdio, effective.stdioStartupConcurrency, check), runWithConcurrency(remote, effective.remoteStartupConcurrency, check)]);
  const ordered = targets.map((view) => results.get(view.name)!);

  const failures = ordered.filter((result) => !result.skipped && result.status !== 'connected');
  if (run.output.json) {
    run.output.document({ ok: failures.length === 0, servers: ordered });
  } else {
    const lines = formatTable(
      ordered,
      [
        { header: 'NAME', value: (r) => r.name },
        { header: 'STATE', value: (r) => (r.skipped ? 'disabled (skipped)' : r.status) },
        { header: 'TOOLS', value: (r) => (r.tools !== undefined ? String(r.tools) : '-'), right: true },
        { header: 'CONNECT', value: (r) => (r.connectMs !== undefined ? formatMs(r.connectMs) : '-'), right: true },
        { header: 'PROTOCOL', value: (r) => r.protocolVersion ?? '-' },
        { header: 'SERVER', value: (r) => (r.serverInfo ? `${r.serverInfo.name} ${r.serverInfo.version}` : r.error ?? '') },
      ],
      run.output.width,
    );
    for (const line of lines) run.output.line(line);
  }
  for (const result of ordered) if (result.transportNote && result.status === 'connected') run.output.note(`${result.name}: ${result.transportNote}`);
  for (const failure of failures) {
    const lines = [`${failure.name}: ${failure.error ?? failure.status}`];
    if (failure.stderr?.length) lines.push(`  Last lines on its stderr:`, ...failure.stderr.map((line) => `    ${line}`));
    const hint = failure.errorKind && failure.errorKind !== 'disabled' ? hintFor(failure.errorKind, failure.name, all.find((view) => view.name === failure.name), session) : undefined;
    if (hint) lines.push(...hint.split('\n').map((line) => `  ${line}`));
    run.output.note(lines.join('\n'));
  }
  return checkExitCode(failures);
}

/** Any server that could not be reached or needs sign-in: 3; else, if one timed out: 4; a disabled server asked for by name: 2. */
function checkExitCode(failures: CheckResult[]): ExitCode {
  if (failures.length === 0) return EXIT.ok;
  if (failures.some((f) => f.errorKind !== 'timeout' && f.errorKind !== 'disabled')) return EXIT.connection;
  if (failures.some((f) => f.errorKind === 'timeout')) return EXIT.timeout;
  return EXIT.usage;
}
