/**
 * Skills (the MCP Skills extension, `io.modelcontextprotocol/skills`, SEP-2640): a server's
 * skills (every page of `skills/list`), one skill by URI (`skills/get`), a skill's files read
 * and verified against its entry (size, digest, and for `SKILL.md` the frontmatter), a
 * directory's children (`resources/directory/read`), and the verification of a whole skill.
 *
 * A skill is known by the pair (server, URI of its `SKILL.md`), never by its name: names
 * may repeat within a server and across servers.
 */
import { z } from 'zod';
import { CallIdSchema, type CancellableRequest } from './call-id';
import { ServerNameSchema, type ServerName } from '../config/server-config';
import { UriSchema } from './resources';
import type { ChannelTable } from './channel-table';

/** One file of a skill as its entry lists it. */
export interface SkillFileInfo {
  uri: string;
  /** The path below the skill's folder (`references/FORMS.md`). */
  path: string;
  size: number;
  /** `sha256:` and 64 lowercase hexadecimal characters. */
  digest: string;
}

export interface SkillInfo {
  /** The URI of the skill's `SKILL.md`: with the server, what identifies the skill. */
  uri: string;
  name: string;
  description: string;
  /** The folders before the skill's own (`acme/billing` in `skill://acme/billing/refunds/SKILL.md`); '' when none. */
  prefix: string;
  /** The `SKILL.md` frontmatter as the entry carries it (every field the author wrote). */
  frontmatter: Record<string, unknown>;
  /** Every file, `SKILL.md` included, in URI order; `dynamic` when the server publishes no digests. */
  files: SkillFileInfo[] | 'dynamic';
  /** The sum of the files' sizes (absent for a dynamic skill). */
  totalBytes?: number;
  /** Another listed skill has the same name: show the prefix or URI to tell them apart. */
  sharedName: boolean;
  /** Why a host may decline it: over the extension's per-skill limits. */
  limitNotes: string[];
}

/** An entry of `skills/list` that was refused, and why (it is never used, only shown). */
export interface InvalidSkillEntry {
  /** Its place in the listing, over every page. */
  index: number;
  uri?: string;
  reason: string;
}

export interface SkillCatalog {
  /** The server declares the extension. Without it there is nothing to list. */
  supported: boolean;
  /** The server serves `resources/directory/read`. */
  directoryRead: boolean;
  skills: SkillInfo[];
  invalid: InvalidSkillEntry[];
  /** The listing's cache scope (MCP 2026-07-28), as the server set it. */
  cacheScope?: 'public' | 'private';
  /** Set when the listing came from the cache: how long the server's `ttlMs` keeps it fresh. */
  cachedFreshForMs?: number;
}

/** Why a file failed: the SDK's reasons, and `unreadable` when the server answered the read with an error. */
type SkillFailureReason = 'size' | 'digest' | 'frontmatter' | 'unlisted' | 'unreadable';

export interface SkillFileFailure {
  reason: SkillFailureReason;
  message: string;
  /** For `frontmatter`: one line per field that differs. */
  differences?: string[];
}

/** What a skill file holds, as the UI shows it. Nothing is shown of a file that failed. */
export type SkillFileContent =
  | { kind: 'text'; text: string; /** Only the first part is here (the file is longer than the app shows). */ cut?: boolean }
  /** An image, through the app's image pipeline (fitted, metadata removed). */
  | { kind: 'image'; mimeType: string; data: string; note?: string }
  /** Bytes that are neither text nor an image: their size and digest. */
  | { kind: 'binary' };

export interface SkillFileRead {
  /** The skill's `SKILL.md` URI. */
  skill: string;
  uri: string;
  path: string;
  /** verified: size and digest match the entry (and the frontmatter, for SKILL.md); unverified: a dynamic skill, nothing to check against; failed: see `failure`. */
  status: 'verified' | 'unverified' | 'failed';
  failure?: SkillFileFailure;
  mimeType?: string;
  /** Of the bytes read (absent when the read failed). */
  size?: number;
  digest?: string;
  content?: SkillFileContent;
  /** The skill's own SKILL.md: its parsed frontmatter and the markdown after it. */
  frontmatter?: Record<string, unknown>;
  body?: string;
  /** Exactly the verified bytes, base64 (only when asked for with `withBytes`). */
  bytes?: string;
  durationMs: number;
}

export interface SkillFileCheck {
  uri: string;
  path: string;
  status: 'verified' | 'unverified' | 'failed';
  failure?: SkillFileFailure;
}

export interface SkillVerification {
  skill: string;
  name: string;
  /** verified: every file; failed: at least one did not; unverifiable: a dynamic skill (only its SKILL.md frontmatter was checked). */
  status: 'verified' | 'failed' | 'unverifiable';
  files: SkillFileCheck[];
  /** Said about the skill as a whole (over the limits, no digests published). */
  notes: string[];
}

export interface SkillDirectoryEntry {
  uri: string;
  name: string;
  /** A folder (`inode/directory`): read it to go down. */
  directory: boolean;
  mimeType?: string;
  size?: number;
}

interface ListSkillsRequest extends CancellableRequest {
  server: ServerName;
  /** Ask the server even when a cached listing is still fresh. */
  refresh?: boolean;
}

interface SkillRequest {
  server: ServerName;
  /** The skill's `SKILL.md` URI. */
  skill: string;
}

interface ReadSkillFileRequest extends SkillRequest {
  /** A file of the skill: its URI, or its path below the skill's folder; absent: the skill's SKILL.md. */
  file?: string;
  /** Ask the server even when the client holds a fresh copy. */
  refresh?: boolean;
  /** Also hand back the file's bytes (base64), to save them. */
  withBytes?: boolean;
}

export interface SkillsApi {
  /** Every page of `skills/list`: the valid skills, and the refused entries with their reasons. */
  listSkills(request: ListSkillsRequest): Promise<SkillCatalog>;
  /** One skill by the URI of its SKILL.md (`skills/get`), listed or not. */
  getSkill(request: SkillRequest): Promise<SkillInfo>;
  /** Reads one file of a skill and checks it against the skill's entry. */
  readSkillFile(request: ReadSkillFileRequest): Promise<SkillFileRead>;
  /** The direct children of a folder (`resources/directory/read`; the server must declare directoryRead). */
  readSkillDirectory(request: { server: ServerName; uri: string }): Promise<SkillDirectoryEntry[]>;
  /** Reads every file of a skill afresh and checks each against the entry. */
  verifySkill(request: SkillRequest): Promise<SkillVerification>;
}

const SkillRequestSchema = z.strictObject({ server: ServerNameSchema, skill: UriSchema });

export const skillsChannels: ChannelTable<SkillsApi> = {
  listSkills: { channel: 'skills:list', request: z.strictObject({ server: ServerNameSchema, refresh: z.boolean().optional(), callId: CallIdSchema.optional() }) },
  getSkill: { channel: 'skills:get', request: SkillRequestSchema },
  readSkillFile: {
    channel: 'skills:read-file',
    request: z.strictObject({ server: ServerNameSchema, skill: UriSchema, file: UriSchema.optional(), refresh: z.boolean().optional(), withBytes: z.boolean().optional() }),
  },
  readSkillDirectory: { channel: 'skills:read-directory', request: z.strictObject({ server: ServerNameSchema, uri: UriSchema }) },
  verifySkill: { channel: 'skills:verify', request: SkillRequestSchema },
};
