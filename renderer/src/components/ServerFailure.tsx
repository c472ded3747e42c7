/** Why a server failed: the reason, how its process ended, and its last stderr lines. */
import type { ServerView } from '../../../shared/domain';
import './ServerFailure.css';

function describeExit(exit: NonNullable<ServerView['exit']>): string {
  if (exit.signal) return `killed by ${exit.signal}`;
  if (exit.code !== null) return `exit code ${exit.code}`;
  return 'did not start';
}

export function ServerFailure({ server, openOutput = false }: { server: ServerView; openOutput?: boolean }) {
  if (!server.error) return null;
  return (
    <div className="server-error" role="alert">
      <p>{server.error}</p>
      {server.exit && <p className="exit-info">Process: {describeExit(server.exit)}</p>}
      {server.stderrTail && server.stderrTail.length > 0 && (
        <details open={openOutput}>
          <summary>Last output</summary>
          <pre>{server.stderrTail.join('\n')}</pre>
        </details>
      )}
    </div>
  );
}
