/**
 * `project-approvals.json` in the app data folder: what the user decided about each
 * project server (`.mcp.json` entries never start by themselves, since a cloned repository
 * could run anything). A decision is kept per project folder (its absolute path), server
 * name and a hash of the entry, so an entry that changes (a `git pull`) is asked about
 * again; the file holds no command line or header value.
 *
 * Read once at start (decisions are needed synchronously, for every server view), and
 * re-read before each write, under the file's lock, so another process's decisions are kept.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import type { ServerConfig, ServerName } from '../../../shared/config/server-config';
import { JsonFile } from '../util/json-file';
import { envFileDigest } from './env-file';

export const PROJECT_APPROVALS_FILE = 'project-approvals.json';

export type ApprovalDecision = 'approved' | 'denied';

interface StoredDecision {
  decision: ApprovalDecision;
  /** The hash of the entry the decision was made for. */
  config: string;
  at: number;
}

type ApprovalMap = Record<string, Record<string, StoredDecision>>;

/**
 * A stable hash of an entry: the same fields in any order give the same hash. With a
 * project, it also covers the contents of the file the entry's `envFile` names, so an
 * edited `.env` asks again like an edited command.
 */
function configHash(config: ServerConfig, project?: string): string {
  const envFile = project ? envFileDigest(config as { envFile?: unknown; cwd?: unknown }, project) : undefined;
  return createHash('sha256')
    .update(canonicalJson(config) + (envFile ? `\nenvFile:${envFile}` : ''))
    .digest('hex')
    .slice(0, 32);
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The decisions as kept: well-formed ones only, in objects without a prototype (the keys come from the file). */
const ApprovalsSchema = z
  .looseObject({ projects: z.unknown().optional() })
  .transform(({ projects }) => ({ projects: sanitize(projects) }));
type ApprovalsFile = z.output<typeof ApprovalsSchema>;

export class ProjectApprovals {
  private approvals: ApprovalMap = {};
  // Missing or damaged: no decisions yet. Decisions of other processes are read again under
  // the lock before each write, so they are kept.
  private readonly file: JsonFile<ApprovalsFile>;

  constructor(dataDir: string) {
    this.file = new JsonFile(path.join(dataDir, PROJECT_APPROVALS_FILE), ApprovalsSchema, () => ({ projects: sanitize(undefined) }), { damaged: 'replace', lock: true });
  }

  get filePath(): string {
    return this.file.filePath;
  }

  /** Reads the file (missing or damaged: no decisions yet). */
  async load(): Promise<void> {
    this.approvals = (await this.file.read()).projects;
  }

  /** The decision for this entry of this project, if one was made for exactly this entry. */
  decisionFor(project: string, name: ServerName, config: ServerConfig): ApprovalDecision | undefined {
    const stored = this.approvals[path.resolve(project)]?.[name];
    return stored && stored.config === configHash(config, project) ? stored.decision : undefined;
  }

  /** Whether a decision was made about this server of this project for another version of its entry (it changed since). */
  decidedEarlier(project: string, name: ServerName): boolean {
    return this.approvals[path.resolve(project)]?.[name] !== undefined;
  }

  /** Records a decision (undefined: forget it, so the entry is asked about again). */
  async decide(project: string, name: ServerName, config: ServerConfig, decision: ApprovalDecision | undefined): Promise<void> {
    const key = path.resolve(project);
    const saved = await this.file.update(({ projects: approvals }) => {
      const forProject = { ...(approvals[key] ?? {}) };
      if (decision) forProject[name] = { decision, config: configHash(config, project), at: Date.now() };
      else delete forProject[name];
      approvals[key] = forProject;
      if (Object.keys(forProject).length === 0) delete approvals[key];
      return { projects: approvals };
    });
    this.approvals = saved.projects;
  }
}

/** Keeps only well-formed decisions, in objects without a prototype (keys come from the file). */
function sanitize(value: unknown): ApprovalMap {
  const out: ApprovalMap = Object.create(null) as ApprovalMap;
  if (!value || typeof value !== 'object') return out;
  for (const [project, servers] of Object.entries(value as Record<string, unknown>)) {
    if (!servers || typeof servers !== 'object') continue;
    const kept: Record<string, StoredDecision> = Object.create(null) as Record<string, StoredDecision>;
    for (const [name, raw] of Object.entries(servers as Record<string, unknown>)) {
      const d = raw as Partial<StoredDecision> | null;
      if (d && (d.decision === 'approved' || d.decision === 'denied') && typeof d.config === 'string') kept[name] = { decision: d.decision, config: d.config, at: Number(d.at) || 0 };
    }
    out[project] = kept;
  }
  return out;
}
