/**
 * A collection's run: each step as it finishes (from the per-step progress event), with
 * its result and each assertion's verdict; a failed assertion shows its JSON path, what
 * was expected and what came back. Cancel while it runs; totals once it ends.
 */
import type { CollectionRun } from '../../state/collections-slice';
import { runTotals } from '../../state/collections-slice';
import { useWorkbench } from '../../state/store';
import { formatDuration } from '../tools/format';
import type { AssertionVerdict, StepResult } from './draft-types';

const STEP_TEXT: Record<StepResult['status'], string> = { passed: 'passed', failed: 'failed', error: 'error', skipped: 'skipped', cancelled: 'cancelled' };

export function RunView({ server, run }: { server: string; run: CollectionRun }) {
  const cancel = useWorkbench((s) => s.cancelCollectionRun);
  const steps = [...run.steps].sort((a, b) => a.index - b.index);
  const done = run.status === 'done';
  return (
    <section className="collection-run" aria-label={`Run of ${run.file}`} aria-busy={!done}>
      <div className="run-head">
        <h4>Run on {server}</h4>
        {!done && (
          <>
            <span className="muted" role="status">
              {run.status === 'cancelling' ? 'Cancelling…' : `Running… ${steps.length} ${steps.length === 1 ? 'step' : 'steps'} done`}
            </span>
            <button type="button" onClick={() => void cancel(server, run.file)} disabled={run.status === 'cancelling'}>
              Cancel
            </button>
          </>
        )}
      </div>
      {run.error && (
        <p role="alert" className="error-text">
          The run could not finish: {run.error}
        </p>
      )}
      {run.report?.error && (
        <p role="alert" className="error-text">
          {run.report.error}
        </p>
      )}
      <ol className="run-steps" aria-label="Step results">
        {steps.map((step) => (
          <StepRow key={step.index} step={step} />
        ))}
      </ol>
      {done && run.report && <Totals run={run} />}
    </section>
  );
}

function StepRow({ step }: { step: StepResult }) {
  return (
    <li className={`run-step verdict-${step.status}`} data-step={step.index + 1}>
      <div className="run-step-line">
        <span className="verdict">{STEP_TEXT[step.status]}</span>
        <strong>
          {step.index + 1}. {step.label}
        </strong>
        <span className="muted">{formatDuration(step.durationMs)}</span>
        {step.outcome && <span className="muted">outcome: {step.outcome}</span>}
      </div>
      {step.error && <p className="error-text">{step.error}</p>}
      {step.assertions.length > 0 && (
        <ul className="assertion-verdicts" aria-label={`Assertions of step ${step.index + 1}`}>
          {step.assertions.map((verdict, at) => (
            <VerdictRow key={at} verdict={verdict} />
          ))}
        </ul>
      )}
    </li>
  );
}

function VerdictRow({ verdict }: { verdict: AssertionVerdict }) {
  return (
    <li className={`assertion-verdict ${verdict.passed ? 'pass' : 'fail'}`}>
      <span className="verdict">{verdict.passed ? 'pass' : 'fail'}</span>
      <span>{verdict.message}</span>
      {!verdict.passed && (verdict.path !== undefined || verdict.expected !== undefined || verdict.actual !== undefined) && (
        <dl className="verdict-detail">
          {verdict.path !== undefined && (
            <>
              <dt>JSON path</dt>
              <dd>{verdict.path}</dd>
            </>
          )}
          <dt>expected</dt>
          <dd>{show(verdict.expected)}</dd>
          <dt>actual</dt>
          <dd>{show(verdict.actual)}</dd>
        </dl>
      )}
    </li>
  );
}

function show(value: unknown): string {
  return value === undefined ? '(nothing)' : JSON.stringify(value, null, 2);
}

function Totals({ run }: { run: CollectionRun }) {
  const totals = runTotals(run.steps);
  const cancelled = run.report?.status === 'cancelled';
  const failed = totals.failed > 0 || totals.assertionsFailed > 0 || run.report?.status === 'failed' || run.report?.status === 'error';
  return (
    <p className={`run-totals ${failed ? 'failed' : cancelled ? '' : 'passed'}`} role="status" aria-label="Run totals">
      {cancelled ? 'Cancelled: ' : failed ? 'Failed: ' : 'Passed: '}
      {totals.passed} of {totals.steps} {totals.steps === 1 ? 'step' : 'steps'} passed
      {totals.failed > 0 ? `, ${totals.failed} failed` : ''}
      {totals.skipped > 0 ? `, ${totals.skipped} not run` : ''} · {totals.assertions - totals.assertionsFailed} of {totals.assertions}{' '}
      {totals.assertions === 1 ? 'assertion' : 'assertions'} passed · {formatDuration(run.report?.durationMs ?? totals.durationMs)}
    </p>
  );
}
