#!/usr/bin/env node
// `npm run bench [-- <benchmark>…] [--smoke] [--out <file>] [--no-build] [--write-readme]`
//
// Builds the app (the browser benchmarks run the built host and renderer) and the
// benchmarks, runs each benchmark in its own Node process (with --expose-gc, so memory
// figures can force a collection), prints the table and writes the results as JSON
// (bench/results.json unless --out says otherwise). Benchmarks are ids from
// bench/benchmarks/; none named runs all. --smoke runs the tiny configuration `npm test`
// uses to prove the harness works: its numbers mean nothing and no goal is judged.
// --write-readme records the results in bench/standing.json and writes the README's
// "where we stand" table from it, with the date and the commit (lib/readme-table.mjs).
//
// Exit code: 0 when every benchmark ran (missed goals are in the table, not in the exit
// code, unless --strict), 1 when one failed, 2 for bad arguments.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { benchmarkIds, buildBenchmarks } from './build-bench.mjs';
import { emptyStanding, formatReadmeTable, recordRun, replaceBetweenMarkers } from './lib/readme-table.mjs';
import { countVerdicts, formatTable } from './lib/table.mjs';

/** @typedef {import('./lib/result').BenchmarkResult} BenchmarkResult */

const root = path.resolve(import.meta.dirname, '..');
/** A full benchmark that takes longer than this is stuck. */
const FULL_TIMEOUT_MS = 20 * 60_000;
const SMOKE_TIMEOUT_MS = 3 * 60_000;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    smoke: { type: 'boolean', default: false },
    out: { type: 'string', default: path.join(root, 'bench', 'results.json') },
    'no-build': { type: 'boolean', default: false },
    strict: { type: 'boolean', default: false },
    list: { type: 'boolean', default: false },
    'write-readme': { type: 'boolean', default: false },
  },
});

const known = benchmarkIds();
if (values.list) {
  console.log(known.join('\n'));
  process.exit(0);
}
const unknown = positionals.filter((id) => !known.includes(id));
if (unknown.length > 0) {
  console.error(`Unknown benchmark${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}. Known: ${known.join(', ')}.`);
  process.exit(2);
}
if (values['write-readme'] && values.smoke) {
  console.error('--write-readme needs a full run: smoke numbers mean nothing.');
  process.exit(2);
}
const selected = positionals.length > 0 ? known.filter((id) => positionals.includes(id)) : known;

if (!values['no-build'] && !values.smoke) {
  console.error('▶ npm run build');
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('The build failed: the benchmarks measure the built app, so none ran.');
    process.exit(1);
  }
}
await buildBenchmarks();

const machine = {
  cpus: os.cpus().length,
  cpuModel: os.cpus()[0]?.model ?? 'unknown',
  totalMemoryMB: Math.round(os.totalmem() / 1024 / 1024),
  platform: `${process.platform} ${os.release()}`,
  node: process.version,
};
const startedAt = new Date().toISOString();
const scratch = path.join(os.tmpdir(), `mcpwb-bench-results-${process.pid}`);
mkdirSync(scratch, { recursive: true });

/** @type {Array<BenchmarkResult & { loadBefore: number[], loadAfter: number[] }>} */
const results = [];
for (const id of selected) {
  console.error(`\n▶ ${id}${values.smoke ? ' (smoke)' : ''}`);
  const loadBefore = os.loadavg().map((n) => Math.round(n * 100) / 100);
  const result = await runOne(id);
  const loadAfter = os.loadavg().map((n) => Math.round(n * 100) / 100);
  results.push({ ...result, loadBefore, loadAfter });
  console.error(`  ${result.ok ? 'done' : 'FAILED'} in ${(result.durationMs / 1000).toFixed(1)} s (load average ${loadBefore[0]} → ${loadAfter[0]})`);
}
rmSync(scratch, { recursive: true, force: true });

const report = { version: 1, mode: values.smoke ? 'smoke' : 'full', startedAt, finishedAt: new Date().toISOString(), machine, benchmarks: results };
mkdirSync(path.dirname(values.out), { recursive: true });
writeFileSync(values.out, `${JSON.stringify(report, null, 2)}\n`);

const loads = results.flatMap((r) => [r.loadBefore[0] ?? 0, r.loadAfter[0] ?? 0]);
console.log(`\nMCP Workbench benchmarks${values.smoke ? ' — SMOKE RUN: tiny sizes, the numbers mean nothing' : ''}`);
console.log(`${machine.cpus} CPUs (${machine.cpuModel}), Node ${machine.node}, load average ${Math.min(...loads)}–${Math.max(...loads)} during the run\n`);
console.log(formatTable(results, { smoke: values.smoke }));
if (values['write-readme']) writeReadme(results);
const counts = countVerdicts(results, values.smoke);
console.log(`\n${values.smoke ? '' : `${counts.met} goals met, ${counts.missed} missed`}${counts.failed ? `${values.smoke ? '' : ', '}${counts.failed} benchmarks FAILED` : ''}${values.smoke && !counts.failed ? 'every benchmark ran' : ''}. Results: ${path.relative(process.cwd(), values.out) || values.out}`);
process.exit(counts.failed > 0 || (values.strict && counts.missed > 0) ? 1 : 0);

/**
 * Records this run in bench/standing.json and writes the README's table from it.
 * @param {Array<BenchmarkResult & { loadBefore: number[], loadAfter: number[] }>} results
 */
function writeReadme(results) {
  const standingFile = path.join(root, 'bench', 'standing.json');
  const readmeFile = path.join(root, 'README.md');
  const git = (/** @type {string[]} */ args) => spawnSync('git', args, { cwd: root, encoding: 'utf8' }).stdout.trim();
  const head = git(['rev-parse', '--short', 'HEAD']) || 'unknown';
  // Uncommitted changes are part of what was measured: the commit says so.
  const commit = git(['status', '--porcelain', '--untracked-files=no', '--', '.', ':!README.md', ':!bench/standing.json']) ? `${head} with uncommitted changes` : head;
  const date = new Date().toISOString();
  let standing = emptyStanding();
  try {
    standing = JSON.parse(readFileSync(standingFile, 'utf8'));
  } catch {
    // none yet: this run starts it
  }
  const machineText = `${machine.cpus} CPUs (${machine.cpuModel}), ${machine.totalMemoryMB} MB, Node ${machine.node}`;
  // Results without the load averages: those belong to bench/results.json.
  const plain = results.map(({ loadBefore: _before, loadAfter: _after, ...result }) => result);
  standing = recordRun(standing, plain, { date, commit, machine: machineText });
  writeFileSync(standingFile, `${JSON.stringify(standing, null, 2)}\n`);
  writeFileSync(readmeFile, replaceBetweenMarkers(readFileSync(readmeFile, 'utf8'), formatReadmeTable(standing, { date, commit })));
  console.log(`README.md's table written (${Object.keys(standing.benchmarks).length} benchmarks, bench/standing.json).`);
}

/**
 * Runs one benchmark's bundle in its own process and reads its result file.
 * @param {string} id
 * @returns {Promise<BenchmarkResult>}
 */
function runOne(id) {
  const resultFile = path.join(scratch, `${id}.json`);
  const started = performance.now();
  const child = spawn(process.execPath, ['--expose-gc', path.join(root, 'out', 'bench', `${id}.cjs`), '--result', resultFile, ...(values.smoke ? ['--smoke'] : [])], {
    cwd: root,
    // The benchmark's own output (progress) goes to our stderr; stdout stays the table's.
    stdio: ['ignore', process.stderr, 'inherit'],
  });
  const timeout = setTimeout(() => child.kill('SIGKILL'), values.smoke ? SMOKE_TIMEOUT_MS : FULL_TIMEOUT_MS);
  return new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      clearTimeout(timeout);
      try {
        resolve(/** @type {BenchmarkResult} */ (JSON.parse(readFileSync(resultFile, 'utf8'))));
      } catch {
        const how = signal === 'SIGKILL' ? 'was stopped after the time limit' : `exited with ${signal ?? `code ${code}`} without a result`;
        resolve({ id, title: id, ok: false, error: `The benchmark ${how}.`, durationMs: performance.now() - started, figures: [] });
      }
    });
  });
}
