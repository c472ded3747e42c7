/**
 * A load report as one self-contained HTML file: the figures, the budgets, and the charts
 * people read (latency percentiles and throughput over time, the server's CPU and memory)
 * drawn with uPlot, the library the Load tab uses, put inline with the data: the file needs
 * no network and no other file.
 */
import type { BudgetVerdict } from './budgets';
import { chartLibrary, cspHash, DRAW_CHARTS } from './html-report-charts';
import type { LoadReport } from './load-report';

interface ChartSpec {
  id: string;
  title: string;
  unit: string;
  xs: number[];
  series: Array<{ label: string; values: number[]; color: 's1' | 's2' | 's3' }>;
}

const REPORT_STYLE = `:root { color-scheme: light dark; font-family: system-ui, sans-serif; }
body { margin: 2rem; max-width: 60rem; }
table { border-collapse: collapse; margin: 1rem 0; }
th, td { text-align: left; padding: 0.25rem 0.75rem; border-bottom: 1px solid color-mix(in srgb, currentColor 20%, transparent); vertical-align: top; }
figure { margin: 1.5rem 0; }
.ok { color: #17a398; } .missed { color: #e4572e; font-weight: bold; }
.chart { width: 100%; max-width: 60rem; }
`;

/** With session churn: how many sessions were opened, how often, and what opening one took. */
export function sessionsText(report: LoadReport): string {
  const sessions = report.sessions!;
  return `${sessions.opened} opened (a new one every ${report.settings.churn} calls per client); opening one took p50 ${sessions.setup.p50} ms, p95 ${sessions.setup.p95} ms, max ${sessions.setup.max} ms`;
}

export function renderHtmlReport(report: LoadReport, budgets: BudgetVerdict[] = []): string {
  const t = report.timeline.map((point) => point.t / 1000);
  const samples = report.serverResources?.samples ?? [];
  const charts: ChartSpec[] = [
    {
      id: 'chart-latency',
      title: 'Latency over time (ms)',
      unit: 'ms',
      xs: t,
      series: [
        { label: 'p50', values: report.timeline.map((p) => p.latency.p50), color: 's1' },
        { label: 'p90', values: report.timeline.map((p) => p.latency.p90), color: 's2' },
        { label: 'p99', values: report.timeline.map((p) => p.latency.p99), color: 's3' },
      ],
    },
    { id: 'chart-throughput', title: 'Throughput (calls/s)', unit: 'calls/s', xs: t, series: [{ label: 'calls/s', values: report.timeline.map((p) => p.throughput), color: 's1' }] },
    ...(samples.length
      ? ([
          { id: 'chart-rss', title: 'Server memory (MiB)', unit: 'MiB', xs: samples.map((s) => s.t / 1000), series: [{ label: 'RSS', values: samples.map((s) => Math.round((s.rss / 1048576) * 10) / 10), color: 's2' }] },
          { id: 'chart-cpu', title: 'Server CPU (% of a core)', unit: '%', xs: samples.map((s) => s.t / 1000), series: [{ label: 'CPU', values: samples.map((s) => s.cpu), color: 's3' }] },
        ] satisfies ChartSpec[])
      : []),
  ];
  const library = chartLibrary();
  const style = `${library.style}\n${REPORT_STYLE}`;
  // The data is JSON inside a script element: "<" is escaped so no value can close it.
  const data = JSON.stringify(charts).replace(/</g, '\\u003c');
  const csp = `default-src 'none'; script-src ${cspHash(library.script)} ${cspHash(DRAW_CHARTS)}; style-src ${cspHash(style)}`;
  const trend = report.serverResources?.memoryTrend;
  const rows: Array<[string, string]> = [
    ['Server', `${report.server} (${report.transport}${report.protocol ? `, MCP ${report.protocol.version ?? report.protocol.era}` : ''})`],
    ['Started', report.startedAt],
    ['Ended', `${report.end} after ${(report.elapsedMs / 1000).toFixed(1)} s`],
    ['Load', `${report.settings.clients} client(s) × ${report.settings.concurrency} in flight, profile ${report.settings.profile}${report.settings.rate ? `, at most ${report.settings.rate}/s` : ''}`],
    ['Requests', `${report.requests} (${report.errors} failed, ${(report.errorRate * 100).toFixed(2)}%)`],
    ['Throughput', `${report.throughput} calls/s`],
    ...(report.sessions ? ([['Sessions', sessionsText(report)]] as Array<[string, string]>) : []),
    ['Latency', `p50 ${report.latency.p50} ms · p90 ${report.latency.p90} ms · p95 ${report.latency.p95} ms · p99 ${report.latency.p99} ms · max ${report.latency.max} ms`],
    ...(trend ? ([['Server memory trend', `${(trend.bytesPerMinute / 1048576).toFixed(2)} MiB/min (R² ${trend.r2})${report.serverResources?.leakSuspected ? ' — looks like a leak' : ''}`]] as Array<[string, string]>) : []),
  ];
  const errors = Object.entries(report.errorsByClass).flatMap(([errorClass, entry]) => entry.top.map((top) => `<tr><td>${escape(errorClass)}</td><td>${top.count}</td><td>${escape(top.message)}</td></tr>`));
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<title>Load report: ${escape(report.server)}</title>
<style>${style}</style>
</head>
<body>
<h1>Load report: ${escape(report.server)}</h1>
<table>${rows.map(([k, v]) => `<tr><th>${escape(k)}</th><td>${escape(v)}</td></tr>`).join('')}</table>
${budgets.length ? `<h2>Budgets</h2><table><tr><th>Budget</th><th>Actual</th><th>Limit</th><th></th></tr>${budgets.map((b) => `<tr><td>${escape(b.budget)}</td><td>${b.actual}${b.unit}</td><td>${b.limit}${b.unit}</td><td class="${b.ok ? 'ok' : 'missed'}">${b.ok ? 'met' : 'MISSED'}</td></tr>`).join('')}</table>` : ''}
<h2>Charts</h2>
${charts.map((chart) => `<figure><figcaption>${escape(chart.title)}</figcaption><div id="${chart.id}" class="chart" role="img" aria-label="${escape(chart.title)}" data-points="${chart.xs.length}"></div>${chart.xs.length ? '' : '<p>No points: the run ended within its first second.</p>'}</figure>`).join('\n')}
<script type="application/json" id="load-charts">${data}</script>
<script>${library.script}</script>
<script>${DRAW_CHARTS}</script>
<h2>Steps</h2>
<table><tr><th>Step</th><th>Tool</th><th>Requests</th><th>Errors</th><th>p50</th><th>p95</th><th>p99</th><th>max</th></tr>${report.steps.map((s) => `<tr><td>${escape(s.name)}</td><td>${escape(s.tool)}</td><td>${s.requests}</td><td>${s.errors}</td><td>${s.latency.p50} ms</td><td>${s.latency.p95} ms</td><td>${s.latency.p99} ms</td><td>${s.latency.max} ms</td></tr>`).join('')}</table>
${errors.length ? `<h2>Errors</h2><table><tr><th>Class</th><th>Count</th><th>Message</th></tr>${errors.join('')}</table>` : ''}
</body>
</html>
`;
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
