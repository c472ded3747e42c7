/**
 * A conformance report as JUnit XML: one test suite for the run, one test case per scenario.
 * A failed scenario has a <failure> listing its failed checks with their spec links; one that
 * recorded no check fails too (type "no-checks": nothing was shown to pass); one that is not
 * applicable is <skipped> with the reason.
 */
import type { ConformanceReport, ConformanceScenario } from '../../../shared/api/conformance';
import { xmlText } from './xml-text';

const failedChecks = (scenario: ConformanceScenario) =>
  scenario.checks
    .filter((check) => check.status === 'FAILURE')
    .map((check) => `${check.id}: ${check.errorMessage ?? check.description}${check.specReferences.length ? ` [${check.specReferences.map((ref) => ref.url).join(', ')}]` : ''}`);

function testcase(report: ConformanceReport, scenario: ConformanceScenario): string {
  const open = `    <testcase classname="${xmlText(`${report.server} ${report.specVersion}`)}" name="${xmlText(scenario.name)}"${scenario.durationMs !== undefined ? ` time="${(scenario.durationMs / 1000).toFixed(3)}"` : ''}`;
  switch (scenario.status) {
    case 'passed':
      return `${open}/>`;
    case 'not-applicable':
      return `${open}>\n      <skipped message="${xmlText(scenario.note ?? 'not applicable')}"/>\n    </testcase>`;
    case 'no-checks':
      return `${open}>\n      <failure message="${xmlText(scenario.note ?? 'recorded no check')}" type="no-checks"/>\n    </testcase>`;
    case 'failed': {
      const lines = failedChecks(scenario);
      return `${open}>\n      <failure message="${xmlText(lines[0] ?? 'failed')}" type="failed">${xmlText(lines.join('\n'))}</failure>\n    </testcase>`;
    }
  }
}

export function conformanceJunit(report: ConformanceReport): string {
  const failures = report.counts.failed + report.counts['no-checks'];
  const name = `conformance ${report.server} ${report.specVersion}`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="mcp-workbench conformance" tests="${report.scenarios.length}" failures="${failures}" errors="0" skipped="${report.counts['not-applicable']}" time="${(report.durationMs / 1000).toFixed(3)}">`,
    `  <testsuite name="${xmlText(name)}" tests="${report.scenarios.length}" failures="${failures}" errors="0" skipped="${report.counts['not-applicable']}" timestamp="${new Date(report.time).toISOString()}" time="${(report.durationMs / 1000).toFixed(3)}">`,
    ...report.scenarios.map((scenario) => testcase(report, scenario)),
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
