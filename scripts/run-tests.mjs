#!/usr/bin/env node
// `npm test`: build, typecheck, lint and the dead-code check, the packaging check and the security scan, unit
// tests (vitest), end-to-end tests (Playwright with Debian's Chromium), the MCP
// conformance suite's client scenarios (each scenario counts as a test), then a check
// that no fixture server outlived the run. Steps that do not need each other run side by
// side on two cores or more (build ∥ typecheck, then lint and dead code ∥ packaging and security scan),
// each printed whole when it ends; every step's time is printed as it ends and in a table.
// Ends with one line "N passed, N failed" counting every test and every check.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

process.env.ELECTRON_OVERRIDE_DIST_PATH ??= '/nonexistent/electron-dist';
const REPORTS = 'reports';
rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });

let passed = 0;
let failed = 0;
/** @type {string[]} */
const failures = [];
/** Each step's name and how long it took, printed as a table at the end. @type {Array<{ name: string, ms: number, ok: boolean }>} */
const timings = [];
/** Steps that do not need each other run side by side when there are two cores or more. */
const PARALLEL = os.availableParallelism() >= 2;

/** @param {number} ms */
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Runs one step. Alone, its output streams as it comes; beside another (`buffered`), it is
 * kept and printed whole when the step ends, so two steps' lines never interleave.
 * @param {string} name @param {string} command @param {string[]} args @param {{ buffered?: boolean }} [options]
 * @returns {Promise<boolean>}
 */
function run(name, command, args, { buffered = false } = {}) {
  const started = Date.now();
  if (!buffered) console.log(`\n▶ ${name}: ${command} ${args.join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: process.env });
    let output = '';
    if (buffered) for (const stream of [child.stdout, child.stderr]) stream?.on('data', (chunk) => (output += chunk));
    /** @param {boolean} ok */
    const finish = (ok) => {
      const ms = Date.now() - started;
      timings.push({ name, ms, ok });
      if (buffered) process.stdout.write(`\n▶ ${name}: ${command} ${args.join(' ')}\n${output}`);
      console.log(`${ok ? '✓' : '✗'} ${name} (${seconds(ms)})`);
      resolve(ok);
    };
    child.once('error', (error) => {
      output += `${error.message}\n`;
      finish(false);
    });
    child.once('close', (code) => finish(code === 0));
  });
}

/** A step that is told whether it runs beside another (and so must buffer its output). @typedef {(buffered: boolean) => Promise<void>} Step */

/**
 * Independent steps: side by side (each buffered) with two cores or more, else one after another.
 * @param {...Step} steps
 */
async function together(...steps) {
  if (PARALLEL) await Promise.all(steps.map((step) => step(true)));
  else for (const step of steps) await step(false);
}

/**
 * A step that is one check: it passes or fails as a whole.
 * @param {string} name @param {boolean} ok
 */
function check(name, ok) {
  if (ok) passed++;
  else {
    failed++;
    failures.push(name);
  }
}

/**
 * A test runner step: counts come from its JSON report; no report means it crashed.
 * @param {string} name @param {boolean} ok @param {string} reportFile
 * @param {(report: any) => { pass: number, fail: number }} count
 */
function suite(name, ok, reportFile, count) {
  if (!existsSync(reportFile)) {
    check(`${name} (no report: the runner crashed)`, false);
    return;
  }
  const { pass, fail } = count(JSON.parse(readFileSync(reportFile, 'utf8')));
  passed += pass;
  failed += fail;
  if (fail > 0 || !ok) failures.push(`${name}: ${fail} failed`);
  if (fail === 0 && !ok) failed++; // e.g. an error outside any test
}

/**
 * Fixture server processes of this checkout still running (tests start them by
 * absolute path, so other checkouts' test runs on the same machine do not count).
 */
function strayFixtureProcesses() {
  const fixtures = path.join(process.cwd(), 'e2e', 'fixtures', 'servers') + path.sep;
  const out = execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' });
  return out
    .split('\n')
    .filter((line) => line.includes(fixtures))
    .map((line) => line.trim());
}

// Typechecking reads only the sources: it runs beside the build.
let built = false;
await together(
  async (buffered) => check('build', (built = await run('build', 'npm', ['run', 'build', '--silent'], { buffered }))),
  async (buffered) => check('typecheck', await run('typecheck', 'npm', ['run', 'typecheck', '--silent'], { buffered })),
);
await together(
  async (buffered) => {
    check('lint', await run('lint', 'npm', ['run', 'lint', '--silent'], { buffered }));
    // Exports, files and dependencies nothing uses (knip.json names the entry points).
    check('dead code', await run('dead code', 'npm', ['run', 'deadcode', '--silent'], { buffered }));
  },
  async (buffered) => {
    if (!built) return check('packaging and security scan (not run: the build failed)', false);
    // Both read the build: the packaged app (offline electron-builder --dir), then its security scan.
    check('packaging', await run('packaging', 'node', ['scripts/check-packaging.mjs'], { buffered }));
    check('security scan', await run('security scan', 'node', ['scripts/security-scan.mjs'], { buffered }));
  },
);

// The test suites each use both cores themselves: one at a time.
const unitOk = await run('unit', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${REPORTS}/unit.json`]);
suite('unit', unitOk, `${REPORTS}/unit.json`, (r) => ({ pass: r.numPassedTests, fail: r.numFailedTests }));

if (built) {
  const e2eOk = await run('e2e', 'npx', ['playwright', 'test']);
  suite('e2e', e2eOk, `${REPORTS}/e2e.json`, (r) => ({ pass: r.stats.expected + r.stats.flaky, fail: r.stats.unexpected }));
} else {
  check('e2e (not run: the build failed)', false);
}

if (built) {
  const conformanceOk = await run('conformance', 'node', ['scripts/conformance.mjs']);
  suite('conformance', conformanceOk, `${REPORTS}/conformance.json`, (r) => ({ pass: r.passed, fail: r.failed }));
} else {
  check('conformance (not run: the build failed)', false);
}

const strays = strayFixtureProcesses();
if (strays.length > 0) console.log(`\nFixture server processes left running:\n${strays.join('\n')}`);
check('no fixture process left running', strays.length === 0);

console.log(`\nStep times${PARALLEL ? ' (build ∥ typecheck, then lint and dead code ∥ packaging and security scan)' : ''}:`);
for (const { name, ms, ok } of timings) console.log(`  ${ok ? '✓' : '✗'} ${name.padEnd(14)} ${seconds(ms).padStart(8)}`);

if (failures.length > 0) console.log(`\nFailed: ${failures.join('; ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
