/**
 * A server's Load tab: the set-up form, the run going with its live charts (latency
 * percentiles, throughput, the server's CPU and memory) and Stop, the runs kept, and two of
 * them compared side by side. The run lives in the page's load store, so it goes on (and
 * its chart keeps filling) while the user looks at another tab.
 */
import { useEffect, useMemo, useState } from 'react';
import { useStore } from 'zustand';
import type { AppApi } from '../../../../shared/api';
import type { LoadRunSummary } from '../../../../shared/api/load';
import type { ServerView } from '../../../../shared/domain';
import type { LoadSnapshot } from '../../../../shared/load-report';
import { useWorkbench } from '../../state/store';
import { saveFile } from '../save-file';
import { LoadChart } from './LoadChart';
import { LoadCompare } from './LoadCompare';
import { LoadForm } from './LoadForm';
import { clearLive, dismissError, listenForLoad, loadEntry, loadRuns, refreshRuns, startRun, stopRun, toggleCompare, type LiveRun } from './load-runs';
import './load.css';

const STATUS_TEXT: Record<LoadRunSummary['status'], string> = {
  running: 'running',
  completed: 'completed',
  stopped: 'stopped',
  'all-clients-lost': 'every client lost',
  failed: 'failed',
};

export function LoadView({ server }: { server: ServerView }) {
  const api = useWorkbench((s) => s.api);
  const entry = useStore(loadRuns, (state) => loadEntry(state, server.name));

  useEffect(() => {
    listenForLoad(api);
    void refreshRuns(api, server.name);
  }, [api, server.name]);

  const running = entry.live !== undefined && entry.live.ended === undefined;
  return (
    <div className="load-view">
      {entry.error && (
        <div className="load-error" role="alert">
          <span>{entry.error}</span>
          <button type="button" onClick={() => dismissError(server.name)}>
            Dismiss
          </button>
        </div>
      )}
      {/* Kept while a run goes (not unmounted), so the next run starts from the same set-up. */}
      <LoadForm server={server} busy={entry.starting === true} running={running} presetCollection={entry.presetCollection} onStart={(request, label) => void startRun(api, request, label)} />
      {entry.live && <LiveSection server={server.name} live={entry.live} onStop={() => void stopRun(api, server.name)} />}
      <section className="load-runs" aria-label="Load runs">
        <h3>Runs</h3>
        {entry.runs === undefined ? (
          <p className="muted">Loading the runs…</p>
        ) : entry.runs.length === 0 ? (
          <p className="empty">No load runs of {server.name} yet. Set one up above: the results are kept here, and you can compare two runs side by side.</p>
        ) : (
          <RunTable runs={entry.runs} compare={entry.compare} onToggle={(id) => void toggleCompare(api, server.name, id)} onSave={(run) => saveReport(api, server.name, run)} />
        )}
        {entry.compare.length === 1 && <p className="muted">Choose one more run to compare.</p>}
        {entry.compare.length === 2 && entry.records[entry.compare[0]!] && entry.records[entry.compare[1]!] && (
          <LoadCompare a={entry.records[entry.compare[0]!]!} b={entry.records[entry.compare[1]!]!} />
        )}
      </section>
    </div>
  );
}

function LiveSection({ server, live, onStop }: { server: string; live: LiveRun; onStop(): void }) {
  const last = live.points.at(-1);
  const ended = live.ended;
  return (
    <section className="load-live" aria-label="Load run under way">
      <div className="load-live-head">
        <h3>
          {live.label} on {server}
        </h3>
        <p role="status" className="load-live-status" data-status={ended ? ended.status : 'running'}>
          {ended
            ? `${STATUS_TEXT[ended.status]}: ${ended.requests} calls, ${ended.errors} errors, ${ended.throughput} calls/s, p50 ${ended.p50} ms, p95 ${ended.p95} ms, p99 ${ended.p99} ms${ended.budgetsMissed ? `, ${ended.budgetsMissed} budget(s) missed` : ''}${ended.problem ? ` (${ended.problem})` : ''}`
            : last
              ? `${Math.round(last.t / 1000)} s: ${last.requests} calls, ${last.errors} errors, ${last.throughput} calls/s, ${last.inFlight} in flight`
              : 'Connected; the first figures come within a second…'}
        </p>
        {ended ? (
          <button type="button" onClick={() => clearLive(server)}>
            New run
          </button>
        ) : (
          <button type="button" className="danger" onClick={onStop} disabled={live.stopping}>
            {live.stopping ? 'Stopping…' : 'Stop'}
          </button>
        )}
      </div>
      <TimelineCharts points={live.points} />
    </section>
  );
}

/** The charts of a run's timeline: latency percentiles, throughput, and the server's CPU and memory when sampled. */
function TimelineCharts({ points }: { points: LoadSnapshot[] }) {
  const data = useMemo(() => {
    const xs = points.map((p) => Math.round(p.t / 100) / 10);
    const sampled = points.some((p) => p.server);
    return {
      xs,
      sampled,
      latency: [
        { label: 'p50', values: points.map((p) => p.latency.p50), color: '--accent' },
        { label: 'p90', values: points.map((p) => p.latency.p90), color: '--warn' },
        { label: 'p99', values: points.map((p) => p.latency.p99), color: '--danger' },
      ],
      throughput: [{ label: 'calls/s', values: points.map((p) => p.throughput), color: '--ok' }],
      cpu: [{ label: 'CPU %', values: points.map((p) => p.server?.cpu ?? null), color: '--warn' }],
      rss: [{ label: 'RSS MiB', values: points.map((p) => (p.server ? Math.round((p.server.rss / 1048576) * 10) / 10 : null)), color: '--accent' }],
    };
  }, [points]);
  return (
    <div className="load-charts">
      <LoadChart title="Latency (ms)" xs={data.xs} series={data.latency} unit="ms" />
      <LoadChart title="Throughput (calls/s)" xs={data.xs} series={data.throughput} unit="/s" />
      {data.sampled ? (
        <>
          <LoadChart title="Server CPU (% of a core)" xs={data.xs} series={data.cpu} unit="%" />
          <LoadChart title="Server memory (MiB)" xs={data.xs} series={data.rss} unit="MiB" />
        </>
      ) : (
        <p className="muted load-no-samples">No server CPU or memory: the run sees the processes of stdio servers it starts, not a remote server's.</p>
      )}
    </div>
  );
}

/** The run's self-contained HTML report, saved as a file; what happened is said in words. */
async function saveReport(api: AppApi, server: string, run: LoadRunSummary): Promise<string> {
  try {
    const html = await api.loadRunHtml({ id: run.id });
    const stamp = new Date(run.startedAt).toISOString().replace(/[:.]/g, '-');
    const fileName = `${server}-load-${stamp}.html`;
    saveFile(html, fileName, 'text/html');
    return `Saved the report of the run started ${new Date(run.startedAt).toLocaleString()} as ${fileName}.`;
  } catch (error) {
    return `Could not save the report: ${(error as Error).message}`;
  }
}

function RunTable({ runs, compare, onToggle, onSave }: { runs: LoadRunSummary[]; compare: string[]; onToggle(id: string): void; onSave(run: LoadRunSummary): Promise<string> }) {
  const [saved, setSaved] = useState<string | undefined>();
  return (
    <>
    <table className="load-run-table">
      <thead>
        <tr>
          <th scope="col">Compare</th>
          <th scope="col">Started</th>
          <th scope="col">Load</th>
          <th scope="col">Status</th>
          <th scope="col">Calls</th>
          <th scope="col">Errors</th>
          <th scope="col">Calls/s</th>
          <th scope="col">p50</th>
          <th scope="col">p95</th>
          <th scope="col">p99</th>
          <th scope="col">Budgets</th>
          <th scope="col">Report</th>
        </tr>
      </thead>
      <tbody>
        {runs.map((run) => {
          const started = new Date(run.startedAt).toLocaleString();
          const comparable = run.status !== 'running' && run.status !== 'failed';
          return (
            <tr key={run.id} data-run={run.id} data-status={run.status}>
              <td>
                <input
                  type="checkbox"
                  checked={compare.includes(run.id)}
                  disabled={!comparable}
                  onChange={() => onToggle(run.id)}
                  aria-label={`Compare the run of ${run.label} started ${started}`}
                />
              </td>
              <td>{started}</td>
              <td>{run.label}</td>
              <td className={`load-status-${run.status}`} title={run.problem}>
                {STATUS_TEXT[run.status]}
              </td>
              <td>{run.requests}</td>
              <td>{run.errors}</td>
              <td>{run.throughput}</td>
              <td>{run.p50} ms</td>
              <td>{run.p95 ? `${run.p95} ms` : '–'}</td>
              <td>{run.p99} ms</td>
              <td className={run.budgetsMissed ? 'load-missed' : undefined}>{run.status === 'running' ? '–' : run.budgetsMissed ? `${run.budgetsMissed} missed` : 'met'}</td>
              <td>
                {comparable ? (
                  <button type="button" onClick={() => void onSave(run).then(setSaved)} aria-label={`Save the report of the run of ${run.label} started ${started}`}>
                    Save…
                  </button>
                ) : (
                  '–'
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
    {saved && (
      <p role="status" className="muted">
        {saved}
      </p>
    )}
    </>
  );
}
