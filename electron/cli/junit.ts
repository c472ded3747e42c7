/**
 * A doctor report as JUnit XML (the format CI systems read: testsuites > testsuite >
 * testcase, a <failure> per error): one suite per server, one test case per rule, failing
 * when the rule found an error there. Warnings are listed in the case's <system-out>.
 */
import type { DoctorFinding, DoctorReport } from '../../shared/api/doctor';
import { xmlText } from './reporters/xml-text';

const describeFinding = (f: DoctorFinding) => `${f.severity}: ${f.tool ? `${f.tool} ` : ''}${f.pointer || '(whole)'}: ${f.message} [${f.source}]`;

export function doctorJunit(report: DoctorReport): string {
  const suites = [
    ...report.servers.map((server) => ({ name: server.server, findings: server.findings })),
    ...(report.shared.length ? [{ name: 'all servers', findings: report.shared }] : []),
  ].map(({ name, findings }) => {
    const cases = report.rules.map((rule) => {
      const mine = findings.filter((f) => f.rule === rule.id);
      const errors = mine.filter((f) => f.severity === 'error');
      const others = mine.filter((f) => f.severity !== 'error');
      const body = [
        ...(errors.length ? [`      <failure message="${xmlText(errors[0]!.message)}" type="${xmlText(rule.id)}">${xmlText(errors.map(describeFinding).join('\n'))}</failure>`] : []),
        ...(others.length ? [`      <system-out>${xmlText(others.map(describeFinding).join('\n'))}</system-out>`] : []),
      ];
      const open = `    <testcase classname="${xmlText(name)}" name="${xmlText(rule.id)}"`;
      return body.length ? `${open}>\n${body.join('\n')}\n    </testcase>` : `${open}/>`;
    });
    const failures = report.rules.filter((rule) => findings.some((f) => f.rule === rule.id && f.severity === 'error')).length;
    return `  <testsuite name="${xmlText(name)}" tests="${report.rules.length}" failures="${failures}" errors="0" skipped="0" timestamp="${new Date(report.time).toISOString()}">\n${cases.join('\n')}\n  </testsuite>`;
  });
  const total = report.rules.length * suites.length;
  const failures = suites.reduce((sum, suite) => sum + Number(/failures="(\d+)"/.exec(suite)![1]), 0);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="mcp-workbench doctor" tests="${total}" failures="${failures}" errors="0">\n${suites.join('\n')}\n</testsuites>\n`;
}
