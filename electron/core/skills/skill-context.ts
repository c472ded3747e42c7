/**
 * The seam for putting a skill into a model's context (the model-in-the-loop playground builds
 * on it). Loading follows what the extension asks of a host that acts on a skill:
 * - the skill's SKILL.md is read and verified against the entry, and a skill whose SKILL.md
 *   fails is not loaded at all;
 * - the entry it was loaded from is held: every later read of a supporting file is checked
 *   against that entry (a file the server changed since fails), and files are read only when
 *   asked for, never ahead;
 * - what enters the context is tagged with the server it came from (the workbench's name for
 *   it, never the server's own), and frontmatter fields that would widen the model's
 *   permissions (`allowed-tools`) are reported as ignored rather than honoured.
 */
import type { Skill } from '@modelcontextprotocol/client/ext/skills';
import type { SkillFileInfo, SkillFileRead } from '../../../shared/api/skills';
import type { ServerConfig, ServerName } from '../../../shared/config/server-config';
import { toSkillInfo } from './skill-entries';
import type { SkillsService } from './skills-service';
import { failure } from '../../../shared/errors';

/** Frontmatter fields that ask the host for more than the skill's text; never honoured for a skill from a server. */
const PERMISSION_FIELDS = ['allowed-tools'] as const;

export interface SkillForModel {
  /** The workbench's name for the server the skill came from. */
  origin: ServerName;
  uri: string;
  name: string;
  description: string;
  frontmatter: Record<string, unknown>;
  /** SKILL.md's markdown after the frontmatter, verified. */
  instructions: string;
  /** Fields of the frontmatter that were present and are not honoured. */
  ignoredFields: string[];
  /** The files the held entry lists (`dynamic`: none listed; such a skill's files cannot be verified). */
  files: SkillFileInfo[] | 'dynamic';
  /** The text to put into the model's context: the instructions, tagged with their origin. */
  context: string;
  /** Reads one file of the skill (its path or URI), checked against the entry the skill was loaded from. */
  readFile(file: string): Promise<SkillFileRead>;
}

export async function loadSkillForModel(skills: SkillsService, server: ServerName, config: ServerConfig, uri: string): Promise<SkillForModel> {
  const entry: Skill = await skills.entryOf(server, config, uri);
  const manifest = await skills.readAgainst(server, config, entry, undefined, { refresh: true });
  if (manifest.status === 'failed' || manifest.body === undefined) {
    throw failure('unavailable', `${server}: the skill ${uri} was not loaded: ${manifest.failure?.message ?? 'its SKILL.md could not be read'}`);
  }
  const info = toSkillInfo(entry);
  const ignoredFields = PERMISSION_FIELDS.filter((field) => Object.hasOwn(entry.frontmatter, field));
  return {
    origin: server,
    uri: entry.uri,
    name: info.name,
    description: info.description,
    frontmatter: info.frontmatter,
    instructions: manifest.body,
    ignoredFields,
    files: info.files,
    context: `<skill name=${JSON.stringify(info.name)} uri=${JSON.stringify(entry.uri)} origin=${JSON.stringify(`MCP server "${server}"`)}>\n${manifest.body}\n</skill>`,
    readFile: (file) => skills.readAgainst(server, config, entry, file),
  };
}
