/**
 * `mcp-workbench load` as a real process (out/electron/cli.cjs) against the load-target
 * fixture: the --json shape, exit codes 0/1/2/3, the safety rails, baselines, the HTML
 * report, and Ctrl+C leaving no server process. Needs the build (`node scripts/build.mjs
 * cli` or `npm run build`). Latencies are only checked for order and bounds: the machine
 * is shared.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixture } from '../../e2e/fixtures/fixture-process';
import { fixtureServer } from '../../e2e/fixtures/paths';
import { pidsWith, waitUntil } from '../../e2e/support/processes';
import { BUILT_CLI, runBuiltCli } from '../../tests/support/built-cli';

let home: string;

beforeAll(async () => {
  if (!existsSync(BUILT_CLI)) throw new Error(`${BUILT_CLI} is missing: run \`node scripts/build.mjs cli\` (or npm run build) first.`);
  home = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-load-cli-'));
});

afterAll(async () => {
  await fs.rm(home, { recursive: true, force: true });
});

const target = (...args: string[]) => `"${process.execPath}" "${fixtureServer('load-target')}" ${args.join(' ')}`;
const load = (args: string[]) => runBuiltCli(['load', ...args], { home, killAfterMs: 120_000 });

describe('mcp-workbench load', () => {
  it('prints one JSON report with requests, errors, throughput and latency overall and per step; exit 0 when the budgets are met', async () => {
    // One shared server process counts every call, so exactly every 10th fails.
    const run = await load(['--stdio', target('--delay-ms', '10', '--error-rate', '0.1'), '--tool', 'work', '--clients', '2', '--shared-process', '--concurrency', '2', '--requests', '40', '--budget', 'p50>=10ms,errors<=20%', '--json']);
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout);
    expect(report).toMatchObject({ requests: 40, errors: 4, errorRate: 0.1, end: 'completed', settings: { clients: 2, concurrency: 2, requests: 40, sharedProcess: true } });
    expect(report.throughput).toBeGreaterThan(0);
    for (const key of ['p50', 'p90', 'p95', 'p99', 'max']) expect(typeof report.latency[key]).toBe('number');
    expect(report.latency.p50).toBeGreaterThanOrEqual(9.5);
    expect(report.steps).toEqual([expect.objectContaining({ name: 'work', requests: 40, errors: 4, latency: expect.objectContaining({ p50: expect.any(Number) }) })]);
    expect(report.errorsByClass['tool-error']).toEqual({ count: 4, top: [{ message: 'Upstream quota exceeded', count: 4 }] });
    expect(report.budgets.map((b: { ok: boolean }) => b.ok)).toEqual([true, true]);
    expect(report.serverResources.samples.length).toBeGreaterThan(0);
  }, 120_000);

  it('exits 1 when a budget is missed, and names it', async () => {
    const run = await load(['--stdio', target('--error-rate', '0.5', '--error-kind', 'rpc'), '--tool', 'work', '--requests', '20', '--budget', 'errors<=0.5%,p99<=60s']);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toContain('Budget missed: errors<=0.5% (was 50%)');
    expect(run.stdout).toContain('jsonrpc: 10');
    expect(run.stdout).toContain('SQLITE_BUSY');
  }, 120_000);

  it('exits 1 when p95 regressed by more than the relative budget allows against a baseline', async () => {
    const baseline = path.join(home, 'baseline.json');
    // A baseline far faster than any real run: 1 µs at p95.
    await fs.writeFile(baseline, JSON.stringify({ requests: 10, errors: 0, throughput: 1000, latency: { p50: 0.001, p90: 0.001, p95: 0.001, p99: 0.001, max: 0.001, mean: 0.001 } }));
    const run = await load(['--stdio', target('--delay-ms', '2'), '--tool', 'work', '--requests', '10', '--baseline', baseline, '--budget', 'p95<=+15%', '--json']);
    expect(run.code, run.stderr).toBe(1);
    expect(JSON.parse(run.stdout).budgets).toEqual([expect.objectContaining({ budget: 'p95<=+15%', ok: false, limit: 0.001 })]);
  }, 120_000);

  it.each([
    [['--budget', 'p95<=fast'], /"p95<=fast" is not a budget/],
    [['--budget', 'p95<=+15%'], /relative to a baseline: give --baseline/],
    [['--baseline', '/nonexistent/baseline.json'], /cannot read/],
    [['--clients', '0'], /--clients must be a whole number from 1/],
    [['--duration', 'forever'], /is not a duration/],
    [['--profile', 'wave'], /not one of constant/],
  ])('exits 2 on bad input %j before starting anything', async (extra, message) => {
    const marker = `load-bad-${randomUUID()}`;
    const run = await load(['--stdio', target(marker), '--tool', 'work', '--requests', '5', ...extra]);
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(pidsWith(marker)).toEqual([]);
  }, 60_000);

  it('exits 2 for a tool the server does not have', async () => {
    const run = await load(['--stdio', target(), '--tool', 'nope', '--requests', '5']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('has no tool named "nope"');
    expect(run.stderr).toContain('Its tools: work, write_record, pid');
  }, 60_000);

  it('refuses a tool that is not marked read-only without --allow-destructive, and runs it with', async () => {
    const refused = await load(['--stdio', target(), '--tool', 'write_record', '--requests', '5']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('"write_record" on load-target is marked destructive');
    expect(refused.stderr).toContain('--allow-destructive');
    const allowed = await load(['--stdio', target(), '--tool', 'write_record', '--requests', '5', '--allow-destructive', '--json']);
    expect(allowed.code, allowed.stderr).toBe(0);
    expect(JSON.parse(allowed.stdout).requests).toBe(5);
  }, 120_000);

  it('refuses a server that is not on this machine without --yes, before connecting', async () => {
    // 192.0.2.1 is TEST-NET-1 (RFC 5737): nothing answers there, so a connect attempt would show as a long wait and exit 3.
    const run = await load(['--url', 'http://192.0.2.1:9/mcp', '--tool', 'work', '--requests', '5']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('not on this machine');
    expect(run.stderr).toContain('--yes');
  }, 60_000);

  it('exits 3 when the server cannot be started, or ends before it connects', async () => {
    const missing = await load(['--stdio', '/nonexistent/mcp-server', '--tool', 'work', '--requests', '5']);
    expect(missing.code).toBe(3);
    expect(missing.stderr).toContain('command not found');
    const crashing = await load(['--stdio', `"${process.execPath}" "${fixtureServer('crash-on-start')}"`, '--tool', 'work', '--requests', '5']);
    expect(crashing.code, crashing.stderr).toBe(3);
    expect(crashing.stderr).toContain('could not connect');
  }, 60_000);

  it('writes a self-contained HTML report with its charts', async () => {
    const file = path.join(home, 'report.html');
    const run = await load(['--stdio', target('--delay-ms', '5'), '--tool', 'work', '--concurrency', '2', '--duration', '2500ms', '--html', file]);
    expect(run.code, run.stderr).toBe(0);
    const html = await fs.readFile(file, 'utf8');
    expect(html).toContain('<h1>Load report: load-target</h1>');
    expect(html).toMatch(/aria-label="Latency over time \(ms\)" data-points="[1-9]/);
    // Self-contained: the chart library and the data are inline, allowed by hash; nothing is fetched.
    expect(html).toContain('<script type="application/json" id="load-charts">');
    expect(html).toMatch(/script-src 'sha256-[^']+' 'sha256-[^']+'; style-src 'sha256-/);
    expect(html).not.toMatch(/src=|href=|unsafe-inline/);
  }, 120_000);

  it('runs a collection as a weighted mix, with arguments from a data file', async () => {
    const collection = path.join(home, 'mix.yaml');
    const data = path.join(home, 'rows.json');
    await fs.writeFile(data, JSON.stringify([{ delay: 30, word: 'a' }, { delay: 30, word: 'b' }]));
    await fs.writeFile(
      collection,
      ['name: mix', 'steps:', '  - id: quick', '    tool: work', '    weight: 3', '    arguments: { text: "${data.word}" }', '  - id: slow', '    tool: work', '    weight: 1', '    arguments: { delayMs: "${data.delay}" }', ''].join('\n'),
    );
    const run = await load(['--stdio', target(), '--collection', collection, '--data', data, '--requests', '80', '--concurrency', '4', '--json']);
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout);
    const [quick, slow] = report.steps;
    expect(quick.requests + slow.requests).toBe(80);
    // 3 : 1 by weight; chance alone would need to be very unkind to turn it round over 80 calls.
    expect(quick.requests).toBeGreaterThan(slow.requests);
    expect(slow.requests).toBeGreaterThan(0);
    // The data row's delay (a number, as the whole string is one variable) reached the server.
    expect(slow.latency.p50).toBeGreaterThanOrEqual(29.5);
  }, 120_000);

  it.each([
    ['arguments: { text: "${steps.other.content}" }', /run independently/],
    ['arguments: { text: "${data.word}" }', /give the rows with --data/],
    ['weight: 0', /a weight is a share of the calls, above 0/],
  ])('refuses a collection step with %s (exit 2)', async (line, message) => {
    const collection = path.join(home, `bad-${randomUUID()}.yaml`);
    await fs.writeFile(collection, ['name: bad', 'steps:', '  - id: other', '    tool: pid', '  - id: one', '    tool: work', `    ${line}`, ''].join('\n'));
    const run = await load(['--stdio', target(), '--collection', collection, '--requests', '5']);
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toMatch(message);
  }, 60_000);

  it.runIf(process.platform === 'linux')('Ctrl+C stops the run, stops every server process it started, prints what was measured, and exits 130', async () => {
    const marker = `load-sigint-${randomUUID()}`;
    const child = spawn(process.execPath, [BUILT_CLI, 'load', '--stdio', target('--delay-ms', '5', marker), '--tool', 'work', '--clients', '3', '--concurrency', '2', '--duration', '10m', '--progress', '--json'], {
      env: { ...process.env, MCP_WORKBENCH_HOME: home },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      await waitUntil(() => /\d+ s {2}\d+ calls/.test(stderr), 'the first live figures', 60_000);
      // The CLI's own command line holds the marker too (in --stdio): only the servers count.
      expect(pidsWith(marker, BUILT_CLI)).toHaveLength(3);
      child.kill('SIGINT');
      expect(await exited, stderr).toBe(130);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    expect(pidsWith(marker, BUILT_CLI)).toEqual([]);
    const report = JSON.parse(stdout);
    expect(report.end).toBe('stopped');
    expect(report.requests).toBeGreaterThan(0);
  }, 120_000);
});

describe('mcp-workbench load: sessions and protocol eras', () => {
  it('--churn gives each client a new session every M calls over HTTP; on a stdio server it is a usage error', async () => {
    const fixture = await startFixture('load-target', ['--http']);
    try {
      const run = await load(['--url', fixture.url, '--transport', 'http', '--tool', 'work', '--requests', '12', '--concurrency', '2', '--churn', '4', '--json']);
      expect(run.code, run.stderr).toBe(0);
      const report = JSON.parse(run.stdout);
      expect(report).toMatchObject({ requests: 12, errors: 0, settings: { churn: 4 }, sessions: { opened: 3 }, protocol: { era: 'legacy' } });
    } finally {
      await fixture.stop();
    }
    const stdio = await load(['--stdio', target(), '--tool', 'work', '--requests', '5', '--churn', '2']);
    expect(stdio.code).toBe(2);
    expect(stdio.stderr).toContain('--churn: Session churn is for remote servers');
    const bad = await load(['--stdio', target(), '--tool', 'work', '--requests', '5', '--churn', '0']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--churn must be a whole number from 1');
  }, 120_000);

  it('--protocol reaches the load clients: a 2026-only server loads in auto, and refuses 2025 with exit 3', async () => {
    const modern = `"${process.execPath}" "${fixtureServer('v2-stdio')}" --modern-only`;
    const args = ['--stdio', modern, '--tool', 'long', '--args', '{"steps": 1, "delayMs": 0}', '--allow-destructive', '--requests', '4'];
    const auto = await load([...args, '--json']);
    expect(auto.code, auto.stderr).toBe(0);
    expect(JSON.parse(auto.stdout)).toMatchObject({ requests: 4, errors: 0, protocol: { era: 'modern', version: '2026-07-28' } });
    const legacy = await load([...args, '--protocol', 'legacy']);
    expect(legacy.code, legacy.stderr).toBe(3);
  }, 120_000);
});
