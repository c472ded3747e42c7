#!/usr/bin/env node
// `npm run conformance`: the official MCP conformance suite (@modelcontextprotocol/conformance)
// against our client (out/electron/conformance-client.cjs, on the same core as the app), in two
// releases installed side by side:
// - 0.1.16 (2025 protocol): the scenarios initialize, tools_call,
//   elicitation-sep1034-client-defaults and sse-retry, and the auth suite;
// - 0.2.0-alpha.12 (the `conformance-2026` alias, the first with 2026-07-28 scenarios): every
//   client scenario it lists, at 2025-11-25 and at 2026-07-28 (`--spec-version`, which the suite
//   passes on to our client as MCP_CONFORMANCE_PROTOCOL_VERSION). A scenario whose applicability
//   includes the revision runs there and counts; an extension (on no revision's timeline) runs at
//   both and counts; a scenario outside the revision's window (initialize at 2026-07-28, the iss
//   checks at 2025-11-25) still runs, forced, and is reported as not applicable, never counted.
// Results are named `<release>/[<revision>/]<scenario>`. Everything runs on 127.0.0.1; nothing
// needs the internet.
//
// The suite needs Node 22 or newer: it runs on the Node running this script when that is
// new enough, else on a Node 22 fetched once for it (scripts/lib/suite-node.mjs); our
// client always runs on the Node running this script.
//
// A scenario fails when any of its checks failed (or it left no results). A scenario whose
// every check was skipped (or that recorded none) ran no real check: it is reported as
// `no-checks`, and fails like a failure, never counted as a pass. A failure
// listed in conformance-baseline.json (each entry with its reason) is expected; any
// other failure, or a listed scenario that now passes, fails the run. Writes
// reports/conformance.json (one result per scenario) for `npm test` to count.
//
// `--only PREFIX` (repeatable) runs only the scenarios whose name starts with PREFIX, in every
// release and revision: `npm run conformance -- --only auth/` runs the auth scenarios.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from './lib/project-root.mjs';
import { nodeAtLeast } from './lib/suite-node.mjs';

const ROOT = projectRoot(import.meta.url);
/** The 0.1.16 release's scenarios besides its auth suite. */
const SCENARIOS = ['initialize', 'tools_call', 'elicitation-sep1034-client-defaults', 'sse-retry'];
/** The 0.1.16 auth suite's scenarios: each must leave results. */
const AUTH_SUITE = [
  'metadata-default', 'metadata-var1', 'metadata-var2', 'metadata-var3', 'basic-cimd',
  'scope-from-www-authenticate', 'scope-from-scopes-supported', 'scope-omitted-when-undefined', 'scope-step-up', 'scope-retry-limit',
  'token-endpoint-auth-basic', 'token-endpoint-auth-post', 'token-endpoint-auth-none', 'pre-registration',
].map((name) => `auth/${name}`);
const OUT = path.join(ROOT, 'reports', 'conformance');
const REPORT = path.join(ROOT, 'reports', 'conformance.json');
const CLIENT = path.join(ROOT, 'out', 'electron', 'conformance-client.cjs');
const LEGACY_PACKAGE = path.join(ROOT, 'node_modules', '@modelcontextprotocol', 'conformance');
const MODERN_PACKAGE = path.join(ROOT, 'node_modules', '@modelcontextprotocol', 'conformance-2026');
const REVISIONS = ['2025-11-25', '2026-07-28'];
/** Scenario runs at a time: each is the suite's CLI with its test server, plus our client. */
const PARALLEL = 4;
/** Per scenario (the suite's default is 30 s): room for a machine busy with other work. */
const TIMEOUT_MS = 60_000;
/** The `--only` prefixes; none: every scenario. */
const ONLY = process.argv.flatMap((arg, index, all) => (all[index - 1] === '--only' ? [arg] : []));
/** @param {string} name a scenario's name, with or without its `<release>/[<revision>/]` prefix */
const selected = (name) => ONLY.length === 0 || ONLY.some((prefix) => name.replace(/^v[^/]+\/(\d{4}-\d{2}-\d{2}\/)?/, '').startsWith(prefix));

/** @param {string} dir @returns {{ cli: string, prefix: string }} */
function release(dir) {
  const { version } = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  return { cli: path.join(dir, 'dist', 'index.js'), prefix: `v${version}/` };
}

function readBaseline() {
  const file = path.join(ROOT, 'conformance-baseline.json');
  const entries = JSON.parse(readFileSync(file, 'utf8')).expectedFailures ?? [];
  const baseline = new Map();
  for (const entry of entries) {
    if (typeof entry?.scenario !== 'string' || typeof entry?.reason !== 'string' || entry.reason.trim() === '') {
      throw new Error(`conformance-baseline.json: every entry needs a "scenario" and a "reason"; got ${JSON.stringify(entry)}`);
    }
    baseline.set(entry.scenario, entry.reason);
  }
  return baseline;
}

/**
 * Runs the suite's CLI; resolves with its exit code (its own verdict is ignored: the checks decide).
 * @param {string} node @param {string} cli the release's dist/index.js @param {string[]} args @param {string} outDir
 * @returns {Promise<{ code: number | null, output: string }>}
 */
function runCli(node, cli, args, outDir) {
  return new Promise((resolve) => {
    const child = spawn(node, [cli, 'client', '--command', `"${process.execPath}" "${CLIENT}"`, '--timeout', String(TIMEOUT_MS), ...args, '-o', outDir], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ code, output }));
  });
}

/** @typedef {{ id: string, status: string, description?: string, errorMessage?: string }} Check */
/**
 * Every `checks.json` under `dir`: scenario name (from its folder) → checks.
 * @param {string} dir @param {string} [prefix]
 * @returns {Map<string, { checks: Check[], dir: string }>}
 */
function collect(dir, prefix = '') {
  const found = new Map();
  if (!existsSync(dir)) return found;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const full = path.join(dir, entry.name);
    const checks = path.join(full, 'checks.json');
    if (existsSync(checks)) {
      const name = prefix + entry.name.replace(/-\d{4}-\d{2}-\d{2}T[\d-]+Z$/, '');
      found.set(name, { checks: JSON.parse(readFileSync(checks, 'utf8')), dir: full });
    } else {
      for (const [name, value] of collect(full, `${prefix}${entry.name}/`)) found.set(name, value);
    }
  }
  return found;
}

/**
 * The newer release's client scenarios with their applicability, from `list --client`
 * (lines `  - name [2025-11-25,2026-07-28]` or `  - name [extension]`).
 * @param {string} node @param {string} cli
 * @returns {Promise<Array<{ name: string, tags: string[] }>>}
 */
function listScenarios(node, cli) {
  return new Promise((resolve, reject) => {
    const child = spawn(node, [cli, 'list', '--client'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const scenarios = [...output.matchAll(/^\s+- (\S+) \[([^\]]*)\]$/gm)].map((m) => ({ name: String(m[1]), tags: String(m[2]).split(',') }));
      if (code !== 0 || scenarios.length === 0) reject(new Error(`conformance list --client gave no scenarios (exit ${code}):\n${output}`));
      else resolve(scenarios);
    });
  });
}

/**
 * Runs the tasks, at most `limit` at a time; results in the tasks' order.
 * @template T
 * @param {Array<() => Promise<T>>} tasks @param {number} limit
 * @returns {Promise<T[]>}
 */
async function pool(tasks, limit) {
  /** @type {T[]} */
  const results = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < tasks.length; index = next++) results[index] = await /** @type {() => Promise<T>} */ (tasks[index])();
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}

async function main() {
  if (!existsSync(CLIENT)) throw new Error(`${path.relative(ROOT, CLIENT)} is missing: run the build first (node scripts/build.mjs).`);
  const node = nodeAtLeast(ROOT, 22);
  const baseline = readBaseline();
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });

  const started = Date.now();
  const legacy = release(LEGACY_PACKAGE);
  const modern = release(MODERN_PACKAGE);
  const legacyOut = path.join(OUT, legacy.prefix);
  const modernOut = (/** @type {string} */ revision) => path.join(OUT, modern.prefix, revision);
  const scenarios = (await listScenarios(node, modern.cli)).filter(({ name }) => selected(name));
  const legacyScenarios = [...SCENARIOS, ...AUTH_SUITE].filter(selected);
  /** Scenario names (prefixed) outside their revision's window: run forced, reported, not counted. */
  const notApplicable = new Set();
  // Every scenario is its own run of the suite's CLI, a few at a time: its `--suite` would start
  // all of a suite's scenarios at once, which on a busy 2-core machine makes clients time out.
  /** @type {Array<{ what: string, run: () => Promise<{ code: number | null, output: string }> }>} */
  const queue = legacyScenarios.map((scenario) => ({
    what: `${legacy.prefix}${scenario}`,
    run: () => runCli(node, legacy.cli, ['--scenario', scenario], legacyOut),
  }));
  for (const revision of REVISIONS) {
    for (const { name, tags } of scenarios) {
      const applicable = tags.includes(revision);
      if (!applicable && !tags.includes('extension')) notApplicable.add(`${modern.prefix}${revision}/${name}`);
      queue.push({
        what: `${modern.prefix}${revision}/${name}${applicable ? '' : ' (forced)'}`,
        run: () => runCli(node, modern.cli, ['--scenario', name, '--spec-version', revision, ...(applicable ? [] : ['--force'])], modernOut(revision)),
      });
    }
  }
  const runs = await pool(
    queue.map(({ what, run }) => async () => {
      const began = Date.now();
      const result = await run();
      return { what, seconds: Math.round((Date.now() - began) / 1000), ...result };
    }),
    PARALLEL,
  );

  const results = new Map([...collect(legacyOut, legacy.prefix)]);
  for (const revision of REVISIONS) for (const [name, value] of collect(modernOut(revision), `${modern.prefix}${revision}/`)) results.set(name, value);
  const expected = legacyScenarios.map((name) => legacy.prefix + name);
  for (const revision of REVISIONS) for (const { name } of scenarios) expected.push(`${modern.prefix}${revision}/${name}`);
  for (const name of results.keys()) if (!expected.includes(name)) expected.push(name);
  /** @type {Array<{ scenario: string, status: string, checks: number, failures: string[], baselineReason?: string, results?: string }>} */
  const report = [];
  for (const scenario of expected) {
    const result = results.get(scenario);
    /** @type {Array<Pick<Check, 'id' | 'description' | 'errorMessage'>>} */
    const failures = result ? result.checks.filter((check) => check.status === 'FAILURE') : [{ id: 'no-results', description: 'the scenario left no results' }];
    // SKIPPED and INFO entries check nothing: a scenario with only those never saw the client do the thing it tests.
    const real = result ? result.checks.filter((check) => check.status !== 'SKIPPED' && check.status !== 'INFO').length : 0;
    const noChecks = result !== undefined && real === 0;
    if (noChecks) failures.push({ id: 'no-checks', description: `no check ran (${result.checks.length === 0 ? 'none recorded' : `all ${result.checks.length} skipped`}${result.checks[0]?.errorMessage ? `: ${result.checks[0].errorMessage}` : ''})` });
    const failed = failures.length > 0;
    const reason = baseline.get(scenario);
    /** @type {string} */
    let status;
    if (notApplicable.has(scenario)) status = failed ? 'not-applicable (fails)' : 'not-applicable (passes)';
    else if (failed && reason) status = 'expected-failure';
    else if (noChecks) status = 'no-checks';
    else if (failed) status = 'failed';
    else if (reason) status = 'stale-baseline';
    else status = 'passed';
    report.push({
      scenario,
      status,
      checks: real,
      failures: failures.map((check) => `${check.id}: ${check.errorMessage ?? check.description}`),
      ...(reason ? { baselineReason: reason } : {}),
      ...(result ? { results: path.relative(ROOT, result.dir) } : {}),
    });
  }
  for (const scenario of baseline.keys()) {
    if (selected(scenario) && !expected.includes(scenario)) report.push({ scenario, status: 'stale-baseline', checks: 0, failures: [], baselineReason: baseline.get(scenario) });
  }

  /** @param {{ status: string }} entry */
  const ok = (entry) => entry.status === 'passed' || entry.status === 'expected-failure';
  const counted = report.filter((entry) => !entry.status.startsWith('not-applicable'));
  const passed = counted.filter(ok).length;
  const failed = counted.length - passed;
  const only = ONLY.length > 0 ? { only: ONLY } : {};
  writeFileSync(REPORT, `${JSON.stringify({ passed, failed, notApplicable: report.length - counted.length, seconds: Math.round((Date.now() - started) / 1000), ...only, scenarios: report }, null, 2)}\n`);

  console.log('MCP conformance (client scenarios):');
  for (const entry of report) {
    const mark = entry.status === 'passed' ? '✓' : entry.status === 'expected-failure' ? '~' : entry.status.startsWith('not-applicable') ? '-' : '✗';
    console.log(`  ${mark} ${entry.scenario}: ${entry.status}${entry.status === 'passed' ? ` (${entry.checks} checks)` : ''}`);
    if (entry.status === 'expected-failure') console.log(`      baseline: ${entry.baselineReason}`);
    if (entry.status === 'failed' || entry.status === 'no-checks') for (const failure of entry.failures) console.log(`      ${failure}`);
    if (entry.status === 'stale-baseline') console.log('      passes now (or no longer runs): remove it from conformance-baseline.json');
  }
  if (failed > 0) {
    // The suite's own output, for the scenarios that failed unexpectedly (a run is named after its scenario).
    const unexpected = new Set(report.filter((entry) => entry.status === 'failed' || entry.status === 'no-checks').map((entry) => entry.scenario));
    for (const run of runs) if (run.code !== 0 && unexpected.has(run.what)) console.log(`\n--- conformance ${run.what} (exit ${run.code}, ${run.seconds} s) ---\n${run.output.slice(-4000)}`);
  }
  console.log(`\nconformance: ${passed} passed, ${failed} failed (${report.filter((e) => e.status === 'expected-failure').length} expected failures in the baseline; ${report.length - counted.length} runs outside their revision, not counted), ${Math.round((Date.now() - started) / 1000)} s; results in ${path.relative(ROOT, OUT)}`);
  process.exit(failed > 0 ? 1 : 0);
}

main().catch((error) => {
  console.error(`conformance: ${error instanceof Error ? error.message : String(error)}`);
  writeFileSync(REPORT, `${JSON.stringify({ passed: 0, failed: 1, error: String(error) }, null, 2)}\n`);
  process.exit(1);
});
