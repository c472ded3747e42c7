#!/usr/bin/env node
// `npm run conformance`: the official MCP conformance suite (@modelcontextprotocol/conformance)
// against our client (out/electron/conformance-client.cjs, on the same core as the app):
// the scenarios initialize, tools_call, elicitation-sep1034-client-defaults and sse-retry,
// and the auth suite. Everything runs on 127.0.0.1; nothing needs the internet.
//
// The suite needs Node 22 or newer: it runs on the Node running this script when that is
// new enough, else on a Node 22 fetched once for it (scripts/lib/suite-node.mjs); our
// client always runs on the Node running this script.
//
// A scenario fails when any of its checks failed (or it left no results). A failure
// listed in conformance-baseline.json (each entry with its reason) is expected; any
// other failure, or a listed scenario that now passes, fails the run. Writes
// reports/conformance.json (one result per scenario) for `npm test` to count.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { nodeAtLeast } from './lib/suite-node.mjs';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const SCENARIOS = ['initialize', 'tools_call', 'elicitation-sep1034-client-defaults', 'sse-retry'];
const SUITES = ['auth'];
/** The auth suite's scenarios in the pinned version: each must leave results. */
const AUTH_SUITE = [
  'metadata-default', 'metadata-var1', 'metadata-var2', 'metadata-var3', 'basic-cimd',
  'scope-from-www-authenticate', 'scope-from-scopes-supported', 'scope-omitted-when-undefined', 'scope-step-up', 'scope-retry-limit',
  'token-endpoint-auth-basic', 'token-endpoint-auth-post', 'token-endpoint-auth-none', 'pre-registration',
].map((name) => `auth/${name}`);
const OUT = path.join(ROOT, 'reports', 'conformance');
const REPORT = path.join(ROOT, 'reports', 'conformance.json');
const CLIENT = path.join(ROOT, 'out', 'electron', 'conformance-client.cjs');
const CLI = path.join(ROOT, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');

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
 * @param {string} node @param {string[]} args @param {string} outDir
 * @returns {Promise<{ code: number | null, output: string }>}
 */
function runCli(node, args, outDir) {
  return new Promise((resolve) => {
    const child = spawn(node, [CLI, 'client', '--command', `"${process.execPath}" "${CLIENT}"`, ...args, '-o', outDir], {
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

async function main() {
  if (!existsSync(CLIENT)) throw new Error(`${path.relative(ROOT, CLIENT)} is missing: run the build first (node scripts/build.mjs).`);
  const node = nodeAtLeast(ROOT, 22);
  const baseline = readBaseline();
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });

  const started = Date.now();
  // The single scenarios one after another (this machine has few cores); the auth suite runs its scenarios in parallel itself.
  const runs = [];
  for (const scenario of SCENARIOS) runs.push({ what: scenario, ...(await runCli(node, ['--scenario', scenario], OUT)) });
  for (const suite of SUITES) runs.push({ what: `--suite ${suite}`, ...(await runCli(node, ['--suite', suite], OUT)) });

  const results = collect(OUT);
  const expected = [...SCENARIOS, ...AUTH_SUITE];
  for (const name of results.keys()) if (!expected.includes(name)) expected.push(name);
  /** @type {Array<{ scenario: string, status: string, checks: number, failures: string[], baselineReason?: string, results?: string }>} */
  const report = [];
  for (const scenario of expected) {
    const result = results.get(scenario);
    /** @type {Array<Pick<Check, 'id' | 'description' | 'errorMessage'>>} */
    const failures = result ? result.checks.filter((check) => check.status === 'FAILURE') : [{ id: 'no-results', description: 'the scenario left no results' }];
    const failed = failures.length > 0;
    const reason = baseline.get(scenario);
    /** @type {string} */
    let status;
    if (failed && reason) status = 'expected-failure';
    else if (failed) status = 'failed';
    else if (reason) status = 'stale-baseline';
    else status = 'passed';
    report.push({
      scenario,
      status,
      checks: result?.checks.length ?? 0,
      failures: failures.map((check) => `${check.id}: ${check.errorMessage ?? check.description}`),
      ...(reason ? { baselineReason: reason } : {}),
      ...(result ? { results: path.relative(ROOT, result.dir) } : {}),
    });
  }
  for (const scenario of baseline.keys()) {
    if (!expected.includes(scenario)) report.push({ scenario, status: 'stale-baseline', checks: 0, failures: [], baselineReason: baseline.get(scenario) });
  }

  /** @param {{ status: string }} entry */
  const ok = (entry) => entry.status === 'passed' || entry.status === 'expected-failure';
  const passed = report.filter(ok).length;
  const failed = report.length - passed;
  writeFileSync(REPORT, `${JSON.stringify({ passed, failed, seconds: Math.round((Date.now() - started) / 1000), scenarios: report }, null, 2)}\n`);

  console.log('MCP conformance (client scenarios):');
  for (const entry of report) {
    const mark = entry.status === 'passed' ? '✓' : entry.status === 'expected-failure' ? '~' : '✗';
    console.log(`  ${mark} ${entry.scenario}: ${entry.status}${entry.status === 'passed' ? ` (${entry.checks} checks)` : ''}`);
    if (entry.status === 'expected-failure') console.log(`      baseline: ${entry.baselineReason}`);
    if (entry.status === 'failed') for (const failure of entry.failures) console.log(`      ${failure}`);
    if (entry.status === 'stale-baseline') console.log('      passes now (or no longer runs): remove it from conformance-baseline.json');
  }
  if (failed > 0) {
    for (const run of runs) if (run.code !== 0) console.log(`\n--- conformance ${run.what} (exit ${run.code}) ---\n${run.output.slice(-4000)}`);
  }
  console.log(`\nconformance: ${passed} passed, ${failed} failed (${report.filter((e) => e.status === 'expected-failure').length} expected failures in the baseline), ${Math.round((Date.now() - started) / 1000)} s; results in ${path.relative(ROOT, OUT)}`);
  process.exit(failed > 0 ? 1 : 0);
}

main().catch((error) => {
  console.error(`conformance: ${error instanceof Error ? error.message : String(error)}`);
  writeFileSync(REPORT, `${JSON.stringify({ passed: 0, failed: 1, error: String(error) }, null, 2)}\n`);
  process.exit(1);
});
