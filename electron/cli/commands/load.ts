/**
 * `load`: many clients calling a server's tool at once, measured. Everything on the
 * command line is checked first (exit 2); the safety rails come next: a server that is
 * not on this machine needs --yes, a tool that is not marked read-only needs
 * --allow-destructive. Then the run: live figures on stderr, the report on stdout (or
 * --json), an HTML report with --html, exit 1 when a budget is missed, 3 when the server
 * cannot be reached. Ctrl+C stops the run, every client and every server it started, and
 * still prints what was measured.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isStdioConfig, type ServerConfig } from '../../../shared/config/server-config';
import { ideLockDir } from '../../core/connections/transports/ide-lockfiles';
import { parseCollection } from '../../core/collections/collection-parse';
import { VariableError } from '../../core/collections/collection-errors';
import { checkBudgets, type BudgetVerdict } from '../../core/load/budgets';
import { collectionSteps, readDataRows } from '../../core/load/collection-workload';
import { LoadConnectError, WorkloadError } from '../../core/load/load-errors';
import { renderHtmlReport, sessionsText } from '../../core/load/html-report';
import { remoteHostOf, toolRefusal } from '../../core/load/load-consent';
import { churnProblem, type LoadPlan, type LoadStep } from '../../core/load/load-plan';
import type { LoadReport, LoadSnapshot } from '../../core/load/load-report';
import { LoadRun, type ToolAnnotationsList } from '../../core/load/load-run';
import type { CommandRun } from '../command-run';
import { CliError, EXIT, usageError, type ExitCode } from '../exit-codes';
import type { CliIo } from '../output';
import { allowedEnvNames, type SourceOptions } from '../session';
import { takeOverStopSignals } from '../signal-handoff';
import { formatBytes, formatMs } from '../table';
import { parseToolArguments, type ArgumentOptions } from '../tool-arguments';
import { parseLoadOptions, type LoadOptionsText } from './load-options';

export interface LoadOptions extends SourceOptions, ArgumentOptions, LoadOptionsText {
  tool?: string;
  collection?: string;
  server?: string;
  data?: string;
  html?: string;
  yes?: boolean;
  allowDestructive?: boolean;
  sharedProcess?: boolean;
  progress?: boolean;
}

export async function load(run: CommandRun, server: string | undefined, options: LoadOptions): Promise<ExitCode> {
  const settings = await parseLoadOptions(options, run.io.cwd);
  const workload = await readWorkload(options, run.io);
  const htmlFile = options.html !== undefined ? path.resolve(run.io.cwd, options.html) : undefined;
  if (server !== undefined && options.server !== undefined && server !== options.server) throw usageError(`Give the server once: "${server}" or --server ${options.server}.`);

  const session = await run.session(options);
  const name = run.serverName(session, server ?? options.server ?? (session.adhoc ? undefined : workload.server));
  const config = await session.launchConfig(name);
  refuseRemoteWithoutConsent(name, config, options.yes === true);
  if (options.sharedProcess && !isStdioConfig(config)) throw usageError('--shared-process is for stdio servers: each client of a remote server has its own session.');
  const churnRefusal = settings.churn !== undefined ? churnProblem(config) : undefined;
  if (churnRefusal) throw usageError(`--churn: ${churnRefusal}`);
  if (settings.defaultBound) run.output.note(`No --duration or --requests: the run lasts ${settings.durationMs! / 1000} s.`);

  const plan: LoadPlan = {
    server: name,
    config,
    steps: workload.steps,
    clients: settings.clients,
    concurrency: settings.concurrency,
    ...(settings.durationMs !== undefined ? { durationMs: settings.durationMs } : {}),
    ...(settings.requests !== undefined ? { requests: settings.requests } : {}),
    ...(settings.rate !== undefined ? { rate: settings.rate } : {}),
    profile: settings.profile,
    sharedProcess: options.sharedProcess === true,
    callTimeoutMs: settings.callTimeoutMs,
    connectTimeoutMs: 30_000,
    ...(settings.watchPid !== undefined ? { watchPid: settings.watchPid } : {}),
    ideLockDir: ideLockDir(run.io.env),
    ...session.loadConnection(name, config),
    ...(settings.churn !== undefined ? { churn: settings.churn } : {}),
  };
  const stderr = run.output.stderr;
  const live = options.progress ?? stderr.isTTY === true;
  const loadRun = new LoadRun(plan, {
    approve: (tools) => {
      for (const tool of new Set(workload.steps.map((step) => step.tool))) approveTool(name, tool, tools, options.allowDestructive === true);
    },
    onStarted: (clients) => run.output.note(`Load on ${name}: ${workload.label} from ${clients === 1 && settings.clients > 1 ? `${settings.clients} clients on one server process` : `${clients} client(s)`}, ${settings.concurrency} in flight each. Ctrl+C stops.`),
    ...(live ? { onSnapshot: (snapshot: LoadSnapshot) => run.output.note(liveLine(snapshot)) } : {}),
  });
  let stopped = false;
  takeOverStopSignals(() => {
    stopped = true;
    loadRun.stop();
  });

  let report: LoadReport;
  try {
    report = await loadRun.run();
  } catch (error) {
    if (error instanceof LoadConnectError) throw new CliError(error.message, EXIT.connection);
    throw error;
  }
  const verdicts = checkBudgets(settings.budgets, report, settings.baseline);
  if (htmlFile) {
    await writeFile(htmlFile, renderHtmlReport(report, verdicts));
    run.output.note(`HTML report: ${htmlFile}`);
  }
  if (run.output.json) run.output.document({ ...report, budgets: verdicts });
  else printReport(run, report, verdicts);

  const missed = verdicts.filter((verdict) => !verdict.ok);
  if (stopped || report.end === 'stopped') return EXIT.interrupted;
  if (report.end === 'all-clients-lost') {
    run.output.note(`${name}: every client lost its connection before the run's end.`);
    return EXIT.connection;
  }
  if (missed.length) {
    run.output.note(`Budget missed: ${missed.map((verdict) => `${verdict.budget} (was ${verdict.actual}${verdict.unit})`).join(', ')}.`);
    return EXIT.toolError;
  }
  return EXIT.ok;
}

interface Workload {
  steps: LoadStep[];
  /** What the run calls, for its first line. */
  label: string;
  /** The collection's own server, when it names one. */
  server?: string;
}

/** One tool with its arguments, or a collection's tool steps as a weighted mix. */
async function readWorkload(options: LoadOptions, io: CliIo): Promise<Workload> {
  if (options.collection === undefined) {
    if (options.data !== undefined) throw usageError('--data gives rows to a collection\'s ${data.<column>} variables: use it with --collection.');
    if (options.server !== undefined) throw usageError('--server goes with --collection; otherwise name the server as the first argument.');
    if (!options.tool) throw usageError('Name the tool to call with --tool <name>, or give a collection with --collection <file>.', 'mcp-workbench tools list <server> shows its tools.');
    const args = parseToolArguments(options);
    return { steps: [{ name: options.tool, tool: options.tool, weight: 1, args: () => args }], label: options.tool };
  }
  if (options.tool !== undefined || options.args !== undefined || options.arg?.length) throw usageError('Give either --tool (with --args) or --collection: the collection\'s steps say what to call.');
  const file = path.resolve(io.cwd, options.collection);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw usageError(`--collection: cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}.`);
  }
  const parsed = parseCollection(text, file);
  if (!parsed.collection) throw usageError(parsed.problems.map((problem) => `${problem.file}${problem.line ? `:${problem.line}` : ''}: ${problem.step ? `step ${problem.step}: ` : ''}${problem.message}`).join('\n'));
  try {
    const rows = options.data !== undefined ? await readDataRows(path.resolve(io.cwd, options.data)) : [];
    const names = allowedEnvNames(options.allowEnv);
    const steps = collectionSteps(parsed.collection, { env: io.env, allowedEnv: { names: new Set(names), how: 'allow it with --allow-env <NAME>' } }, rows);
    // A bad variable shows now, not as a failed call per request.
    for (const step of steps) step.args(0);
    const mix = steps.length === 1 ? steps[0]!.tool : `${steps.length} steps of ${parsed.collection.name}`;
    return { steps, label: mix, ...(parsed.collection.server ? { server: parsed.collection.server } : {}) };
  } catch (error) {
    if (error instanceof WorkloadError || error instanceof VariableError) throw usageError(`--collection ${options.collection}: ${error.message}`);
    throw error;
  }
}

/** A server on another machine is someone else's to load: only with --yes (the rule is the core's, as in the app). */
function refuseRemoteWithoutConsent(name: string, config: ServerConfig, yes: boolean): void {
  const host = remoteHostOf(config);
  if (host === undefined || yes) return;
  throw usageError(`${name} is at ${host}, not on this machine: a load test sends it many requests. Add --yes if it is yours to load.`);
}

/** A missing tool, or one not marked read-only without --allow-destructive, stops the run (the core's rule, as in the app). */
function approveTool(server: string, tool: string, tools: ToolAnnotationsList, allowDestructive: boolean): void {
  const refusal = toolRefusal(server, tool, tools, allowDestructive);
  if (refusal === undefined) return;
  const missing = !tools.some((candidate) => candidate.name === tool);
  throw usageError(refusal, missing ? undefined : 'Add --allow-destructive if that is what you want (against a test server, with test data).');
}

function liveLine(snapshot: LoadSnapshot): string {
  const server = snapshot.server ? `  server ${snapshot.server.cpu}% CPU, ${formatBytes(snapshot.server.rss)}` : '';
  return `${(snapshot.t / 1000).toFixed(0).padStart(4)} s  ${snapshot.requests} calls  ${snapshot.errors} errors  ${snapshot.throughput}/s  p50 ${formatMs(snapshot.latency.p50)}  p99 ${formatMs(snapshot.latency.p99)}${server}`;
}

function printReport(run: CommandRun, report: LoadReport, verdicts: BudgetVerdict[]): void {
  const out = (text = '') => run.output.line(text);
  const l = report.latency;
  out(`${report.server}: ${report.requests} calls in ${(report.elapsedMs / 1000).toFixed(1)} s (${report.end}), ${report.throughput} calls/s`);
  if (report.protocol) out(`protocol: MCP ${report.protocol.version ?? report.protocol.era} (${report.protocol.era === 'modern' ? '2026 era' : '2025 era'})`);
  out(`errors: ${report.errors} (${(report.errorRate * 100).toFixed(2)}%)`);
  if (report.sessions) out(`sessions: ${sessionsText(report)}`);
  out(`latency: p50 ${l.p50} ms  p90 ${l.p90} ms  p95 ${l.p95} ms  p99 ${l.p99} ms  max ${l.max} ms`);
  if (report.steps.length > 1) for (const step of report.steps) out(`  ${step.name}: ${step.requests} calls, ${step.errors} errors, p50 ${step.latency.p50} ms, p95 ${step.latency.p95} ms, p99 ${step.latency.p99} ms`);
  for (const [errorClass, entry] of Object.entries(report.errorsByClass)) {
    out(`${errorClass}: ${entry.count}`);
    for (const top of entry.top) out(`  ${top.count} × ${top.message}`);
  }
  const resources = report.serverResources;
  if (resources) {
    const trend = resources.memoryTrend;
    out(`server: peak ${formatBytes(resources.peakRss)} RSS, mean ${resources.meanCpu}% CPU${trend ? `, memory ${trend.bytesPerMinute >= 0 ? '+' : '-'}${formatBytes(Math.abs(trend.bytesPerMinute))}/min (R² ${trend.r2})` : ''}${resources.leakSuspected ? ' — memory climbs steadily: a leak?' : ''}`);
  }
  if (report.clientsLost) out(`clients that lost their connection: ${report.clientsLost}`);
  for (const verdict of verdicts) out(`budget ${verdict.budget}: ${verdict.ok ? 'met' : 'MISSED'} (${verdict.actual}${verdict.unit}, limit ${verdict.limit}${verdict.unit})`);
}
