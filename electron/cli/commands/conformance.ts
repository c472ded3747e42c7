/**
 * `conformance`: the official MCP conformance suite's server scenarios against a server, for
 * one protocol revision. Exit 0 when every scenario that applies passed; 1 when one failed or
 * recorded no check; 2 when the suite or a Node 22 for it is missing (the message says what to
 * install; --install-suite fetches the suite with npm).
 */
import { CONFORMANCE_SPEC_VERSIONS, type ConformanceReport, type ConformanceScenario, type ConformanceSpecVersion } from '../../../shared/api/conformance';
import type { CommandRun } from '../command-run';
import { CliError, EXIT, usageError, type ExitCode } from '../exit-codes';
import { conformanceJunit } from '../reporters/conformance-junit';
import type { SourceOptions } from '../session';
import { formatMs } from '../table';

export interface ConformanceOptions extends SourceOptions {
  specVersion?: string;
  junit?: boolean;
  installSuite?: boolean;
}

const MARK: Record<ConformanceScenario['status'], string> = { passed: '✓', failed: '✗', 'no-checks': '?', 'not-applicable': '-' };

function specVersionOf(text: string | undefined): ConformanceSpecVersion {
  const value = text ?? '2025-11-25';
  if (!(CONFORMANCE_SPEC_VERSIONS as readonly string[]).includes(value)) throw usageError(`--spec-version must be ${CONFORMANCE_SPEC_VERSIONS.join(' or ')}; got "${value}".`);
  return value as ConformanceSpecVersion;
}

function scenarioLines(scenario: ConformanceScenario): string[] {
  const checks = scenario.checks.length;
  switch (scenario.status) {
    case 'passed':
      return [`  ${MARK.passed} ${scenario.name} (${checks} ${checks === 1 ? 'check' : 'checks'})`];
    case 'not-applicable':
      return [`  ${MARK['not-applicable']} ${scenario.name}: not applicable. ${scenario.note ?? ''}`.trimEnd()];
    case 'no-checks':
      return [`  ${MARK['no-checks']} ${scenario.name}: recorded no check. ${scenario.note ?? ''}`.trimEnd()];
    case 'failed':
      return [
        `  ${MARK.failed} ${scenario.name}`,
        ...scenario.checks
          .filter((check) => check.status === 'FAILURE')
          .map((check) => `      ${check.id}: ${check.errorMessage ?? check.description}${check.specReferences.length ? ` (${check.specReferences.map((ref) => ref.url).join(', ')})` : ''}`),
      ];
  }
}

export function summaryOf(report: ConformanceReport): string {
  const { passed, failed } = report.counts;
  return `${passed} passed, ${failed} failed, ${report.counts['no-checks']} recorded no check, ${report.counts['not-applicable']} not applicable (${formatMs(report.durationMs)}).`;
}

export async function conformance(run: CommandRun, server: string | undefined, options: ConformanceOptions): Promise<ExitCode> {
  const specVersion = specVersionOf(options.specVersion);
  if (options.junit && run.output.json) throw usageError('Give --json or --junit, not both.');
  const session = await run.session(options);
  const name = run.serverName(session, server);
  if (!(await session.view(name))) throw usageError(`No server named "${name}".`);

  let status = await session.api.conformanceStatus({ specVersion });
  if (!status.ready && status.canInstall && !status.suite && options.installSuite) {
    run.output.note(`Fetching the conformance suite with npm into the data folder…`);
    status = await session.api.installConformanceSuite({ specVersion });
  }
  if (!status.ready) {
    const offer = status.canInstall && !status.suite && !options.installSuite ? ' Or add --install-suite to fetch it with npm (it needs the npm registry).' : '';
    throw new CliError(status.problem ?? 'The conformance suite cannot run here.', EXIT.usage, `${status.remedy ?? ''}${offer}`.trim());
  }

  const progress = run.io.stderr.isTTY === true;
  const stop = progress
    ? session.api.onEvent((event) => {
        if (event.type === 'conformance-progress' && event.server === name) run.output.note(`  running ${event.scenario} (${event.done + 1} of ${event.total})`);
      })
    : undefined;
  let report: ConformanceReport;
  try {
    report = await session.api.runConformance({ name, specVersion });
  } finally {
    stop?.();
  }
  const failed = report.counts.failed + report.counts['no-checks'] > 0;

  if (run.output.json) {
    run.output.document({ ok: !failed, ...report });
  } else if (options.junit) {
    for (const line of conformanceJunit(report).trimEnd().split('\n')) run.output.line(line);
  } else {
    const how = report.transport === 'stdio-bridge' ? 'through a loopback bridge to the stdio server' : 'at its URL';
    run.output.line(`Conformance of ${name} with MCP ${specVersion} (${report.suite.name} ${report.suite.version}, ${how}):`);
    for (const warning of report.warnings ?? []) run.output.line(`  Note: ${warning}`);
    for (const scenario of report.scenarios) for (const line of scenarioLines(scenario)) run.output.line(line);
    run.output.line();
    run.output.line(summaryOf(report));
  }
  return failed ? EXIT.toolError : EXIT.ok;
}
