/**
 * Collection runs as TAP version 14 (testanything.org): one test point per step, named
 * `<collection> > <step>`, a failed one followed by a YAML diagnostic block (its error and
 * each assertion that did not hold), a skipped one marked `# SKIP` with the reason. A
 * collection that could not run is one failed point. The plan comes first.
 */
import { stringify } from 'yaml';
import { failureLines, stepLabel, type CollectionOutcome } from './collection-results';

/** TAP descriptions end at `#` (a directive) and at a line break: both are escaped or replaced. */
const description = (text: string) => text.replace(/\\/g, '\\\\').replace(/#/g, '\\#').replace(/[\r\n]+/g, ' ');

function diagnostics(fields: Record<string, unknown>): string[] {
  return ['  ---', ...stringify(fields, { lineWidth: 0 }).trimEnd().split('\n').map((line) => `  ${line}`), '  ...'];
}

export function collectionsTap(outcomes: readonly CollectionOutcome[]): string {
  const lines: string[] = [];
  let count = 0;
  for (const outcome of outcomes) {
    if (outcome.kind === 'error') {
      count++;
      lines.push(`not ok ${count} - ${description(outcome.collection)}`, ...diagnostics({ message: outcome.message, file: outcome.file }));
      continue;
    }
    const { report } = outcome;
    for (const step of report.steps) {
      count++;
      const name = description(`${report.collection} > ${stepLabel(step)}`);
      // An eval step's numbers go in its YAML block (TAP 14 allows one after any test point).
      const evalFields = step.eval ? { eval: step.eval } : undefined;
      if (step.status === 'passed') lines.push(`ok ${count} - ${name}`, ...(evalFields ? diagnostics(evalFields) : []));
      else if (step.status === 'skipped') lines.push(`ok ${count} - ${name} # SKIP ${description(step.error ?? 'skipped')}`);
      else {
        const failures = failureLines(step);
        lines.push(`not ok ${count} - ${name}`, ...diagnostics({ message: failures[0] ?? 'failed', failures, server: report.server, ...(report.file ? { file: report.file } : {}), duration_ms: step.durationMs, ...evalFields }));
      }
    }
  }
  return `${['TAP version 14', `1..${count}`, ...lines].join('\n')}\n`;
}
