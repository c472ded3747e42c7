/**
 * `skills verify`: reads every file of every skill a server lists (or of the skills named) and
 * checks each against its entry. Exits 0 when every skill verifies; 1 when a file fails, an
 * entry is refused, or the server does not declare the extension at all; each failure named
 * with its skill, file and reason. --json and --junit for scripts and CI.
 */
import type { SkillCatalog, SkillInfo, SkillVerification } from '../../../shared/api/skills';
import type { CommandRun } from '../command-run';
import { EXIT, usageError, type ExitCode } from '../exit-codes';
import { startProgress } from '../progress';
import type { SourceOptions } from '../session';
import { unsupportedNote } from './skills';
import { skillsJunit } from './skills-junit';

export interface VerifyOptions extends SourceOptions {
  junit?: boolean;
  progress?: boolean;
}

export interface SkillsVerifyReport {
  server: string;
  ok: boolean;
  supported: boolean;
  skills: SkillVerification[];
  invalid: SkillCatalog['invalid'];
}

/** The skills to verify: every listed one, or those named (by name, prefix/name or SKILL.md URI). */
function chosen(catalog: SkillCatalog, wanted: string[], server: string): SkillInfo[] {
  if (wanted.length === 0) return catalog.skills;
  return wanted.flatMap((word) => {
    const matches = catalog.skills.filter((skill) => skill.uri === word || skill.name === word || `${skill.prefix}/${skill.name}` === word);
    if (matches.length === 0) throw usageError(`${server} lists no skill "${word}".`, `mcp-workbench skills list ${server} shows them.`);
    return matches;
  });
}

export async function skillsVerify(run: CommandRun, operands: string[], options: VerifyOptions): Promise<ExitCode> {
  run.catalog = 'skills';
  if (options.junit && run.output.json) throw usageError('Give --json or --junit, not both.');
  const session = await run.session(options);
  const server = session.adhoc ? undefined : operands[0];
  const wanted = session.adhoc ? operands : operands.slice(1);
  const name = run.serverName(session, server);
  const catalog = await session.api.listSkills({ server: name, refresh: true });
  const skills = chosen(catalog, wanted, name);
  const verifications: SkillVerification[] = [];
  const progress = startProgress(run.output.stderr, 'Verifying skills', { tty: run.output.stderr.isTTY === true, enabled: options.progress ?? run.output.stderr.isTTY === true });
  try {
    for (const [index, skill] of skills.entries()) {
      progress.update({ progress: index, total: skills.length, message: skill.name });
      verifications.push(await session.api.verifySkill({ server: name, skill: skill.uri }));
    }
  } finally {
    progress.stop();
  }
  // Refused entries count only when the whole listing is verified: they are not skills one can name.
  const invalid = wanted.length === 0 ? catalog.invalid : [];
  const ok = catalog.supported && invalid.length === 0 && verifications.every((verification) => verification.status !== 'failed');
  const report: SkillsVerifyReport = { server: name, ok, supported: catalog.supported, skills: verifications, invalid };

  if (run.output.json) run.output.document(report);
  else if (options.junit) for (const line of skillsJunit(report).trimEnd().split('\n')) run.output.line(line);
  else printReport(run, report);
  return ok ? EXIT.ok : EXIT.toolError;
}

function printReport(run: CommandRun, report: SkillsVerifyReport): void {
  if (!report.supported) {
    run.output.line(`${unsupportedNote(report.server)} Nothing was verified.`);
    return;
  }
  for (const skill of report.skills) {
    const failed = skill.files.filter((file) => file.status === 'failed');
    const mark = skill.status === 'verified' ? '✓' : skill.status === 'failed' ? '✗' : '–';
    const summary =
      skill.status === 'verified'
        ? `${skill.files.length} ${skill.files.length === 1 ? 'file' : 'files'} verified`
        : skill.status === 'failed'
          ? `${failed.length} of ${skill.files.length} ${skill.files.length === 1 ? 'file' : 'files'} failed`
          : 'not verifiable';
    run.output.line(`${mark} ${skill.name} (${skill.skill}): ${summary}`);
    for (const file of failed) run.output.line(`    ${file.path}: ${file.failure!.reason}: ${file.failure!.message}`);
    for (const note of skill.notes) run.output.line(`    note: ${note}`);
  }
  for (const entry of report.invalid) run.output.line(`✗ refused entry #${entry.index} ${entry.uri ?? '(no uri)'}: ${entry.reason}`);
  const count = (status: SkillVerification['status']) => report.skills.filter((skill) => skill.status === status).length;
  run.output.line();
  run.output.line(
    `${count('verified')} verified, ${count('failed')} failed, ${count('unverifiable')} not verifiable${report.invalid.length ? `, ${report.invalid.length} ${report.invalid.length === 1 ? 'entry' : 'entries'} refused` : ''}.`,
  );
}
