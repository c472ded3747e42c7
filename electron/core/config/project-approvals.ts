/**
 * `project-approvals.json` in the app data folder: what the user decided about each
 * project server (`.mcp.json` entries never start by themselves, since a cloned repository
 * could run anything). A decision is kept per project folder (its absolute path), server
 * name and a hash of the entry, so an entry that changes (a `git pull`) is asked about
 * again; the file holds no command line or header value.
 *
 * Read once at start (decisions are needed synchronously, for every server view), and
 * re-read before each write so another process's decisions are kept.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import type { ServerConfig, ServerName } from '../../../shared/config/server-config';

export const PROJECT_APPROVALS_FILE = 'project-approvals.json';

export type ApprovalDecision = 'approved' | 'denied';

interface StoredDecision {
  decision: ApprovalDecision;
  /** The hash of the entry the decision was made for. */
  config: string;
  at: number;
}

type ApprovalMap = Record<string, Record<string, StoredDecision>>;

/** A stable hash of an entry: the same fields in any order give the same hash. */
export function configHash(config: ServerConfig): string {
  return createHash('sha256').update(canonicalJson(config)).digest('hex').slice(0, 32);
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export class ProjectApprovals {
  private approvals: ApprovalMap = {};

  constructor(private readonly dataDir: string) {}

  get filePath(): string {
    return path.join(this.dataDir, PROJECT_APPROVALS_FILE);
  }

  /** Reads the file (missing or damaged: no decisions yet). */
  load(): void {
    this.approvals = this.read();
  }

  /** The decision for this entry of this project, if one was made for exactly this entry. */
  decisionFor(project: string, name: ServerName, config: ServerConfig): ApprovalDecision | undefined {
    const stored = this.approvals[path.resolve(project)]?.[name];
    return stored && stored.config === configHash(config) ? stored.decision : undefined;
  }

  /** Records a decision (undefined: forget it, so the entry is asked about again). */
  async decide(project: string, name: ServerName, config: ServerConfig, decision: ApprovalDecision | undefined): Promise<void> {
    const key = path.resolve(project);
    const approvals = this.read();
    const forProject = { ...(approvals[key] ?? {}) };
    if (decision) forProject[name] = { decision, config: configHash(config), at: Date.now() };
    else delete forProject[name];
    approvals[key] = forProject;
    if (Object.keys(forProject).length === 0) delete approvals[key];
    await fs.mkdir(this.dataDir, { recursive: true });
    await writeFileAtomic(this.filePath, `${JSON.stringify({ projects: approvals }, null, 2)}\n`, { mode: 0o600 });
    this.approvals = approvals;
  }

  private read(): ApprovalMap {
    try {
      const parsed = JSON.parse(readFileSync(this.filePath, 'utf8')) as { projects?: unknown };
      return sanitize(parsed.projects);
    } catch {
      return {};
    }
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
