/**
 * Two kept load runs side by side: their figures with the change from the first to the
 * second (slower or more errors marked), and their latency and throughput curves drawn
 * over each other on one time axis.
 */
import { useMemo } from 'react';
import type { LoadRunRecord } from '../../../../shared/api/load';
import type { LoadSnapshot } from '../../../../shared/load-report';
import { LoadChart } from './LoadChart';

type Better = 'lower' | 'higher';

function rows(record: LoadRunRecord): Array<[string, number, string, Better]> {
  const report = record.report!;
  return [
    ['Calls', report.requests, '', 'higher'],
    ['Errors', report.errors, '', 'lower'],
    ['Calls/s', report.throughput, '', 'higher'],
    ['p50', report.latency.p50, ' ms', 'lower'],
    ['p90', report.latency.p90, ' ms', 'lower'],
    ['p95', report.latency.p95, ' ms', 'lower'],
    ['p99', report.latency.p99, ' ms', 'lower'],
    ['max', report.latency.max, ' ms', 'lower'],
    ...(report.serverResources ? ([['Peak RSS (MiB)', Math.round((report.serverResources.peakRss / 1048576) * 10) / 10, '', 'lower']] as Array<[string, number, string, Better]>) : []),
  ];
}

function change(a: number, b: number): string {
  if (a === 0) return b === 0 ? '±0%' : 'new';
  const percent = ((b - a) / a) * 100;
  return `${percent >= 0 ? '+' : ''}${percent.toFixed(1)}%`;
}

export function LoadCompare({ a, b }: { a: LoadRunRecord; b: LoadRunRecord }) {
  const left = rows(a);
  const right = rows(b);
  const charts = useMemo(() => {
    // One time axis for both: each run's points at their own second, the other's left empty there.
    const at = (record: LoadRunRecord) => new Map(record.report!.timeline.map((p) => [Math.round(p.t / 1000), p]));
    const first = at(a);
    const second = at(b);
    const xs = [...new Set([...first.keys(), ...second.keys()])].sort((x, y) => x - y);
    const pick = (points: Map<number, LoadSnapshot>, read: (p: LoadSnapshot) => number) => xs.map((x) => (points.has(x) ? read(points.get(x)!) : null));
    return {
      xs,
      latency: [
        { label: 'A p50', values: pick(first, (p) => p.latency.p50), color: '--accent' },
        { label: 'A p99', values: pick(first, (p) => p.latency.p99), color: '--accent', dash: true },
        { label: 'B p50', values: pick(second, (p) => p.latency.p50), color: '--danger' },
        { label: 'B p99', values: pick(second, (p) => p.latency.p99), color: '--danger', dash: true },
      ],
      throughput: [
        { label: 'A calls/s', values: pick(first, (p) => p.throughput), color: '--accent' },
        { label: 'B calls/s', values: pick(second, (p) => p.throughput), color: '--danger' },
      ],
    };
  }, [a, b]);
  const title = (record: LoadRunRecord) => `${record.summary.label}, ${new Date(record.summary.startedAt).toLocaleString()} (${record.report!.settings.clients} × ${record.report!.settings.concurrency}, ${record.report!.settings.profile})`;
  return (
    <section className="load-compare" aria-label="Two runs compared">
      <h3>Compared</h3>
      <table className="load-compare-table">
        <thead>
          <tr>
            <th scope="col" />
            <th scope="col">A: {title(a)}</th>
            <th scope="col">B: {title(b)}</th>
            <th scope="col">B against A</th>
          </tr>
        </thead>
        <tbody>
          {left.map(([name, value, unit, better]) => {
            const other = right.find((row) => row[0] === name);
            const worse = other !== undefined && (better === 'lower' ? other[1] > value : other[1] < value);
            return (
              <tr key={name}>
                <th scope="row">{name}</th>
                <td>
                  {value}
                  {unit}
                </td>
                <td>{other ? `${other[1]}${unit}` : '–'}</td>
                <td className={worse ? 'load-worse' : 'load-better'}>{other ? change(value, other[1]) : '–'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <div className="load-charts">
        <LoadChart title="Latency, A and B (ms)" xs={charts.xs} series={charts.latency} unit="ms" />
        <LoadChart title="Throughput, A and B (calls/s)" xs={charts.xs} series={charts.throughput} unit="/s" />
      </div>
    </section>
  );
}
