/**
 * Sign in / Sign out for a server that signs in with OAuth (http, sse, claudeai-proxy).
 * Sign in shows while the server needs it, Sign out once it has tokens; while the browser
 * is open it says so and offers Cancel, and the link when no tab could be opened.
 */
import { useEffect } from 'react';
import type { ServerView } from '../../../shared/domain';
import { signsIn } from '../state/auth-slice';
import { useWorkbench } from '../state/store';
import './SignInActions.css';

/** `compact`: only what needs doing now (Sign in, or the sign-in under way), for a server's row. */
export function SignInActions({ server, compact = false }: { server: ServerView; compact?: boolean }) {
  const remote = signsIn(server.config);
  const status = useWorkbench((s) => s.authStatuses[server.name]);
  const signIn = useWorkbench((s) => s.signIns[server.name]);
  const load = useWorkbench((s) => s.loadAuthStatus);
  const start = useWorkbench((s) => s.signIn);
  const cancel = useWorkbench((s) => s.cancelSignIn);
  const signOut = useWorkbench((s) => s.signOut);

  useEffect(() => {
    if (remote) void load(server.name);
    // A state change may mean a new sign-in, a refresh, or a sign-out elsewhere.
  }, [remote, load, server.name, server.status]);

  if (!remote || server.status === 'disabled') return null;
  const label = `${server.name}`;
  if (signIn?.busy) {
    return (
      <div className="sign-in" role="status">
        <span className="muted">Waiting for the sign-in in your browser…</span>
        {signIn.link && (
          <a href={signIn.link} target="_blank" rel="noopener noreferrer">
            Open the sign-in page
          </a>
        )}
        {signIn.error && (
          <p className="error-text" role="alert">
            {signIn.error}
          </p>
        )}
        <button type="button" onClick={() => void cancel(server.name)} aria-label={`Cancel the sign-in to ${label}`}>
          Cancel
        </button>
      </div>
    );
  }
  const needsSignIn = server.status === 'needs-auth';
  if (compact && !needsSignIn && !signIn?.error) return null;
  return (
    <div className="sign-in">
      {needsSignIn && (
        <button type="button" className={server.status === 'needs-auth' ? 'primary' : undefined} onClick={() => void start(server.name)} aria-label={`Sign in to ${label}`}>
          Sign in
        </button>
      )}
      {status?.signedIn && !compact && (
        <button type="button" onClick={() => void signOut(server.name)} aria-label={`Sign out of ${label}`} title="Forget its tokens, client registration and discovery state">
          Sign out
        </button>
      )}
      {signIn?.error && (
        <p className="error-text" role="alert">
          {signIn.error}
        </p>
      )}
    </div>
  );
}
