/**
 * Collection runs as JUnit XML, the format CI systems read: one <testsuite> per collection,
 * one <testcase> per step, a <failure> for a failed step (its error and every assertion that
 * did not hold), <skipped> for a skipped one, and the assertions that held in <system-out>.
 * A collection that could not run is a suite with one <error> case.
 */
import { describeEvalSummary } from '../../../shared/api/collections';
import { stepLabel, failureLines, totalsOf, type CollectionOutcome } from './collection-results';
import { xmlText } from './xml-text';

const seconds = (ms: number) => (ms / 1000).toFixed(3);

function suite(outcome: CollectionOutcome): string {
  if (outcome.kind === 'error') {
    const open = `  <testsuite name="${xmlText(outcome.collection)}" tests="1" failures="0" errors="1" skipped="0" time="0.000" file="${xmlText(outcome.file)}">`;
    const test = `    <testcase classname="${xmlText(outcome.collection)}" name="(run)" time="0.000">\n      <error message="${xmlText(outcome.message)}" type="run">${xmlText(outcome.message)}</error>\n    </testcase>`;
    return `${open}\n${test}\n  </testsuite>`;
  }
  const { report } = outcome;
  const cases = report.steps.map((step) => {
    const open = `    <testcase classname="${xmlText(report.collection)}" name="${xmlText(stepLabel(step))}" time="${seconds(step.durationMs)}"`;
    const body: string[] = [];
    if (step.status === 'failed') {
      const lines = failureLines(step);
      body.push(`      <failure message="${xmlText(lines[0] ?? 'failed')}" type="${step.error && !step.assertions.some((v) => !v.passed) ? 'error' : 'assertion'}">${xmlText(lines.join('\n'))}</failure>`);
    } else if (step.status === 'skipped') {
      body.push(`      <skipped message="${xmlText(step.error ?? 'skipped')}"/>`);
    }
    // An eval step's pass rate, interval and cost come first, for a passed step as for a failed one.
    const held = [...(step.eval ? [`eval: ${describeEvalSummary(step.eval)}`] : []), ...step.assertions.filter((verdict) => verdict.passed).map((verdict) => `ok: ${verdict.message}`)];
    if (held.length) body.push(`      <system-out>${xmlText(held.join('\n'))}</system-out>`);
    return body.length ? `${open}>\n${body.join('\n')}\n    </testcase>` : `${open}/>`;
  });
  const { counts } = report;
  const attributes = [
    `name="${xmlText(report.collection)}"`,
    `tests="${report.steps.length}"`,
    `failures="${counts.failed}"`,
    'errors="0"',
    `skipped="${counts.skipped}"`,
    `time="${seconds(report.durationMs)}"`,
    `timestamp="${new Date(report.startedAt).toISOString()}"`,
    ...(report.file ? [`file="${xmlText(report.file)}"`] : []),
  ];
  const properties = `    <properties>\n      <property name="server" value="${xmlText(report.server)}"/>\n    </properties>`;
  return `  <testsuite ${attributes.join(' ')}>\n${[properties, ...cases].join('\n')}\n  </testsuite>`;
}

export function collectionsJunit(outcomes: readonly CollectionOutcome[]): string {
  const totals = totalsOf(outcomes);
  const tests = totals.passed + totals.failed + totals.skipped + totals.errors;
  const open = `<testsuites name="mcp-workbench test" tests="${tests}" failures="${totals.failed}" errors="${totals.errors}" skipped="${totals.skipped}" time="${seconds(totals.durationMs)}">`;
  return `<?xml version="1.0" encoding="UTF-8"?>\n${[open, ...outcomes.map(suite), '</testsuites>'].join('\n')}\n`;
}
