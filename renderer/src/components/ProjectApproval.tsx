/**
 * A project server's approval, in its row: servers from a project's `.mcp.json` never
 * start by themselves, so the user approves or denies each entry once (remembered for
 * this project and this exact entry). What Claude Code's settings decided is shown beside
 * it, with the file it comes from (only the user's own files can approve), and an offer to
 * follow it.
 */
import { useState } from 'react';
import type { ServerConfig } from '../../../shared/config/server-config';
import type { ApprovalDecision, ProjectServerApproval, ServerView } from '../../../shared/domain';
import { useWorkbench } from '../state/store';
import './ProjectApproval.css';

const LABEL: Record<ApprovalDecision, string> = { approved: 'approved', denied: 'denied' };

export function ProjectApproval({ server }: { server: ServerView }) {
  if (server.heldProjectEntry) return <HeldProjectEntry server={server} held={server.heldProjectEntry} />;
  if (server.scope !== 'project' || !server.approval) return null;
  return <ProjectServerDecision server={server} approval={server.approval} />;
}

/** What a project entry would run, in one line. */
function describeEntry(config: ServerConfig): string {
  const record = config as { command?: unknown; args?: unknown; url?: unknown };
  if (typeof record.command === 'string') return [record.command, ...(Array.isArray(record.args) ? record.args : [])].join(' ');
  return typeof record.url === 'string' ? record.url : '';
}

/**
 * The open project's `.mcp.json` has an entry named like one of your own servers: yours
 * stays in use (a repository never takes a server's name silently), the project's is shown
 * here with what it would run, and approving it lets it take the name.
 */
function HeldProjectEntry({ server, held }: { server: ServerView; held: NonNullable<ServerView['heldProjectEntry']> }) {
  const decide = useDecide(server.name);
  return (
    <div className="project-approval held-project-entry" role="group" aria-label={`Project entry also named ${server.name}`}>
      <span>
        The project&apos;s .mcp.json also defines {server.name} (<code>{describeEntry(held.config)}</code>){held.approval.decision === 'denied' ? ', which you denied' : ''}. Your{' '}
        {server.scope ?? 'user'} entry is used.
      </span>
      <button type="button" onClick={() => void decide.run('approved')} aria-label={`Use the project's entry for ${server.name}`} title="Approve the project's entry: it replaces yours under this name, until it changes">
        Use the project&apos;s entry
      </button>
      {held.approval.decision !== 'denied' && (
        <button type="button" className="link-button" onClick={() => void decide.run('denied')} aria-label={`Deny the project's entry for ${server.name}`}>
          Deny it
        </button>
      )}
      {decide.error && (
        <p className="error-text" role="alert">
          {decide.error}
        </p>
      )}
    </div>
  );
}

function useDecide(name: string) {
  const api = useWorkbench((s) => s.api);
  const apply = useWorkbench((s) => s.applyServerState);
  const [error, setError] = useState<string>();
  const run = async (decision: ApprovalDecision | 'undecided') => {
    setError(undefined);
    try {
      apply(await api.decideProjectServer({ name, decision }));
    } catch (e) {
      setError((e as Error).message);
    }
  };
  return { run, error };
}

function ProjectServerDecision({ server, approval }: { server: ServerView; approval: ProjectServerApproval }) {
  const { run: decide, error } = useDecide(server.name);
  const claude = approval.claudeCode;

  return (
    <div className="project-approval" role="group" aria-label={`Approval of ${server.name}`}>
      {approval.decision ? (
        <>
          <span className={`approval-decision approval-${approval.decision}`}>You {LABEL[approval.decision]} this project server</span>
          <button type="button" className="link-button" onClick={() => void decide('undecided')} aria-label={`Forget the decision about ${server.name}`}>
            Change
          </button>
        </>
      ) : (
        <>
          {approval.changed && <span className="approval-changed">Changed since you decided</span>}
          <button type="button" onClick={() => void decide('approved')} aria-label={`Approve ${server.name}`} title="Remember for this project: it connects at start, until its entry changes">
            Approve
          </button>
          <button type="button" onClick={() => void decide('denied')} aria-label={`Deny ${server.name}`} title="Remember for this project: it is never started, until its entry changes">
            Deny
          </button>
        </>
      )}
      {claude && (
        <span className="approval-claude-code muted">
          Claude Code: {LABEL[claude.decision]} (in {claude.source})
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
