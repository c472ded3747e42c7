/**
 * A project server's approval, in its row: servers from a project's `.mcp.json` never
 * start by themselves, so the user approves or denies each entry once (remembered for
 * this project and this exact entry). What Claude Code's settings decided is shown beside
 * it, with an offer to follow it.
 */
import { useState } from 'react';
import type { ApprovalDecision, ServerView } from '../../../shared/domain';
import { useWorkbench } from '../state/store';
import './ProjectApproval.css';

const LABEL: Record<ApprovalDecision, string> = { approved: 'approved', denied: 'denied' };

export function ProjectApproval({ server }: { server: ServerView }) {
  const api = useWorkbench((s) => s.api);
  const apply = useWorkbench((s) => s.applyServerState);
  const [error, setError] = useState<string>();
  const approval = server.approval;
  if (server.scope !== 'project' || !approval) return null;
  const claude = approval.claudeCode;

  const decide = async (decision: ApprovalDecision | 'undecided') => {
    setError(undefined);
    try {
      apply(await api.decideProjectServer({ name: server.name, decision }));
    } catch (e) {
      setError((e as Error).message);
    }
  };

  return (
    <div className="project-approval" role="group" aria-label={`Approval of ${server.name}`}>
      {approval.decision ? (
        <>
          <span className={`approval-decision approval-${approval.decision}`}>You {LABEL[approval.decision]} this project server</span>
          <button type="button" className="link-button" onClick={() => void decide('undecided')} aria-label={`Change the decision about ${server.name}`}>
            Change
          </button>
        </>
      ) : (
        <>
          <button type="button" onClick={() => void decide('approved')} aria-label={`Approve ${server.name}`} title="Remember for this project: it connects at start, until its entry changes">
            Approve
          </button>
          <button type="button" onClick={() => void decide('denied')} aria-label={`Deny ${server.name}`} title="Remember for this project: it is never started, until its entry changes">
            Deny
          </button>
        </>
      )}
      {claude && (
        <span className="approval-claude-code muted" title={`From ${claude.source}`}>
          Claude Code: {LABEL[claude.decision]}
        </span>
      )}
      {claude && claude.decision !== approval.decision && (
        <button type="button" className="link-button" onClick={() => void decide(claude.decision)} aria-label={`Follow Claude Code for ${server.name}`}>
          Follow Claude Code
        </button>
      )}
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
