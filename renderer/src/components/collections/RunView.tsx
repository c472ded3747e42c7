/**
 * A collection's run: every step, waiting, running or with its result as it ends (from the
 * `collection-progress` event), and each assertion's verdict; a failed assertion shows its
 * JSON path, what it expected and what was found. Cancel while it runs; totals at the end.
 */
import { describeEvalSummary, isEvalExpectation, type Assertion, type AssertionVerdict, type StepResult } from '../../../../shared/api/collections';
import { runResults, runTotals, type CollectionRun } from '../../state/collections-slice';
import { useWorkbench } from '../../state/store';
import { formatDuration } from '../tools/format';

export interface PlannedStep {
  id: string;
  label: string;
}

const STATUS_TEXT: Record<StepResult['status'] | 'waiting' | 'running', string> = { passed: 'passed', failed: 'failed', skipped: 'skipped', waiting: 'waiting', running: 'running…' };

export function RunView({ server, run, planned }: { server: string; run: CollectionRun; planned: PlannedStep[] }) {
  const cancel = useWorkbench((s) => s.cancelCollectionRun);
  const done = run.status === 'done';
  const count = Math.max(run.total ?? planned.length, ...Object.keys(run.results).map((index) => Number(index) + 1));
  const rows = Array.from({ length: done && run.report ? run.report.steps.length : count }, (_, index) => index);
  const finished = Object.keys(run.results).length;
  return (
    <section className="collection-run" aria-label={`Run of ${run.file}`} aria-busy={!done}>
      <div className="run-head">
        <h4>Run on {server}</h4>
        {!done && (
          <>
            <span className="muted" role="status">
              {run.status === 'cancelling' ? 'Cancelling…' : `Running: ${finished} of ${count} ${count === 1 ? 'step' : 'steps'} done`}
            </span>
            <button type="button" onClick={() => void cancel(server, run.file)} disabled={run.status === 'cancelling'}>
              Cancel
            </button>
          </>
        )}
      </div>
      {run.error && (
        <p role="alert" className="error-text">
          The run did not finish: {run.error}
        </p>
      )}
      <ol className="run-steps" aria-label="Step results">
        {rows.map((index) => {
          const result = run.results[index];
          if (result) return <StepRow key={index} index={index} step={result} />;
          const state = !done && run.current?.index === index ? 'running' : 'waiting';
          const plan = planned[index];
          return (
            <li key={index} className={`run-step verdict-${state}`} data-step={index + 1}>
              <div className="run-step-line">
                <span className="verdict">{STATUS_TEXT[state]}</span>
                <strong>
                  {index + 1}. {plan?.label ?? run.current?.stepId ?? ''}
                </strong>
              </div>
            </li>
          );
        })}
      </ol>
      {done && run.report && <Totals run={run} />}
    </section>
  );
}

function StepRow({ index, step }: { index: number; step: StepResult }) {
  return (
    <li className={`run-step verdict-${step.status}`} data-step={index + 1} aria-label={`Step ${index + 1} ${step.name ?? step.id}: ${step.status}`}>
      <div className="run-step-line">
        <span className="verdict">{STATUS_TEXT[step.status]}</span>
        <strong>
          {index + 1}. {step.name ?? step.id}
        </strong>
        <code>{step.target}</code>
        {step.status !== 'skipped' && <span className="muted">{formatDuration(step.durationMs)}</span>}
        {step.outcome && <span className="muted">outcome: {step.outcome}</span>}
      </div>
      {step.eval && (
        <p className={`eval-summary${step.eval.flaky ? ' flaky' : ''}`} aria-label={`Pass rate of step ${index + 1}`}>
          {describeEvalSummary(step.eval)}
        </p>
      )}
      {step.error && <p className="error-text">{step.error}</p>}
      {step.assertions.length > 0 && (
        <ul className="assertion-verdicts" aria-label={`Assertions of step ${index + 1}`}>
          {step.assertions.map((verdict, at) => (
            <VerdictRow key={at} verdict={verdict} />
          ))}
        </ul>
      )}
    </li>
  );
}

function VerdictRow({ verdict }: { verdict: AssertionVerdict }) {
  const { assertion } = verdict;
  // An eval step's expectations and its judge say everything in their message (held in how many runs, and why not).
  if (!isAssertion(assertion)) {
    return (
      <li className={`assertion-verdict ${verdict.passed ? 'pass' : 'fail'}`}>
        <span className="verdict">{verdict.passed ? 'pass' : 'fail'}</span>
        <span>{verdict.message}</span>
      </li>
    );
  }
  return (
    <li className={`assertion-verdict ${verdict.passed ? 'pass' : 'fail'}`}>
      <span className="verdict">{verdict.passed ? 'pass' : 'fail'}</span>
      <span>{verdict.passed ? verdict.message : describe(assertion)}</span>
      {!verdict.passed && (
        <dl className="verdict-detail">
          {'path' in assertion && (
            <>
              <dt>JSON path</dt>
              <dd>{assertion.path}</dd>
            </>
          )}
          <dt>expected</dt>
          <dd>{expected(assertion)}</dd>
          <dt>actual</dt>
          <dd>{verdict.message}</dd>
        </dl>
      )}
    </li>
  );
}

function isAssertion(assertion: AssertionVerdict['assertion']): assertion is Assertion {
  return !('criteria' in assertion) && !isEvalExpectation(assertion);
}

/** What an assertion checks, in words. */
function describe(assertion: Assertion): string {
  if ('outcome' in assertion) return `outcome is ${assertion.outcome}`;
  if ('durationUnderMs' in assertion) return `takes under ${assertion.durationUnderMs} ms`;
  if ('schema' in assertion) return assertion.schema === 'output' ? 'structuredContent is valid against the tool’s output schema' : 'structuredContent is valid against the schema of the step';
  if ('equals' in assertion) return `${assertion.path} equals`;
  if ('contains' in assertion) return `${assertion.path} contains`;
  if ('matches' in assertion) return `${assertion.path} matches`;
  return `${assertion.path} ${assertion.exists ? 'exists' : 'does not exist'}`;
}

/** The expected side of a failed assertion. */
function expected(assertion: Assertion): string {
  if ('outcome' in assertion) return assertion.outcome;
  if ('durationUnderMs' in assertion) return `under ${assertion.durationUnderMs} ms`;
  if ('schema' in assertion) return assertion.schema === 'output' ? 'valid against the tool’s output schema' : JSON.stringify(assertion.schema, null, 2);
  if ('equals' in assertion) return JSON.stringify(assertion.equals, null, 2);
  if ('contains' in assertion) return `contains ${JSON.stringify(assertion.contains, null, 2)}`;
  if ('matches' in assertion) return `matches /${assertion.matches}/`;
  return assertion.exists ? 'a value' : 'nothing';
}

function Totals({ run }: { run: CollectionRun }) {
  const report = run.report!;
  const totals = runTotals(runResults(run));
  const text = report.status === 'cancelled' ? 'Cancelled' : report.status === 'failed' ? 'Failed' : 'Passed';
  return (
    <p className={`run-totals ${report.status}`} role="status" aria-label="Run totals">
      {text}: {totals.passed} of {totals.steps} {totals.steps === 1 ? 'step' : 'steps'} passed
      {totals.failed > 0 ? `, ${totals.failed} failed` : ''}
      {totals.skipped > 0 ? `, ${totals.skipped} skipped` : ''} · {totals.assertions - totals.assertionsFailed} of {totals.assertions}{' '}
      {totals.assertions === 1 ? 'assertion' : 'assertions'} passed · {formatDuration(report.durationMs)}
    </p>
  );
}
