// The benchmark table: one row per figure with its value, its goal and whether the
// goal is met (a missed goal says MISSED, in capitals, so nobody reads past it), then
// what each figure compared: the subject's and the baseline's median and p95.

/** @typedef {import('./result').BenchmarkResult} BenchmarkResult */
/** @typedef {import('./result').Figure} Figure */
/** @typedef {import('./result').Side} Side */

/** @param {number} value */
export function formatNumber(value) {
  if (!Number.isFinite(value)) return String(value);
  if (Number.isInteger(value)) return value.toLocaleString('en-US');
  const abs = Math.abs(value);
  const digits = abs >= 100 ? 0 : abs >= 10 ? 1 : abs >= 1 ? 2 : 3;
  return value.toFixed(digits);
}

/** @param {number} value @param {string} unit */
export function withUnit(value, unit) {
  return unit === '×' ? `${formatNumber(value)}×` : `${formatNumber(value)} ${unit}`;
}

/**
 * @param {Figure} figure
 * @param {boolean} smoke
 */
export function verdict(figure, smoke) {
  if (!figure.goal) return '—';
  if (smoke) return '(smoke)';
  return figure.met ? 'met' : 'MISSED';
}

/** @param {Side | undefined} side */
function describeSide(side) {
  if (!side) return '';
  if (side.summary) return `${side.label}: median ${withUnit(side.summary.median, side.unit)}, p95 ${withUnit(side.summary.p95, side.unit)} (n=${side.summary.n})`;
  if (side.value !== undefined) return `${side.label}: ${withUnit(side.value, side.unit)}`;
  return side.label;
}

/**
 * @param {string[]} header
 * @param {string[][]} rows
 */
function grid(header, rows) {
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (/** @type {string[]} */ cells) => cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ').trimEnd();
  return [line(header), line(widths.map((w) => '─'.repeat(w))), ...rows.map(line)].join('\n');
}

/**
 * @param {BenchmarkResult[]} results
 * @param {{ smoke: boolean }} options
 */
export function formatTable(results, options) {
  /** @type {string[][]} */
  const rows = [];
  /** @type {string[]} */
  const compared = [];
  for (const result of results) {
    if (!result.ok) {
      rows.push([result.id, 'the benchmark failed (see its output above)', '', '', 'FAILED']);
      continue;
    }
    for (const figure of result.figures) {
      rows.push([result.id, figure.label, withUnit(figure.value, figure.unit), figure.goal ? `≤ ${withUnit(figure.goal.max, figure.unit)}` : '', verdict(figure, options.smoke)]);
      const sides = [describeSide(figure.subject), describeSide(figure.baseline)].filter(Boolean);
      if (sides.length > 0) compared.push(`${result.id} · ${figure.label}\n    ${sides.join('\n    ')}`);
    }
    for (const note of result.notes ?? []) compared.push(`${result.id} · note: ${note}`);
  }
  const missed = options.smoke ? [] : results.filter((result) => result.ok).flatMap((result) => result.figures.filter((figure) => figure.met === false).map((figure) => `${result.id} · ${figure.label}: ${figure.floor ?? 'no floor known: a goal to work on.'}`));
  const floors = missed.length > 0 ? `\n\nMissed, and what stops it (measurements in docs/development.md, "Benchmarks"):\n${missed.map((text) => `  ${text}`).join('\n')}` : '';
  return `${grid(['benchmark', 'figure', 'value', 'goal', 'result'], rows)}\n\nWhat was compared:\n${compared.map((text) => `  ${text}`).join('\n')}${floors}`;
}

/**
 * @param {BenchmarkResult[]} results
 * @param {boolean} smoke
 */
export function countVerdicts(results, smoke) {
  const figures = results.flatMap((result) => result.figures);
  return {
    failed: results.filter((result) => !result.ok).length,
    met: smoke ? 0 : figures.filter((figure) => figure.met === true).length,
    missed: smoke ? 0 : figures.filter((figure) => figure.met === false).length,
  };
}
