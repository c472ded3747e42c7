/**
 * The charts of the HTML load report: uPlot's own build and stylesheet, read once from the
 * installed package and put inline, and the small script that draws the report's charts
 * from the JSON embedded beside it. The file then needs no network and no other file, and
 * its CSP allows exactly these inline scripts and style (by hash), nothing else.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

let library: { script: string; style: string } | undefined;

/** uPlot's browser build and CSS, as installed beside the app (the same version the Load tab draws with). */
export function chartLibrary(): { script: string; style: string } {
  if (!library) {
    // The bundles are CommonJS (__dirname is theirs); a test runner's ESM has none: the checkout then.
    const from = typeof __dirname === 'string' ? __dirname : process.cwd();
    const resolve = createRequire(path.join(from, 'html-report.js')).resolve;
    library = {
      script: readFileSync(resolve('uplot/dist/uPlot.iife.min.js'), 'utf8'),
      style: readFileSync(resolve('uplot/dist/uPlot.min.css'), 'utf8'),
    };
  }
  return library;
}

export function cspHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * Reads #load-charts (an array of {id, title, unit, xs, series: [{label, values, color}]})
 * and draws each into its element, in colours for the reader's light or dark scheme.
 */
export const DRAW_CHARTS = `(() => {
  const charts = JSON.parse(document.getElementById('load-charts').textContent);
  const dark = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches;
  const palette = dark ? { fg: '#c9ced6', grid: '#333844', s1: '#7aa2ff', s2: '#e3b341', s3: '#ff8a80' } : { fg: '#5f6570', grid: '#d9dce1', s1: '#1f55c4', s2: '#7d4e00', s3: '#b42318' };
  for (const chart of charts) {
    const host = document.getElementById(chart.id);
    const width = () => Math.max(240, host.clientWidth);
    const plot = new uPlot({
      width: width(),
      height: 220,
      scales: { x: { time: false } },
      axes: [
        { stroke: palette.fg, grid: { stroke: palette.grid, width: 1 }, ticks: { stroke: palette.grid }, values: (u, ticks) => ticks.map((t) => t + 's') },
        { stroke: palette.fg, grid: { stroke: palette.grid, width: 1 }, ticks: { stroke: palette.grid }, size: 60, label: chart.unit },
      ],
      series: [{ label: 't' }].concat(chart.series.map((s) => ({ label: s.label, stroke: palette[s.color], width: 2, spanGaps: true }))),
    }, [chart.xs].concat(chart.series.map((s) => s.values)), host);
    window.addEventListener('resize', () => plot.setSize({ width: width(), height: 220 }));
  }
})();`;
