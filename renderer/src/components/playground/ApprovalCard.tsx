/**
 * A tool call the model asked for, paused until the user answers: run it as asked, run it
 * with edited arguments (a JSON object, checked before it is sent), or decline (the model
 * is told). Focus lands on Approve so the keyboard answers at once.
 */
import { useEffect, useRef, useState } from 'react';
import type { PausedCall } from './use-chat';

export function ApprovalCard({ call, onAnswer }: { call: PausedCall; onAnswer: (decision: 'approve' | 'deny', args?: Record<string, unknown>) => void }) {
  const original = JSON.stringify(call.arguments, null, 2);
  const [text, setText] = useState(original);
  const [problem, setProblem] = useState<string | undefined>();
  const approveButton = useRef<HTMLButtonElement>(null);
  useEffect(() => approveButton.current?.focus(), []);

  const approve = () => {
    if (text === original) return onAnswer('approve');
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      return setProblem(`The arguments are not JSON: ${(error as Error).message}`);
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return setProblem('The arguments must be a JSON object ({ … }).');
    onAnswer('approve', parsed as Record<string, unknown>);
  };

  return (
    <section className="playground-approval" role="group" aria-label={`The model wants to call ${call.tool}`}>
      <p>
        The model wants to call <code>{call.server}</code> → <strong>{call.tool}</strong> with:
      </p>
      <label htmlFor={`approval-${call.approvalId}`}>Arguments (edit before running if you like)</label>
      <textarea id={`approval-${call.approvalId}`} className="mono" rows={Math.min(12, original.split('\n').length + 1)} value={text} spellCheck={false} onChange={(e) => setText(e.target.value)} />
      {problem && (
        <p role="alert" className="error-text">
          {problem}
        </p>
      )}
      <div className="dialog-actions">
        <button type="button" onClick={() => onAnswer('deny')}>
          Deny
        </button>
        <button type="button" className="primary" ref={approveButton} onClick={approve}>
          {text === original ? 'Approve' : 'Run with these arguments'}
        </button>
      </div>
    </section>
  );
}
