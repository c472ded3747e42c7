/**
 * `skills list`, `skills get` and `skills read`: a server's skills (SEP-2640). Every file read is
 * checked against the skill's entry (size, digest, SKILL.md's frontmatter); a file that fails is
 * named with its reason and its content is never printed or saved (exit 1).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import YAML from 'yaml';
import type { SkillCatalog, SkillFileInfo, SkillFileRead, SkillInfo } from '../../../shared/api/skills';
import type { CommandRun } from '../command-run';
import { CliError, EXIT, usageError, type ExitCode } from '../exit-codes';
import type { Session, SourceOptions } from '../session';
import { formatBytes, formatTable } from '../table';

export interface ReadOptions extends SourceOptions {
  output?: string;
}

/** The operands after the server (none for an ad-hoc server). */
function split(session: Session, operands: string[], what: string): { server: string | undefined; rest: string[] } {
  const server = session.adhoc ? undefined : operands[0];
  const rest = session.adhoc ? operands : operands.slice(1);
  if (rest.length > 1) throw usageError(`Unexpected ${rest.slice(1).map((word) => `"${word}"`).join(' ')}: give one ${what}.`);
  return { server, rest };
}

const listHint = (session: Session, name: string) => `mcp-workbench skills list ${session.adhoc ? '<same server options>' : name} shows them.`;

export function unsupportedNote(name: string): string {
  return `${name} does not declare the skills extension (io.modelcontextprotocol/skills): it publishes no skills.`;
}

export async function skillsList(run: CommandRun, server: string | undefined, options: SourceOptions): Promise<ExitCode> {
  run.catalog = 'skills';
  const session = await run.session(options);
  const name = run.serverName(session, server);
  const catalog = await session.api.listSkills({ server: name });
  if (run.output.json) {
    run.output.document({ server: name, ...catalog });
    return EXIT.ok;
  }
  if (!catalog.supported) {
    run.output.note(unsupportedNote(name));
    return EXIT.ok;
  }
  if (catalog.skills.length === 0) run.output.note(`${name} lists no skills${catalog.invalid.length ? ' it can use' : ''}.`);
  else {
    const lines = formatTable(
      catalog.skills,
      [
        { header: 'NAME', value: (skill) => skill.name },
        { header: 'FILES', value: (skill) => (skill.files === 'dynamic' ? 'dynamic' : String(skill.files.length)), right: true },
        { header: 'SIZE', value: (skill) => (skill.totalBytes !== undefined ? formatBytes(skill.totalBytes) : '-'), right: true },
        { header: 'URI', value: (skill) => skill.uri },
        { header: 'DESCRIPTION', value: (skill) => skill.description },
      ],
      run.output.width,
    );
    for (const line of lines) run.output.line(line);
  }
  printRefused(run, catalog);
  return EXIT.ok;
}

/** The entries the listing refused, each with its reason (they are never used). */
function printRefused(run: CommandRun, catalog: SkillCatalog): void {
  if (catalog.invalid.length === 0) return;
  run.output.line();
  run.output.line(`Refused entries (${catalog.invalid.length}), not usable by any host:`);
  for (const entry of catalog.invalid) run.output.line(`  #${entry.index} ${entry.uri ?? '(no uri)'}: ${entry.reason}`);
}

/** A skill by URI, or by name (or prefix/name) from the listing; a name two skills share must be given as a URI. */
async function findSkill(session: Session, name: string, wanted: string): Promise<SkillInfo> {
  if (wanted.includes('://')) return session.api.getSkill({ server: name, skill: wanted });
  const catalog = await session.api.listSkills({ server: name });
  if (!catalog.supported) throw usageError(unsupportedNote(name));
  const matches = catalog.skills.filter((skill) => skill.name === wanted || `${skill.prefix}/${skill.name}` === wanted);
  if (matches.length === 1) return matches[0]!;
  if (matches.length === 0) throw usageError(`${name} lists no skill named "${wanted}".`, listHint(session, name));
  throw usageError(`${matches.length} skills of ${name} are named "${wanted}": give the one you mean by its URI.`, matches.map((skill) => skill.uri).join(', '));
}

export async function skillsGet(run: CommandRun, operands: string[], options: SourceOptions): Promise<ExitCode> {
  run.catalog = 'skills';
  const session = await run.session(options);
  const { server, rest } = split(session, operands, 'skill');
  const name = run.serverName(session, server);
  const wanted = rest[0];
  if (!wanted) throw usageError(`Give the skill of ${name} to show: its name or the URI of its SKILL.md.`, listHint(session, name));
  const skill = await findSkill(session, name, wanted);
  if (run.output.json) {
    run.output.document({ server: name, ...skill });
    return EXIT.ok;
  }
  run.output.line(`${skill.name}  (${skill.uri})`);
  run.output.line(skill.description);
  run.output.line();
  run.output.line('Frontmatter:');
  for (const line of YAML.stringify(skill.frontmatter).trimEnd().split('\n')) run.output.line(`  ${line}`);
  run.output.line();
  if (skill.files === 'dynamic') {
    run.output.line('Files: dynamic (the server publishes no list and no digests: nothing can be verified).');
  } else {
    run.output.line(`Files (${skill.files.length}, ${formatBytes(skill.totalBytes ?? 0)}):`);
    const lines = formatTable(
      skill.files,
      [
        { header: 'PATH', value: (file) => file.path },
        { header: 'SIZE', value: (file) => formatBytes(file.size), right: true },
        { header: 'DIGEST', value: (file) => file.digest },
      ],
      run.output.width,
    );
    for (const line of lines) run.output.line(`  ${line}`);
  }
  for (const note of skill.limitNotes) run.output.note(`Note: ${note}`);
  return EXIT.ok;
}

/** The listed skill whose folder holds `uri` (the deepest, as skills may nest), or the skill whose SKILL.md it is. */
function owningSkill(catalog: SkillCatalog, uri: string): SkillInfo | string | undefined {
  const root = (skill: SkillInfo) => skill.uri.slice(0, -'/SKILL.md'.length);
  const owners = catalog.skills.filter((skill) => uri === skill.uri || uri === root(skill) || uri.startsWith(`${root(skill)}/`));
  return owners.sort((a, b) => b.uri.length - a.uri.length)[0] ?? (uri.endsWith('/SKILL.md') ? uri : undefined);
}

/** The files of a listed skill below a folder of it, from its entry alone (undefined: not a folder of it). */
function folderOf(skill: SkillInfo, uri: string): SkillInfo['files'] | undefined {
  if (skill.files === 'dynamic') return undefined;
  const folder = uri === skill.uri.slice(0, -'/SKILL.md'.length) ? `${uri}/` : `${uri.replace(/\/+$/, '')}/`;
  const inside = skill.files.filter((file) => file.uri.startsWith(folder));
  return inside.length > 0 && !skill.files.some((file) => file.uri === uri) ? inside : undefined;
}

export async function skillsRead(run: CommandRun, operands: string[], options: ReadOptions): Promise<ExitCode> {
  run.catalog = 'skills';
  const session = await run.session(options);
  const { server, rest } = split(session, operands, 'URI');
  const name = run.serverName(session, server);
  const uri = rest[0];
  if (!uri || !uri.includes('://')) {
    throw usageError(`Give the URI of a file or folder of one of ${name}'s skills (skill://…).`, `mcp-workbench skills get ${session.adhoc ? '<same server options>' : name} <skill> lists a skill's files.`);
  }
  const catalog = await session.api.listSkills({ server: name });
  if (!catalog.supported) throw usageError(unsupportedNote(name));
  const owner = owningSkill(catalog, uri);
  if (owner === undefined) {
    // Not in any listed skill: the server may still serve it as a folder.
    if (catalog.directoryRead) return printDirectory(run, session, name, uri);
    throw usageError(`${uri} is in no skill ${name} lists.`, listHint(session, name));
  }
  if (typeof owner !== 'string') {
    const files = folderOf(owner, uri);
    if (files !== undefined && files !== 'dynamic') return printFolder(run, name, uri, files);
    if (owner.files === 'dynamic' && catalog.directoryRead && !uri.endsWith('/SKILL.md') && uri === owner.uri.slice(0, -'/SKILL.md'.length)) return printDirectory(run, session, name, uri);
  }
  const skill = typeof owner === 'string' ? owner : owner.uri;
  const read = await session.api.readSkillFile({ server: name, skill, file: uri, withBytes: run.output.json || options.output !== undefined });
  if (read.status === 'failed') {
    if (run.output.json) run.output.document({ server: name, ok: false, ...read });
    throw new CliError(`skill ${skill}, file ${read.path}: ${read.failure!.reason}: ${read.failure!.message}`, EXIT.toolError, 'Nothing of the file is shown: it does not match the skill\'s entry.');
  }
  if (read.status === 'unverified') run.output.note(`Note: ${read.path} belongs to a dynamic skill: the server published nothing to check it against.`);
  if (options.output !== undefined) {
    await fs.writeFile(path.resolve(run.io.cwd, options.output), Buffer.from(read.bytes ?? '', 'base64'));
    if (run.output.json) run.output.document({ server: name, ok: true, ...withoutBytes(read), file: options.output });
    else run.output.note(`Wrote ${read.size} bytes (${read.digest}) to ${options.output}.`);
    return EXIT.ok;
  }
  if (run.output.json) {
    run.output.document({ server: name, ok: true, ...read });
    return EXIT.ok;
  }
  if (read.content?.kind === 'text') {
    for (const line of read.content.text.replace(/\n$/, '').split('\n')) run.output.line(line);
    if (read.content.cut) run.output.note('Note: only the first part is shown; save the whole file with -o <file>.');
  } else {
    run.output.line(`[${read.content?.kind === 'image' ? 'image' : 'binary'}${read.mimeType ? ` ${read.mimeType}` : ''}, ${formatBytes(read.size ?? 0)}, ${read.digest}] (save it with -o <file>)`);
  }
  return EXIT.ok;
}

function withoutBytes(read: SkillFileRead): Omit<SkillFileRead, 'bytes'> {
  const { bytes: _bytes, ...rest } = read;
  return rest;
}

/** A folder of a listed skill, answered from its entry (which lists every file). */
function printFolder(run: CommandRun, name: string, uri: string, files: SkillFileInfo[]): ExitCode {
  if (run.output.json) {
    run.output.document({ server: name, uri, files });
    return EXIT.ok;
  }
  const lines = formatTable(
    files,
    [
      { header: 'PATH', value: (file) => file.path },
      { header: 'SIZE', value: (file) => formatBytes(file.size), right: true },
      { header: 'DIGEST', value: (file) => file.digest },
    ],
    run.output.width,
  );
  for (const line of lines) run.output.line(line);
  return EXIT.ok;
}

/** A folder as the server lists it now (resources/directory/read). */
async function printDirectory(run: CommandRun, session: Session, name: string, uri: string): Promise<ExitCode> {
  const entries = await session.api.readSkillDirectory({ server: name, uri });
  if (run.output.json) {
    run.output.document({ server: name, uri, directory: entries });
    return EXIT.ok;
  }
  if (entries.length === 0) run.output.note(`${uri} is empty.`);
  const lines = formatTable(
    entries,
    [
      { header: 'NAME', value: (entry) => (entry.directory ? `${entry.name}/` : entry.name) },
      { header: 'SIZE', value: (entry) => (entry.size !== undefined ? formatBytes(entry.size) : '-'), right: true },
      { header: 'URI', value: (entry) => entry.uri },
    ],
    run.output.width,
  );
  if (entries.length > 0) for (const line of lines) run.output.line(line);
  return EXIT.ok;
}
