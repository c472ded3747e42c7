/**
 * A project server's approval as the app acts on it: the user's own decision for this
 * exact entry (ProjectApprovals) and Claude Code's (ClaudeApprovals), for the servers of
 * the open project's `.mcp.json`. Approved servers connect like user servers; denied ones
 * never connect; undecided ones connect only when the user presses Connect.
 */
import type { ServerConfig, ServerName } from '../../../shared/config/server-config';
import type { ProjectServerApproval } from '../../../shared/domain';
import type { ClaudeApprovals } from './claude-approvals';
import type { ApprovalDecision, ProjectApprovals } from './project-approvals';
import type { ServerRegistry } from './server-registry';

export class ProjectServerApprovalService {
  constructor(
    private readonly registry: ServerRegistry,
    private readonly approvals: ProjectApprovals,
    private readonly claude: ClaudeApprovals,
  ) {}

  /** Whether the entry in use for this name is the open project's. */
  isProjectServer(name: ServerName): boolean {
    return this.registry.effective().find((entry) => entry.name === name)?.scope === 'project';
  }

  approvalOf(name: ServerName, config: ServerConfig): ProjectServerApproval | undefined {
    const project = this.registry.project;
    if (!project || !this.isProjectServer(name)) return undefined;
    const decision = this.approvals.decisionFor(project, name, config);
    const claudeCode = this.claude.decisionFor(project, name);
    return { ...(decision ? { decision } : {}), ...(claudeCode ? { claudeCode } : {}) };
  }

  decisionOf(name: ServerName, config: ServerConfig): ApprovalDecision | undefined {
    return this.approvalOf(name, config)?.decision;
  }

  async decide(name: ServerName, config: ServerConfig, decision: ApprovalDecision | undefined): Promise<void> {
    const project = this.registry.project;
    if (!project) throw new Error('Open a project first: approvals belong to a project folder.');
    await this.approvals.decide(project, name, config, decision);
  }
}

/** The message a denied server's connect fails with. */
export function deniedMessage(name: ServerName): string {
  return `"${name}" is a project server (.mcp.json) you denied, so it is not started. Approve it to connect.`;
}
