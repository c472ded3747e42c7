/** `doctor`: will these servers work in Claude Code, Cursor, VS Code, ChatGPT, Gemini? */
import { DOCTOR_HOST_LABELS, DOCTOR_HOSTS, FINDING_SEVERITIES, type DoctorFinding, type DoctorHost } from '../../../shared/api/doctor';
import type { CommandRun } from '../command-run';
import { EXIT, usageError, type ExitCode } from '../exit-codes';
import { doctorJunit } from '../junit';
import type { SourceOptions } from '../session';
import { formatMs, formatTable } from '../table';

export interface DoctorOptions extends SourceOptions {
  host?: string;
  junit?: boolean;
}

export function parseHosts(text: string | undefined): DoctorHost[] | undefined {
  if (text === undefined) return undefined;
  const hosts = text.split(',').map((word) => word.trim()).filter(Boolean);
  const unknown = hosts.filter((host) => !(DOCTOR_HOSTS as readonly string[]).includes(host));
  if (unknown.length || hosts.length === 0) throw usageError(`Unknown host ${unknown.map((h) => `"${h}"`).join(', ') || '(none given)'} in --host.`, `Hosts: ${DOCTOR_HOSTS.join(', ')}.`);
  return hosts as DoctorHost[];
}

export async function doctor(run: CommandRun, names: string[], options: DoctorOptions): Promise<ExitCode> {
  const hosts = parseHosts(options.host);
  if (options.junit && run.output.json) throw usageError('Give --json or --junit, not both.');
  const session = await run.session(options);
  let servers: string[] | undefined;
  if (session.adhoc) {
    if (names.length) throw usageError('Give server names or an ad-hoc server (--stdio, --url), not both.');
    servers = [session.adhoc.name];
  } else if (names.length) {
    const known = (await session.api.listServers()).map((view) => view.name);
    const unknown = names.filter((name) => !known.includes(name));
    if (unknown.length) throw usageError(`No server named ${unknown.map((n) => `"${n}"`).join(', ')}.`, known.length ? `Servers here: ${known.join(', ')}.` : undefined);
    servers = names;
  }
  const report = await session.api.runDoctor({ ...(servers ? { servers } : {}), ...(hosts ? { hosts } : {}) });
  const all = [...report.servers.flatMap((s) => s.findings), ...report.shared];
  const failed = all.some((finding) => finding.severity === 'error');

  if (run.output.json) {
    run.output.document({ ok: !failed, ...report });
  } else if (options.junit) {
    for (const line of doctorJunit(report).trimEnd().split('\n')) run.output.line(line);
  } else {
    run.output.line(`Hosts: ${report.hosts.map((h) => DOCTOR_HOST_LABELS[h]).join(', ')}`);
    for (const server of report.servers) {
      run.output.line();
      const tokens = server.tokens.total;
      const facts = server.connected
        ? [`${server.toolCount} tools`, `${tokens.openai.toLocaleString('en')} tokens (OpenAI o200k)`, ...(tokens.claudeEstimate !== undefined ? [`~${tokens.claudeEstimate.toLocaleString('en')} (Claude, estimate)`] : []), ...(server.timings.connectMs !== undefined ? [`connected in ${formatMs(server.timings.connectMs)}`] : [])]
        : ['did not connect'];
      run.output.line(`${server.server}: ${facts.join(', ')}`);
      printFindings(run, server.findings);
    }
    if (report.shared.length) {
      run.output.line();
      run.output.line('All servers together:');
      printFindings(run, report.shared);
    }
    const count = (severity: string) => all.filter((f) => f.severity === severity).length;
    run.output.line();
    run.output.line(`${count('error')} errors, ${count('warning')} warnings, ${count('info')} notes.`);
  }
  return failed ? EXIT.toolError : EXIT.ok;
}

function printFindings(run: CommandRun, findings: DoctorFinding[]): void {
  if (findings.length === 0) {
    run.output.line('  no findings');
    return;
  }
  const ordered = [...findings].sort((a, b) => FINDING_SEVERITIES.indexOf(a.severity) - FINDING_SEVERITIES.indexOf(b.severity));
  const lines = formatTable(
    ordered,
    [
      { header: 'SEVERITY', value: (f) => f.severity },
      { header: 'RULE', value: (f) => f.rule },
      { header: 'TOOL', value: (f) => f.tool ?? '-' },
      { header: 'WHERE', value: (f) => f.pointer || '-' },
      { header: 'WHAT TO CHANGE', value: (f) => `${f.message} (${f.source})` },
    ],
    run.output.width,
  );
  for (const line of lines) run.output.line(`  ${line}`);
}
