/**
 * Reads one file of a skill through the SDK's SkillsClient, which checks it against the skill's
 * entry (listed, size, digest, and for the skill's own SKILL.md the frontmatter), and turns the
 * outcome into what the front ends show. A file that fails is reported with its reason and
 * nothing of its content: the extension forbids using unverified content. A server that answers
 * the read with an error (a listed file it does not serve) is a failure of that file too
 * (`unreadable`); a connection or time-out problem is not, and is thrown to the caller.
 */
import { createHash } from 'node:crypto';
import { ProtocolError, SdkError, SdkErrorCode, type CacheableRequestOptions } from '@modelcontextprotocol/client';
import { SkillVerificationError, type Skill, type SkillFile, type SkillsClient } from '@modelcontextprotocol/client/ext/skills';
import type { SkillFileContent, SkillFileFailure, SkillFileRead } from '../../../shared/api/skills';
import { presentBlob } from '../resources/present-content';
import { pathInSkill } from './skill-entries';

/** Text shown of one file: a skill's files are meant for a model's context, far below this. */
const SHOWN_TEXT_LIMIT = 1024 * 1024;

function sha256Of(bytes: Uint8Array): string {
  return `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
}

/** The failure a read ended in, or undefined when the error is not about the file (connection, time-out, cancel). */
function failureOf(error: unknown): SkillFileFailure | undefined {
  if (error instanceof SkillVerificationError) {
    return { reason: error.reason, message: error.message, ...(error.differences.length > 0 ? { differences: [...error.differences] } : {}) };
  }
  // The server answered the read with an error, or with something that is not the file's contents.
  if (error instanceof ProtocolError) return { reason: 'unreadable', message: `The server refused to read it: ${error.message}` };
  if (error instanceof SdkError && error.code === SdkErrorCode.InvalidResult) return { reason: 'unreadable', message: error.message };
  return undefined;
}

/** The URI a failed read was about: the SDK's error names it; else what was asked for. */
function uriOfFailure(error: unknown, fallback: string): string {
  return error instanceof SkillVerificationError && error.uri ? error.uri : fallback;
}

function decodeText(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

async function contentOf(file: SkillFile): Promise<SkillFileContent> {
  const type = file.mimeType?.toLowerCase();
  if (file.text === undefined && type?.startsWith('image/') && type !== 'image/svg+xml') {
    const shown = await presentBlob(Buffer.from(file.bytes).toString('base64'), type);
    if (shown.kind === 'image') return { kind: 'image', mimeType: shown.mimeType, data: shown.data, ...(shown.note ? { note: shown.note } : {}) };
    return { kind: 'binary' };
  }
  const text = file.text ?? decodeText(file.bytes);
  if (text === undefined) return { kind: 'binary' };
  return text.length > SHOWN_TEXT_LIMIT ? { kind: 'text', text: text.slice(0, SHOWN_TEXT_LIMIT), cut: true } : { kind: 'text', text };
}

/**
 * Reads `ref` (a file's URI or its path below the skill's folder; absent: SKILL.md) of `skill`.
 * `options.cacheMode: 'refresh'` asks the server even when the client holds a fresh copy;
 * `withBytes` hands back the verified bytes too (base64), for saving them.
 */
export async function readSkillFile(skills: SkillsClient, skill: Skill, ref: string | undefined, options: CacheableRequestOptions, { withBytes = false } = {}): Promise<SkillFileRead> {
  const started = performance.now();
  const asked = ref ?? skill.uri;
  const elapsed = () => Math.round(performance.now() - started);
  let file: SkillFile;
  try {
    file = await skills.read(skill, ref, options);
  } catch (error) {
    const failure = failureOf(error);
    if (!failure) throw error;
    const uri = uriOfFailure(error, asked);
    return { skill: skill.uri, uri, path: pathInSkill(skill.uri, uri), status: 'failed', failure, durationMs: elapsed() };
  }
  return {
    skill: skill.uri,
    uri: file.uri,
    path: pathInSkill(skill.uri, file.uri),
    status: file.verified ? 'verified' : 'unverified',
    ...(file.mimeType ? { mimeType: file.mimeType } : {}),
    size: file.bytes.byteLength,
    digest: sha256Of(file.bytes),
    content: await contentOf(file),
    ...(file.frontmatter ? { frontmatter: file.frontmatter } : {}),
    ...(file.body !== undefined ? { body: file.body } : {}),
    ...(withBytes ? { bytes: Buffer.from(file.bytes).toString('base64') } : {}),
    durationMs: elapsed(),
  };
}
