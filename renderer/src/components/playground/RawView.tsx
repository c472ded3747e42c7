/**
 * The exact request the provider received for each model turn, and each tool's schema as
 * that provider's adaptation left it, with every lossy change (a keyword removed or
 * changed: the model never saw it) flagged.
 */
import type { ChatModelTurn } from '../../../../shared/api/models';
import type { ChatTurn } from './use-chat';

export function RawView({ turns }: { turns: ChatTurn[] }) {
  const requests = turns.flatMap((turn) => turn.steps.filter((s): s is ChatModelTurn => s.kind === 'model').map((step) => ({ turn, step })));
  if (requests.length === 0) return <p className="empty">No requests yet: each model turn’s request body appears here as the provider received it.</p>;
  return (
    <div className="playground-raw">
      {requests.map(({ turn, step }, index) => {
        const lossy = step.request.tools.filter((t) => t.changes.some((c) => c.lossy));
        return (
          <details key={index} open={index === requests.length - 1}>
            <summary>
              {turn.model}, step {step.step}: {step.request.tools.length} tool definition(s){lossy.length ? `, ${lossy.length} changed with loss by the provider's adaptation` : ''}
            </summary>
            {step.request.tools.map((tool) => (
              <div key={tool.name} className="playground-adapted">
                <h4>{tool.name}</h4>
                {tool.changes.length === 0 ? (
                  <p className="muted">Sent as the server declared it.</p>
                ) : (
                  <ul>
                    {tool.changes.map((change) => (
                      <li key={`${change.path}-${change.change}`} className={change.lossy ? 'playground-lossy' : 'muted'}>
                        {change.lossy ? 'Lossy: ' : ''}
                        <code>{change.path || '(the tool)'}</code> {change.change}
                        {change.detail ? ` (${change.detail})` : ''}
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            ))}
            <pre className="mono" tabIndex={0} aria-label={`Request body of step ${step.step}`}>{typeof step.request.body === 'string' ? prettyJson(step.request.body) : JSON.stringify(step.request.body, null, 2)}</pre>
          </details>
        );
      })}
    </div>
  );
}

function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
