/**
 * Verifies a whole skill: every file its entry lists is read afresh (never from a cache) and
 * checked by the SDK's SkillsClient against the entry (size, digest, and for SKILL.md the
 * frontmatter). Every file is checked, even after one fails, so a server author sees all that
 * is wrong at once. A dynamic skill publishes no digests: only its SKILL.md's frontmatter can be
 * checked. A connection problem or a cancel stops the run and is thrown: it says nothing about
 * the skill.
 */
import type { RequestOptions } from '@modelcontextprotocol/client';
import type { Skill, SkillsClient } from '@modelcontextprotocol/client/ext/skills';
import type { SkillFileCheck, SkillVerification } from '../../../shared/api/skills';
import { limitNotes } from './skill-entries';
import { readSkillFile } from './skill-file-read';

/** Reads at a time: enough to hide round trips, few enough not to flood a server. */
const VERIFY_CONCURRENCY = 4;

const DYNAMIC_NOTE = 'The server publishes no digests for this skill ("dynamic"): only its SKILL.md frontmatter can be checked.';

export async function verifySkill(skills: SkillsClient, skill: Skill, options: RequestOptions = {}): Promise<SkillVerification> {
  const notes = limitNotes(skill);
  const targets = skill.resources === 'dynamic' ? [skill.uri] : skill.resources.map((file) => file.uri);
  const checks: SkillFileCheck[] = new Array(targets.length);
  let stopped: unknown;
  let next = 0;
  const worker = async () => {
    while (stopped === undefined && next < targets.length) {
      const index = next++;
      try {
        const read = await readSkillFile(skills, skill, targets[index], { ...options, cacheMode: 'bypass' });
        checks[index] = { uri: read.uri, path: read.path, status: read.status, ...(read.failure ? { failure: read.failure } : {}) };
      } catch (error) {
        stopped ??= error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(VERIFY_CONCURRENCY, targets.length) }, worker));
  if (stopped !== undefined) throw stopped;
  const failed = checks.some((check) => check.status === 'failed');
  return {
    skill: skill.uri,
    name: skill.frontmatter.name,
    status: failed ? 'failed' : skill.resources === 'dynamic' ? 'unverifiable' : 'verified',
    files: checks,
    notes: skill.resources === 'dynamic' ? [DYNAMIC_NOTE, ...notes] : notes,
  };
}
