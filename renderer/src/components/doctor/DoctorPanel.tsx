/**
 * The Doctor tab: will this server work in Claude Code, Cursor, VS Code, ChatGPT, Gemini?
 * Runs the doctor when opened (and on Check again), shows the token cost of its tools,
 * the findings by severity and host, and the tools as a chosen host would show them.
 */
import { useEffect } from 'react';
import type { ServerView } from '../../../../shared/domain';
import { useWorkbench } from '../../state/store';
import { ConformanceSection } from './ConformanceSection';
import { ConnectAs } from './ConnectAs';
import { FindingList } from './FindingList';
import { SeeItAs } from './SeeItAs';
import './doctor.css';

export function DoctorPanel({ server }: { server: ServerView }) {
  const entry = useWorkbench((s) => s.doctor[server.name]);
  const run = useWorkbench((s) => s.runDoctor);
  const cancel = useWorkbench((s) => s.cancelDoctor);
  // A report from the check on connect looked at this server alone: the tab adds the checks across servers.
  const hasFullReport = entry?.report !== undefined && !entry.alone;
  const running = entry?.running === true;
  const cancelled = entry?.cancelled === true;
  useEffect(() => {
    if (!hasFullReport && !running && !entry?.error && !cancelled) void run(server.name);
  }, [hasFullReport, running, entry?.error, cancelled, run, server.name]);

  const report = entry?.report;
  const tokens = report?.tokens.total;
  return (
    <div className="doctor-panel">
      <div
        className="doctor-header"
        onKeyDown={(event) => {
          // Esc while the check runs (the focus on its buttons) stops it, as Cancel does.
          if (event.key !== 'Escape' || !running) return;
          event.stopPropagation();
          cancel(server.name);
        }}
      >
        <button type="button" onClick={() => void run(server.name)} disabled={running}>
          {running ? 'Checking…' : cancelled && !report ? 'Check' : 'Check again'}
        </button>
        {running && (
          <button type="button" aria-label={`Cancel the check of ${server.name}`} onClick={() => cancel(server.name)}>
            Cancel
          </button>
        )}
        {cancelled && !running && <p className="muted">The check was cancelled.</p>}
        {report && (
          <p className="doctor-summary">
            {report.toolCount} tools · {tokens!.openai.toLocaleString()} tokens (OpenAI o200k)
            {tokens!.claudeEstimate !== undefined && <> · ~{tokens!.claudeEstimate.toLocaleString()} tokens (Claude, estimate)</>}
            {report.timings.connectMs !== undefined && <> · connected in {report.timings.connectMs} ms</>}
          </p>
        )}
      </div>
      <ConnectAs server={server} />
      {entry?.error && <p className="error">{entry.error}</p>}
      {report && !report.connected && <p className="error">The server did not connect: {report.error}</p>}
      {report && <FindingList findings={[...report.findings, ...(entry?.shared ?? [])]} />}
      {report?.connected && (
        <details className="doctor-tokens">
          <summary>Tokens per tool</summary>
          <table>
            <thead>
              <tr>
                <th>Tool</th>
                <th>OpenAI</th>
                <th>Claude (estimate)</th>
              </tr>
            </thead>
            <tbody>
              {report.tokens.perTool.map((cost, index) => (
                <tr key={`${cost.tool}-${index}`}>
                  <td>{cost.tool}</td>
                  <td>{cost.openai}</td>
                  <td>{cost.claudeEstimate ?? '-'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      )}
      {report?.connected && <SeeItAs server={server.name} />}
      <ConformanceSection server={server.name} />
    </div>
  );
}
