/**
 * Runs the conformance suite's server scenarios for one revision against a URL: the list of
 * scenarios the revision requires, then one run of the suite's CLI for all of them (one CLI
 * per scenario would cost seconds each in start-up alone). Cancelling ends the CLI.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import { createInterface } from 'node:readline';
import type { ConformanceScenario, ConformanceSpecVersion } from '../../../shared/api/conformance';
import { ConformanceCancelled } from './conformance-errors';
import { parseServerScenarios, scenarioDirs, scenarioResult } from './scenario-results';

/** Scenarios that test the HTTP transport itself: over the stdio bridge they would test the bridge. */
const TRANSPORT_SCENARIOS = new Set([
  'server-session-lifecycle',
  'server-stateless',
  'server-sse-polling',
  'server-sse-multiple-streams',
  'dns-rebinding-protection',
  'http-header-validation',
  'http-custom-header-server-validation',
]);

/** The suite's own limit per scenario; past all of them and a grace, its CLI is ended. */
const SCENARIO_TIMEOUT_MS = 30_000;
const GRACE_MS = 15_000;
const OUTPUT_KEPT = 4000;

export interface SuiteRunOptions {
  node: string;
  cli: string;
  url: string;
  specVersion: ConformanceSpecVersion;
  /** Where each scenario writes its results (a folder per scenario). */
  outDir: string;
  /** Whether the URL is the stdio bridge (its transport scenarios are then not applicable). */
  bridged: boolean;
  env: NodeJS.ProcessEnv;
  signal?: AbortSignal;
  scenarioTimeoutMs?: number;
  onScenario?: (scenario: string, done: number, total: number) => void;
}

interface CliRun {
  code: number | null;
  output: string;
  timedOut: boolean;
}

function runCli(node: string, args: string[], options: { env: NodeJS.ProcessEnv; signal?: AbortSignal; killAfterMs: number; onLine?: (line: string) => void }): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) return reject(new ConformanceCancelled());
    const child = spawn(node, args, { env: options.env, stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-OUTPUT_KEPT);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    if (options.onLine) createInterface({ input: child.stdout }).on('line', options.onLine);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, options.killAfterMs);
    const cancel = () => child.kill('SIGKILL');
    options.signal?.addEventListener('abort', cancel, { once: true });
    child.on('error', (error) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', cancel);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', cancel);
      if (options.signal?.aborted) reject(new ConformanceCancelled());
      else resolve({ code, output, timedOut });
    });
  });
}

/** The server scenarios the revision requires, as the suite lists them. */
async function requiredScenarios(options: Pick<SuiteRunOptions, 'node' | 'cli' | 'specVersion' | 'env' | 'signal'>): Promise<string[]> {
  const run = await runCli(options.node, [options.cli, 'list', '--server', '--requirements', options.specVersion], { env: options.env, ...(options.signal ? { signal: options.signal } : {}), killAfterMs: 60_000 });
  const scenarios = parseServerScenarios(run.output);
  if (run.code !== 0 || scenarios.length === 0) throw new Error(`The suite listed no server scenarios for ${options.specVersion} (exit ${run.code}): ${run.output.trim().slice(-500)}`);
  return scenarios;
}

/** The scenario a progress line of the suite's output names ("=== Running scenario: tools-list ==="). */
const RUNNING = /^=== Running scenario: (\S+) ===$/m;

/**
 * One run of the suite's CLI for the whole revision (`--requirements`: the scenarios it
 * requires, at its wire), each scenario limited by the suite's `--timeout`; its output names
 * each scenario as it starts, which is the progress. Over the bridge the transport scenarios
 * run too but their results are set aside (they would describe the bridge).
 */
export async function runServerScenarios(options: SuiteRunOptions): Promise<ConformanceScenario[]> {
  const scenarios = await requiredScenarios(options);
  const timeout = options.scenarioTimeoutMs ?? SCENARIO_TIMEOUT_MS;
  await fs.mkdir(options.outDir, { recursive: true });
  const began = new Map<string, number>();
  const ended = new Map<string, number>();
  let current: string | undefined;
  const onLine = (line: string) => {
    const name = RUNNING.exec(line)?.[1];
    if (!name) return;
    const now = Date.now();
    if (current) ended.set(current, now);
    current = name;
    began.set(name, now);
    if (!(options.bridged && TRANSPORT_SCENARIOS.has(name))) options.onScenario?.(name, Math.max(0, scenarios.indexOf(name)), scenarios.length);
  };
  const args = [options.cli, 'server', '--url', options.url, '--requirements', options.specVersion, '--timeout', String(timeout), '-o', options.outDir];
  const run = await runCli(options.node, args, { env: options.env, ...(options.signal ? { signal: options.signal } : {}), killAfterMs: scenarios.length * timeout + GRACE_MS, onLine });
  if (current) ended.set(current, Date.now());
  const dirs = scenarioDirs(options.outDir);
  const failure = run.timedOut ? `the suite did not finish within ${Math.round((scenarios.length * timeout + GRACE_MS) / 1000)} s` : run.code !== 0 && run.code !== 1 ? `the suite exited with ${run.code}: ${run.output.trim().split('\n').slice(-3).join(' ')}` : undefined;
  return scenarios.map((name): ConformanceScenario => {
    if (options.bridged && TRANSPORT_SCENARIOS.has(name)) {
      return { name, status: 'not-applicable', checks: [], note: 'It tests the HTTP transport; this stdio server is reached through the workbench’s loopback bridge, so it would test the bridge. Serve the server over HTTP to run it.' };
    }
    const start = began.get(name);
    const end = ended.get(name);
    return { ...scenarioResult(name, dirs.get(name), failure), ...(start !== undefined && end !== undefined ? { durationMs: end - start } : {}) };
  });
}
