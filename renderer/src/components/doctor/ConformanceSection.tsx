/**
 * The Doctor tab's Conformance section: the official MCP conformance suite's server scenarios
 * against this server for a chosen revision. Says first whether the suite can run here (and
 * what to install if not, offering to fetch it with npm only when the user asks); then Run,
 * the scenario under way with Cancel, and the results: each scenario with its status, a failed
 * one with its failed checks and the spec sections they test.
 */
import { useEffect, useState } from 'react';
import { useStore, type StoreApi } from 'zustand';
import { CONFORMANCE_SPEC_VERSIONS, type ConformanceReport, type ConformanceScenario, type ConformanceSpecVersion } from '../../../../shared/api/conformance';
import { useWorkbench } from '../../state/store';
import { cancelSuite, checkSuite, conformanceRuns, installSuite, runSuite, type ConformanceRuns } from './conformance-runs';
import './doctor.css';

const STATUS_LABELS: Record<ConformanceScenario['status'], string> = {
  passed: 'passed',
  failed: 'failed',
  'no-checks': 'recorded no check',
  'not-applicable': 'not applicable',
};

function Summary({ report }: { report: ConformanceReport }) {
  const { counts } = report;
  const how = report.transport === 'stdio-bridge' ? 'through a loopback bridge to the stdio server' : 'at its URL';
  return (
    <p className="conformance-summary" aria-label="Conformance totals">
      {counts.passed} passed · {counts.failed} failed · {counts['no-checks']} recorded no check · {counts['not-applicable']} not applicable — MCP {report.specVersion}, {report.suite.name}{' '}
      {report.suite.version}, {how}, {(report.durationMs / 1000).toFixed(1)} s
    </p>
  );
}

function ScenarioRow({ scenario }: { scenario: ConformanceScenario }) {
  const failed = scenario.checks.filter((check) => check.status === 'FAILURE');
  return (
    <li className={`conformance-scenario conformance-${scenario.status}`} aria-label={`${scenario.name}: ${STATUS_LABELS[scenario.status]}`} data-scenario={scenario.name}>
      <span className="conformance-status">{STATUS_LABELS[scenario.status]}</span>
      <code className="conformance-name">{scenario.name}</code>
      {scenario.status === 'passed' && (
        <span className="muted">
          {scenario.checks.length} {scenario.checks.length === 1 ? 'check' : 'checks'}
        </span>
      )}
      {scenario.note && <span className="conformance-note">{scenario.note}</span>}
      {failed.length > 0 && (
        <ul className="conformance-checks" aria-label={`Failed checks of ${scenario.name}`}>
          {failed.map((check, index) => (
            <li key={`${check.id}-${index}`}>
              <code>{check.id}</code> {check.errorMessage ?? check.description}
              {check.specReferences.map((ref) => (
                <a key={ref.url} className="conformance-spec" href={ref.url} target="_blank" rel="noopener noreferrer">
                  {ref.id}
                </a>
              ))}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

export function ConformanceSection({ server, store = conformanceRuns }: { server: string; store?: StoreApi<ConformanceRuns> }) {
  const api = useWorkbench((s) => s.api);
  const entry = useStore(store, (state) => state.entries[server]);
  const [confirmInstall, setConfirmInstall] = useState(false);
  const specVersion = entry?.specVersion ?? '2025-11-25';
  const availability = entry?.availability;
  const running = entry?.running;

  // Asked once per server when the section first shows (and again when the revision changes).
  const known = entry?.availability !== undefined || entry?.checking === true || entry?.error !== undefined;
  useEffect(() => {
    if (!known) void checkSuite(api, server, specVersion, store);
  }, [api, server, store, known, specVersion]);

  const chooseRevision = (value: ConformanceSpecVersion) => void checkSuite(api, server, value, store);

  return (
    <section className="doctor-conformance" aria-label="Conformance">
      <h3>Conformance</h3>
      <p className="muted">The official MCP conformance suite’s server scenarios, run against this server (an HTTP server at its URL, a stdio server through a bridge on this computer).</p>
      <div className="conformance-controls">
        <label>
          Revision{' '}
          <select value={specVersion} onChange={(event) => chooseRevision(event.target.value as ConformanceSpecVersion)} disabled={running !== undefined}>
            {CONFORMANCE_SPEC_VERSIONS.map((version) => (
              <option key={version} value={version}>
                {version}
              </option>
            ))}
          </select>
        </label>
        {running ? (
          <button type="button" onClick={() => void cancelSuite(api, server)}>
            Cancel
          </button>
        ) : (
          <button type="button" onClick={() => void runSuite(api, server, store)} disabled={availability?.ready !== true}>
            Run the conformance suite
          </button>
        )}
      </div>
      {entry?.checking && <p className="muted">Looking for the suite…</p>}
      {availability && !availability.ready && (
        <div className="conformance-missing" role="note">
          <p>{availability.problem}</p>
          {availability.remedy && <p>{availability.remedy}</p>}
          {availability.canInstall && !confirmInstall && (
            <button type="button" onClick={() => setConfirmInstall(true)} disabled={entry?.installing}>
              Install the suite…
            </button>
          )}
          {availability.canInstall && confirmInstall && (
            <p className="conformance-confirm">
              This fetches {availability.suite?.name ?? 'the suite'} from the npm registry into the app’s data folder (it needs npm and the network).{' '}
              <button
                type="button"
                onClick={() => {
                  setConfirmInstall(false);
                  void installSuite(api, server, store);
                }}
              >
                Fetch it now
              </button>{' '}
              <button type="button" onClick={() => setConfirmInstall(false)}>
                Not now
              </button>
            </p>
          )}
          {entry?.installing && <p className="muted">Fetching the suite with npm…</p>}
        </div>
      )}
      <p role="status" className="conformance-progress">
        {running ? (running.scenario ? `Running ${running.scenario} (${running.done + 1} of ${running.total})…` : 'Starting the suite…') : ''}
      </p>
      {entry?.error && <p className="error">{entry.error}</p>}
      {entry?.report && !running && (
        <>
          <Summary report={entry.report} />
          {entry.report.warnings?.map((warning) => (
            <p key={warning} className="conformance-note">
              {warning}
            </p>
          ))}
          <ul className="conformance-scenarios" aria-label="Conformance scenarios">
            {entry.report.scenarios.map((scenario) => (
              <ScenarioRow key={scenario.name} scenario={scenario} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
