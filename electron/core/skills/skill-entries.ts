/**
 * A skill entry as the SDK hands it out (`Skill`, checked by SkillsClient) turned into what
 * the front ends show (`SkillInfo`): the name and description, the organisational prefix, each
 * file's path below the skill's folder, the total size, whether another listed skill shares
 * the name, and whether the skill is over the extension's per-skill limits.
 */
import { SKILL_LIMITS, type Skill } from '@modelcontextprotocol/client/ext/skills';
import type { InvalidSkillEntry, SkillFileInfo, SkillInfo } from '../../../shared/api/skills';

const MANIFEST = '/SKILL.md';

/** The skill's folder: its SKILL.md URI without `/SKILL.md` (entries the SDK accepted always end so). */
function skillRoot(skillUri: string): string {
  return skillUri.endsWith(MANIFEST) ? skillUri.slice(0, -MANIFEST.length) : skillUri;
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** A file's path below the skill's folder, segments decoded (`references/FORMS.md`); the URI itself when it is not below it. */
export function pathInSkill(skillUri: string, fileUri: string): string {
  const root = `${skillRoot(skillUri)}/`;
  if (!fileUri.startsWith(root)) return fileUri;
  return fileUri.slice(root.length).split('/').map(decoded).join('/');
}

/** The folders before the skill's own: the URI's authority and path segments but the last. */
function skillPrefix(skillUri: string): string {
  let url: URL;
  try {
    url = new URL(skillRoot(skillUri));
  } catch {
    return '';
  }
  const segments = [url.host, ...url.pathname.split('/')].filter((segment) => segment !== '').map(decoded);
  return segments.slice(0, -1).join('/');
}

/** Why a host may decline the skill, from its entry alone (SKILL_LIMITS: files and total bytes). */
export function limitNotes(skill: Skill): string[] {
  if (skill.resources === 'dynamic') return [];
  const notes: string[] = [];
  const total = skill.resources.reduce((sum, file) => sum + file.size, 0);
  if (skill.resources.length > SKILL_LIMITS.files) notes.push(`${skill.resources.length} files: hosts must take up to ${SKILL_LIMITS.files} per skill and may decline more.`);
  if (total > SKILL_LIMITS.bytes) notes.push(`${total} bytes in all: hosts must take up to ${SKILL_LIMITS.bytes} (16 MiB) per skill and may decline more.`);
  return notes;
}

export function toSkillInfo(skill: Skill, sharedName = false): SkillInfo {
  const files: SkillFileInfo[] | 'dynamic' =
    skill.resources === 'dynamic' ? 'dynamic' : skill.resources.map((file) => ({ uri: file.uri, path: pathInSkill(skill.uri, file.uri), size: file.size, digest: file.digest }));
  return {
    uri: skill.uri,
    name: skill.frontmatter.name,
    description: skill.frontmatter.description,
    prefix: skillPrefix(skill.uri),
    frontmatter: { ...skill.frontmatter },
    files,
    ...(files === 'dynamic' ? {} : { totalBytes: files.reduce((sum, file) => sum + file.size, 0) }),
    sharedName,
    limitNotes: limitNotes(skill),
  };
}

/** Every skill of a listing, each marked when another one has the same name (hosts must tell them apart). */
export function toSkillInfos(skills: readonly Skill[]): SkillInfo[] {
  const counts = new Map<string, number>();
  for (const skill of skills) counts.set(skill.frontmatter.name, (counts.get(skill.frontmatter.name) ?? 0) + 1);
  return skills.map((skill) => toSkillInfo(skill, (counts.get(skill.frontmatter.name) ?? 0) > 1));
}

export function toInvalidEntries(invalid: ReadonlyArray<{ index: number; uri?: string; reason: string }>): InvalidSkillEntry[] {
  return invalid.map((entry) => ({ index: entry.index, ...(entry.uri !== undefined ? { uri: entry.uri } : {}), reason: entry.reason }));
}
