// The README's "where we stand" table, written by `npm run bench -- --write-readme`.
//
// Every full run that writes it records its benchmarks' results in bench/standing.json
// (with the date, the commit and the machine); the table is made from that file, so a
// run of one benchmark replaces that benchmark's rows and keeps the others, each row
// saying when and at which commit it was measured. The table sits between two markers
// in README.md and nothing outside them is touched.

import { verdict, withUnit } from './table.mjs';

/** @typedef {import('./result').BenchmarkResult} BenchmarkResult */
/** @typedef {import('./result').Figure} Figure */
/** @typedef {import('./result').Side} Side */
/** @typedef {{ date: string, commit: string, machine: string, result: BenchmarkResult }} StandingEntry */
/** @typedef {{ version: 1, benchmarks: Record<string, StandingEntry> }} Standing */

export const README_START = '<!-- bench:where-we-stand:start (written by `npm run bench -- --write-readme`; edits here are overwritten) -->';
export const README_END = '<!-- bench:where-we-stand:end -->';

/** @returns {Standing} */
export function emptyStanding() {
  return { version: 1, benchmarks: {} };
}

/**
 * The standing with this run's benchmarks in place of their earlier results.
 * @param {Standing} standing
 * @param {BenchmarkResult[]} results
 * @param {{ date: string, commit: string, machine: string }} run
 * @returns {Standing}
 */
export function recordRun(standing, results, run) {
  const benchmarks = { ...standing.benchmarks };
  for (const result of results) benchmarks[result.id] = { date: run.date, commit: run.commit, machine: run.machine, result };
  return { version: 1, benchmarks };
}

/** @param {string} text */
function cell(text) {
  return text.replaceAll('|', '\\|').replaceAll('\n', ' ');
}

/**
 * @param {Side | undefined} side
 * @returns {[string, string, string]} n, median, p95
 */
function sideCells(side) {
  if (!side) return ['', '', ''];
  if (side.summary) return [String(side.summary.n), withUnit(side.summary.median, side.unit), withUnit(side.summary.p95, side.unit)];
  if (side.value !== undefined) return ['1', withUnit(side.value, side.unit), ''];
  return ['', '', ''];
}

/** @param {Side | undefined} side */
function baselineCell(side) {
  if (!side) return '';
  const [n, median, p95] = sideCells(side);
  const numbers = [median && `median ${median}`, p95 && `p95 ${p95}`, n && `n=${n}`].filter(Boolean).join(', ');
  return numbers ? `${side.label}: ${numbers}` : side.label;
}

/**
 * The Markdown between the markers: a line saying when it was written, then one row per figure.
 * @param {Standing} standing
 * @param {{ date: string, commit: string }} written
 */
export function formatReadmeTable(standing, written) {
  const header = ['benchmark', 'figure', 'value', 'goal', 'result', 'n', 'median', 'p95', 'baseline', 'measured'];
  /** @type {string[][]} */
  const rows = [];
  for (const id of Object.keys(standing.benchmarks).sort()) {
    const entry = /** @type {StandingEntry} */ (standing.benchmarks[id]);
    const measured = `${entry.date.slice(0, 10)}, ${entry.commit}`;
    if (!entry.result.ok) {
      rows.push([`\`${id}\``, 'the benchmark failed', '', '', 'FAILED', '', '', '', '', measured]);
      continue;
    }
    for (const figure of entry.result.figures) {
      const [n, median, p95] = sideCells(figure.subject);
      rows.push([
        `\`${id}\``,
        figure.label,
        withUnit(figure.value, figure.unit),
        figure.goal ? `≤ ${withUnit(figure.goal.max, figure.unit)}` : '—',
        figure.goal ? (figure.met ? 'met' : '**MISSED**') : verdict(figure, false),
        n,
        median,
        p95,
        baselineCell(figure.baseline),
        measured,
      ]);
    }
  }
  const machines = [...new Set(Object.values(standing.benchmarks).map((entry) => entry.machine))];
  const line = (/** @type {string[]} */ cells) => `| ${cells.map(cell).join(' | ')} |`;
  return [
    `Written ${written.date} at commit ${written.commit}; measured on ${machines.join('; ') || 'no machine yet'}. n, median and p95 are the subject's samples.`,
    '',
    line(header),
    line(header.map(() => '---')),
    ...rows.map(line),
  ].join('\n');
}

/**
 * README text with the table between the markers replaced (the markers are added at the end when missing).
 * @param {string} readme
 * @param {string} table
 */
export function replaceBetweenMarkers(readme, table) {
  const block = `${README_START}\n${table}\n${README_END}`;
  const start = readme.indexOf(README_START);
  const end = readme.indexOf(README_END);
  if (start === -1 || end === -1 || end < start) return `${readme.trimEnd()}\n\n${block}\n`;
  return `${readme.slice(0, start)}${block}${readme.slice(end + README_END.length)}`;
}
