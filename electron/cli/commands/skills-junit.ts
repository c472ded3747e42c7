/**
 * `skills verify --junit`: the report as JUnit XML (testsuites > testsuite > testcase), one
 * suite per skill and one case per file, failing where the file failed (the message names the
 * reason); a dynamic skill's files are skipped (nothing to check them against). Refused entries
 * make one more suite, a failing case each, and a server without the extension one failing case.
 */
import { xmlText } from '../reporters/xml-text';
import type { SkillsVerifyReport } from './skills-verify';

interface Case {
  name: string;
  failure?: { type: string; message: string; detail: string };
  skipped?: string;
}

function renderCase(classname: string, testCase: Case): string {
  const open = `    <testcase classname="${xmlText(classname)}" name="${xmlText(testCase.name)}"`;
  if (testCase.failure) {
    const { type, message, detail } = testCase.failure;
    return `${open}>\n      <failure message="${xmlText(message)}" type="${xmlText(type)}">${xmlText(detail)}</failure>\n    </testcase>`;
  }
  if (testCase.skipped !== undefined) return `${open}>\n      <skipped message="${xmlText(testCase.skipped)}"/>\n    </testcase>`;
  return `${open}/>`;
}

function renderSuite(name: string, cases: Case[]): { xml: string; tests: number; failures: number } {
  const failures = cases.filter((c) => c.failure).length;
  const skipped = cases.filter((c) => c.skipped !== undefined).length;
  const xml = `  <testsuite name="${xmlText(name)}" tests="${cases.length}" failures="${failures}" errors="0" skipped="${skipped}">\n${cases.map((c) => renderCase(name, c)).join('\n')}\n  </testsuite>`;
  return { xml, tests: cases.length, failures };
}

export function skillsJunit(report: SkillsVerifyReport): string {
  const suites = report.skills.map((skill) =>
    renderSuite(
      `${report.server} ${skill.skill}`,
      skill.files.map((file) => ({
        name: file.path,
        ...(file.failure ? { failure: { type: file.failure.reason, message: `${file.failure.reason}: ${file.failure.message}`, detail: [file.failure.message, ...(file.failure.differences ?? [])].join('\n') } } : {}),
        ...(file.status === 'unverified' ? { skipped: skill.notes[0] ?? 'nothing published to check it against' } : {}),
      })),
    ),
  );
  if (report.invalid.length > 0) {
    suites.push(
      renderSuite(
        `${report.server} refused entries`,
        report.invalid.map((entry) => ({ name: `#${entry.index} ${entry.uri ?? '(no uri)'}`, failure: { type: 'refused', message: entry.reason, detail: entry.reason } })),
      ),
    );
  }
  if (!report.supported) {
    const message = `${report.server} does not declare the skills extension (io.modelcontextprotocol/skills)`;
    suites.push(renderSuite(report.server, [{ name: 'skills extension declared', failure: { type: 'unsupported', message, detail: message } }]));
  }
  const tests = suites.reduce((sum, suite) => sum + suite.tests, 0);
  const failures = suites.reduce((sum, suite) => sum + suite.failures, 0);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="mcp-workbench skills verify" tests="${tests}" failures="${failures}" errors="0">\n${suites.map((suite) => suite.xml).join('\n')}\n</testsuites>\n`;
}
