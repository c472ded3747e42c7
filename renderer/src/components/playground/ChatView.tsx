/** The conversation as a person reads it: each prompt, the tool calls it led to, and the answer. */
import type { ChatTurn } from './use-chat';

export function ChatView({ turns }: { turns: ChatTurn[] }) {
  if (turns.length === 0) return <p className="empty">Send a message: the model sees the tools picked above and may call them.</p>;
  return (
    <ol className="playground-chat" aria-live="polite">
      {turns.map((turn) => (
        <li key={turn.callId}>
          <p className="playground-user">
            <span className="muted">You:</span> {turn.prompt}
          </p>
          {turn.rerun && (
            <details className="playground-rerun">
              <summary>
                Re-run from step {turn.rerun.step} ({turn.rerun.tool}
                {turn.rerun.edited ? ', its result edited' : ''})
              </summary>
              <p className="muted">
                The answer before: {turn.rerun.earlier.text || (turn.rerun.earlier.error ? turn.rerun.earlier.error.message : '(none)')}
              </p>
            </details>
          )}
          {turn.steps
            .filter((step) => step.kind === 'tool')
            .map((step) => (
              <p key={`${step.step}-${step.toolCallId}`} className={step.isError ? 'playground-tool error-text' : 'playground-tool'}>
                {step.server} → {step.tool} <code>{JSON.stringify(step.arguments)}</code> {step.approval === 'edited' ? '(arguments edited) ' : ''}
                {step.resultEdited ? '(result edited) ' : ''}
                {step.notRun ? `not run: ${step.notRun}` : `→ ${step.resultText.length > 300 ? `${step.resultText.slice(0, 300)}…` : step.resultText}`}
              </p>
            ))}
          {turn.text && (
            <p className="playground-answer">
              <span className="muted">{turn.model}:</span> {turn.text}
            </p>
          )}
          {!turn.status && <p className="muted">Working…</p>}
          {turn.status === 'stopped' && <p className="muted">Stopped.</p>}
          {turn.status === 'max-steps' && <p className="muted">Stopped after the step limit without a final answer.</p>}
          {turn.error && (
            <p role="alert" className="error-text">
              {turn.error.message} {turn.error.hint}
            </p>
          )}
        </li>
      ))}
    </ol>
  );
}
