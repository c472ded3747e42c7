/**
 * What Claude Code decided about a project's `.mcp.json` servers, read from its settings:
 * `enabledMcpjsonServers`, `disabledMcpjsonServers` and `enableAllProjectMcpServers`.
 *
 * Only the user's own files can approve: `~/.claude/settings.json` and the project's entry
 * in `~/.claude.json` (`projects["/abs/path"]`); with `CLAUDE_CONFIG_DIR` set, the files in
 * that folder. The project's own `.claude/settings.json` and `.claude/settings.local.json`
 * come with the repository (a hostile one can ship an approval of its own servers), so they
 * can only deny: a denial there is shown, an approval there is ignored.
 *
 * As in Claude Code, a server named in any `disabledMcpjsonServers` is denied; otherwise
 * one named in a user file's `enabledMcpjsonServers`, or its `enableAllProjectMcpServers:
 * true`, is approved. Each decision says which file it came from, in words a user reads
 * ("your ~/.claude/settings.json", "the project's .claude/settings.json"). Files are read
 * synchronously (server views need the answer at once) and kept until their size or
 * modification time changes: `~/.claude.json` can be large.
 */
import { readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ServerName } from '../../../shared/config/server-config';
import type { ApprovalDecision } from './project-approvals';

export interface ClaudeCodeApproval {
  decision: ApprovalDecision;
  /** The file that decided it, as a user would name it ("your ~/.claude.json", "the project's .claude/settings.json"). */
  source: string;
}

interface ApprovalFields {
  enabled: string[];
  disabled: string[];
  enableAll: boolean;
}

interface Source {
  /** `user`: a file of the user's own, which may approve; `project`: one that may have come with the repository, which may only deny. */
  owner: 'user' | 'project';
  label: string;
  fields: ApprovalFields;
}

interface Cached {
  stamp: string;
  value: unknown;
}

export interface ClaudeApprovalsOptions {
  home?: string;
  env?: NodeJS.ProcessEnv;
}

export class ClaudeApprovals {
  private readonly cache = new Map<string, Cached>();
  private readonly home: string;
  private readonly configDir: string | undefined;

  constructor(options: ClaudeApprovalsOptions = {}) {
    this.home = options.home ?? os.homedir();
    this.configDir = (options.env ?? process.env).CLAUDE_CONFIG_DIR?.trim() || undefined;
  }

  /** Claude Code's decision about a project server, if its settings hold one. */
  decisionFor(project: string, name: ServerName): ClaudeCodeApproval | undefined {
    const sources = this.sources(path.resolve(project));
    const denied = sources.find((s) => s.fields.disabled.includes(name));
    if (denied) return { decision: 'denied', source: denied.label };
    const approved = sources.find((s) => s.owner === 'user' && (s.fields.enabled.includes(name) || s.fields.enableAll));
    return approved ? { decision: 'approved', source: approved.label } : undefined;
  }

  private sources(project: string): Source[] {
    const userDir = this.configDir ?? path.join(this.home, '.claude');
    const claudeJson = path.join(this.configDir ?? this.home, '.claude.json');
    const out: Source[] = [];
    const add = (owner: Source['owner'], label: string, value: unknown) => {
      const fields = fieldsOf(value);
      if (fields) out.push({ owner, label, fields });
    };
    add('user', `your ${this.configDir ? '$CLAUDE_CONFIG_DIR/settings.json' : '~/.claude/settings.json'}`, this.read(path.join(userDir, 'settings.json')));
    const projects = objectOf(objectOf(this.read(claudeJson))?.projects);
    if (projects && Object.hasOwn(projects, project)) add('user', `your ${this.configDir ? '$CLAUDE_CONFIG_DIR/.claude.json' : '~/.claude.json'}`, projects[project]);
    add('project', "the project's .claude/settings.local.json", this.read(path.join(project, '.claude', 'settings.local.json')));
    add('project', "the project's .claude/settings.json", this.read(path.join(project, '.claude', 'settings.json')));
    return out;
  }

  private read(file: string): unknown {
    let stamp: string;
    try {
      const stat = statSync(file);
      stamp = `${stat.size}:${stat.mtimeMs}`;
    } catch {
      this.cache.delete(file);
      return undefined;
    }
    const cached = this.cache.get(file);
    if (cached?.stamp === stamp) return cached.value;
    let value: unknown;
    try {
      value = JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      // Being written, or not JSON: Claude Code's decisions are shown when they can be read.
      value = undefined;
    }
    this.cache.set(file, { stamp, value });
    return value;
  }
}

function objectOf(value: unknown): Record<string, unknown> | undefined {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

function fieldsOf(value: unknown): ApprovalFields | undefined {
  const object = objectOf(value);
  if (!object) return undefined;
  const names = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
  return { enabled: names(object.enabledMcpjsonServers), disabled: names(object.disabledMcpjsonServers), enableAll: object.enableAllProjectMcpServers === true };
}
