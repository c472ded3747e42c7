/**
 * A load report as one self-contained HTML file: the figures, the budgets, and the charts
 * people read (latency percentiles and throughput over time, the server's CPU and memory)
 * drawn as inline SVG, so the file needs no script, no network and no other file.
 */
import type { BudgetVerdict } from './budgets';
import type { LoadReport } from './load-report';

interface Series {
  label: string;
  values: number[];
  className: string;
}

const WIDTH = 720;
const HEIGHT = 220;
const PAD = { left: 64, right: 16, top: 16, bottom: 32 };

export function renderHtmlReport(report: LoadReport, budgets: BudgetVerdict[] = []): string {
  const t = report.timeline.map((point) => point.t / 1000);
  const samples = report.serverResources?.samples ?? [];
  const charts = [
    chart('Latency over time (ms)', t, [
      { label: 'p50', values: report.timeline.map((p) => p.latency.p50), className: 's1' },
      { label: 'p90', values: report.timeline.map((p) => p.latency.p90), className: 's2' },
      { label: 'p99', values: report.timeline.map((p) => p.latency.p99), className: 's3' },
    ]),
    chart('Throughput (calls/s)', t, [{ label: 'calls/s', values: report.timeline.map((p) => p.throughput), className: 's1' }]),
    ...(samples.length
      ? [
          chart('Server memory (MiB)', samples.map((s) => s.t / 1000), [{ label: 'RSS', values: samples.map((s) => s.rss / 1048576), className: 's2' }]),
          chart('Server CPU (% of a core)', samples.map((s) => s.t / 1000), [{ label: 'CPU', values: samples.map((s) => s.cpu), className: 's3' }]),
        ]
      : []),
  ];
  const trend = report.serverResources?.memoryTrend;
  const rows: Array<[string, string]> = [
    ['Server', `${report.server} (${report.transport})`],
    ['Started', report.startedAt],
    ['Ended', `${report.end} after ${(report.elapsedMs / 1000).toFixed(1)} s`],
    ['Load', `${report.settings.clients} client(s) × ${report.settings.concurrency} in flight, profile ${report.settings.profile}${report.settings.rate ? `, at most ${report.settings.rate}/s` : ''}`],
    ['Requests', `${report.requests} (${report.errors} failed, ${(report.errorRate * 100).toFixed(2)}%)`],
    ['Throughput', `${report.throughput} calls/s`],
    ['Latency', `p50 ${report.latency.p50} ms · p90 ${report.latency.p90} ms · p95 ${report.latency.p95} ms · p99 ${report.latency.p99} ms · max ${report.latency.max} ms`],
    ...(trend ? ([['Server memory trend', `${(trend.bytesPerMinute / 1048576).toFixed(2)} MiB/min (R² ${trend.r2})${report.serverResources?.leakSuspected ? ' — looks like a leak' : ''}`]] as Array<[string, string]>) : []),
  ];
  const errors = Object.entries(report.errorsByClass).flatMap(([errorClass, entry]) => entry.top.map((top) => `<tr><td>${escape(errorClass)}</td><td>${top.count}</td><td>${escape(top.message)}</td></tr>`));
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>Load report: ${escape(report.server)}</title>
<style>
:root { color-scheme: light dark; font-family: system-ui, sans-serif; }
body { margin: 2rem; max-width: 60rem; }
table { border-collapse: collapse; margin: 1rem 0; }
th, td { text-align: left; padding: 0.25rem 0.75rem; border-bottom: 1px solid color-mix(in srgb, currentColor 20%, transparent); vertical-align: top; }
figure { margin: 1.5rem 0; }
svg { width: 100%; max-width: ${WIDTH}px; height: auto; }
.axis { stroke: currentColor; stroke-opacity: 0.4; }
.grid { stroke: currentColor; stroke-opacity: 0.1; }
.label { fill: currentColor; font-size: 11px; }
.line { fill: none; stroke-width: 2; }
.s1 { stroke: #2f7ed8; color: #2f7ed8; } .s2 { stroke: #e4572e; color: #e4572e; } .s3 { stroke: #17a398; color: #17a398; }
.key { display: inline-block; margin-right: 1rem; font-size: 0.9em; }
.key::before { content: ''; display: inline-block; width: 1em; height: 0.25em; background: currentColor; margin-right: 0.3em; vertical-align: middle; }
.ok { color: #17a398; } .missed { color: #e4572e; font-weight: bold; }
</style>
</head>
<body>
<h1>Load report: ${escape(report.server)}</h1>
<table>${rows.map(([k, v]) => `<tr><th>${escape(k)}</th><td>${escape(v)}</td></tr>`).join('')}</table>
${budgets.length ? `<h2>Budgets</h2><table><tr><th>Budget</th><th>Actual</th><th>Limit</th><th></th></tr>${budgets.map((b) => `<tr><td>${escape(b.budget)}</td><td>${b.actual}${b.unit}</td><td>${b.limit}${b.unit}</td><td class="${b.ok ? 'ok' : 'missed'}">${b.ok ? 'met' : 'MISSED'}</td></tr>`).join('')}</table>` : ''}
<h2>Charts</h2>
${charts.join('\n')}
<h2>Steps</h2>
<table><tr><th>Step</th><th>Tool</th><th>Requests</th><th>Errors</th><th>p50</th><th>p95</th><th>p99</th><th>max</th></tr>${report.steps.map((s) => `<tr><td>${escape(s.name)}</td><td>${escape(s.tool)}</td><td>${s.requests}</td><td>${s.errors}</td><td>${s.latency.p50} ms</td><td>${s.latency.p95} ms</td><td>${s.latency.p99} ms</td><td>${s.latency.max} ms</td></tr>`).join('')}</table>
${errors.length ? `<h2>Errors</h2><table><tr><th>Class</th><th>Count</th><th>Message</th></tr>${errors.join('')}</table>` : ''}
</body>
</html>
`;
}

function chart(title: string, xs: number[], series: Series[]): string {
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const xMax = Math.max(1, ...xs);
  const yMax = niceCeiling(Math.max(0, ...series.flatMap((s) => s.values)));
  const x = (v: number) => PAD.left + (v / xMax) * innerW;
  const y = (v: number) => PAD.top + innerH - (v / yMax) * innerH;
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => f * yMax);
  const grid = ticks
    .map((v) => `<line class="grid" x1="${PAD.left}" x2="${WIDTH - PAD.right}" y1="${y(v).toFixed(1)}" y2="${y(v).toFixed(1)}"/><text class="label" x="${PAD.left - 6}" y="${(y(v) + 4).toFixed(1)}" text-anchor="end">${formatTick(v)}</text>`)
    .join('');
  const lines = series
    .map((s) => (xs.length ? `<polyline class="line ${s.className}" points="${s.values.map((v, i) => `${x(xs[i]!).toFixed(1)},${y(v).toFixed(1)}`).join(' ')}"><title>${escape(s.label)}</title></polyline>` : ''))
    .join('');
  const keys = series.map((s) => `<span class="key ${s.className}">${escape(s.label)}</span>`).join('');
  return `<figure><figcaption>${escape(title)} ${keys}</figcaption>
<svg viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="${escape(title)}" data-points="${xs.length}">
${grid}<line class="axis" x1="${PAD.left}" x2="${WIDTH - PAD.right}" y1="${PAD.top + innerH}" y2="${PAD.top + innerH}"/>
<text class="label" x="${PAD.left}" y="${HEIGHT - 8}">0 s</text><text class="label" x="${WIDTH - PAD.right}" y="${HEIGHT - 8}" text-anchor="end">${formatTick(xMax)} s</text>
${lines}${xs.length ? '' : `<text class="label" x="${WIDTH / 2}" y="${HEIGHT / 2}" text-anchor="middle">No points: the run ended within its first second.</text>`}
</svg></figure>`;
}

function niceCeiling(value: number): number {
  if (value <= 0) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 2.5, 5, 10].find((s) => s * magnitude >= value)!;
  return step * magnitude;
}

function formatTick(value: number): string {
  return value >= 100 ? String(Math.round(value)) : String(Math.round(value * 100) / 100);
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
