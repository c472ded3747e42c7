/**
 * A project server's approval as the app acts on it: the user's own decision for this
 * exact entry (ProjectApprovals) and Claude Code's (ClaudeApprovals), for the servers of
 * the open project's `.mcp.json`. Approved servers connect like user servers; denied ones
 * never connect; undecided ones connect only after the user approves them, whatever asks
 * (see project-server-gate.ts). A project entry named like one of the user's own servers
 * is held beside it until approved (merge-scopes.ts): approving it lets it take the name.
 */
import type { ServerConfig, ServerName } from '../../../shared/config/server-config';
import type { ProjectServerApproval } from '../../../shared/domain';
import type { ClaudeApprovals } from './claude-approvals';
import type { ScopedEntry } from './merge-scopes';
import type { ApprovalDecision, ProjectApprovals } from './project-approvals';
import type { ServerRegistry } from './server-registry';

export class ProjectServerApprovalService {
  constructor(
    private readonly registry: ServerRegistry,
    private readonly approvals: ProjectApprovals,
    private readonly claude: ClaudeApprovals,
  ) {
    // A project entry takes a user entry's name only once approved for exactly that entry.
    registry.setShadowPolicy((name, config) => this.decisionOf(name, config) === 'approved');
  }

  /** The open project's entry for this name that is in play: the one in use, or the one held beside the user's entry. */
  projectEntry(name: ServerName): ScopedEntry | undefined {
    const entry = this.registry.effective().find((e) => e.name === name);
    if (entry?.scope === 'project') return entry;
    return entry?.held;
  }

  /** Whether the entry in use for this name is the open project's. */
  isProjectServer(name: ServerName): boolean {
    return this.registry.effective().find((entry) => entry.name === name)?.scope === 'project';
  }

  /** The decisions about this project entry (the caller knows it is one). */
  approvalOf(name: ServerName, config: ServerConfig): ProjectServerApproval | undefined {
    const project = this.registry.project;
    if (!project) return undefined;
    const decision = this.approvals.decisionFor(project, name, config);
    const claudeCode = this.claude.decisionFor(project, name);
    const changed = !decision && this.approvals.decidedEarlier(project, name);
    return { ...(decision ? { decision } : {}), ...(claudeCode ? { claudeCode } : {}), ...(changed ? { changed } : {}) };
  }

  decisionOf(name: ServerName, config: ServerConfig): ApprovalDecision | undefined {
    return this.approvalOf(name, config)?.decision;
  }

  /**
   * Records a decision about the project entry in play for this name (undefined: forget
   * it), or about `shown`, the version of it the user was shown (a question answered after
   * the file changed decides about what the user saw, never about the new entry).
   */
  async decide(name: ServerName, decision: ApprovalDecision | undefined, shown?: ServerConfig): Promise<ScopedEntry> {
    const project = this.registry.project;
    if (!project) throw new Error('Open a project first: approvals belong to a project folder.');
    const entry = this.projectEntry(name);
    if (!entry) throw new Error(`"${name}" is not a project server: only .mcp.json servers are approved or denied.`);
    await this.approvals.decide(project, name, shown ?? entry.config, decision);
    this.registry.approvalsChanged();
    return entry;
  }
}

/** The message a denied server's connect fails with. */
export function deniedMessage(name: ServerName): string {
  return `"${name}" is a project server (.mcp.json) you denied, so it is not started. Approve it to connect.`;
}
