#!/usr/bin/env node
// `npm test`: build, typecheck, lint, the packaging check and the security scan, unit
// tests (vitest), end-to-end tests (Playwright with Debian's Chromium), the MCP
// conformance suite's client scenarios (each scenario counts as a test), then a check
// that no fixture server outlived the run.
// Ends with one line "N passed, N failed" counting every test and every check.
import { spawnSync, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

process.env.ELECTRON_OVERRIDE_DIST_PATH ??= '/nonexistent/electron-dist';
const REPORTS = 'reports';
rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });

let passed = 0;
let failed = 0;
/** @type {string[]} */
const failures = [];

/** @param {string} command @param {string[]} args */
function run(command, args) {
  console.log(`\n▶ ${command} ${args.join(' ')}`);
  return spawnSync(command, args, { stdio: 'inherit', env: process.env }).status === 0;
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

const built = run('npm', ['run', 'build', '--silent']);
check('build', built);
check('typecheck', run('npm', ['run', 'typecheck', '--silent']));
check('lint', run('npm', ['run', 'lint', '--silent']));
if (built) {
  // Both read the build: the packaged app (offline electron-builder --dir) and its security scan.
  check('packaging', run('node', ['scripts/check-packaging.mjs']));
  check('security scan', run('node', ['scripts/security-scan.mjs']));
} else {
  check('packaging and security scan (not run: the build failed)', false);
}

const unitOk = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${REPORTS}/unit.json`]);
suite('unit', unitOk, `${REPORTS}/unit.json`, (r) => ({ pass: r.numPassedTests, fail: r.numFailedTests }));

if (built) {
  const e2eOk = run('npx', ['playwright', 'test']);
  suite('e2e', e2eOk, `${REPORTS}/e2e.json`, (r) => ({ pass: r.stats.expected + r.stats.flaky, fail: r.stats.unexpected }));
} else {
  check('e2e (not run: the build failed)', false);
}

if (built) {
  const conformanceOk = run('node', ['scripts/conformance.mjs']);
  suite('conformance', conformanceOk, `${REPORTS}/conformance.json`, (r) => ({ pass: r.passed, fail: r.failed }));
} else {
  check('conformance (not run: the build failed)', false);
}

const strays = strayFixtureProcesses();
if (strays.length > 0) console.log(`\nFixture server processes left running:\n${strays.join('\n')}`);
check('no fixture process left running', strays.length === 0);

if (failures.length > 0) console.log(`\nFailed: ${failures.join('; ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
