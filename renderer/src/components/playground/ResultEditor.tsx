/**
 * The result of a finished tool call, as the model will be told it in a re-run from that
 * call: the user rewrites it (or keeps it) and marks it an error or not, and the model is
 * asked again from there. The tool is not called again. Escape closes it unchanged.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { ChatToolStep } from '../../../../shared/api/models';
import type { RerunFrom } from './use-chat';

export function ResultEditor({ step, onRerun, onClose }: { step: ChatToolStep; onRerun: (from: RerunFrom) => void; onClose: () => void }) {
  const [text, setText] = useState(step.resultText);
  const [isError, setIsError] = useState(step.isError);
  const field = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  useEffect(() => field.current?.focus(), []);
  const changed = text !== step.resultText || isError !== step.isError;
  return (
    <section
      className="playground-result-editor"
      role="group"
      aria-label={`Re-run from ${step.tool} (step ${step.step})`}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.stopPropagation();
        onClose();
      }}
    >
      <label htmlFor={`${id}-text`}>Result the model is told (the tool is not called again)</label>
      <textarea id={`${id}-text`} ref={field} className="mono" rows={Math.min(12, text.split('\n').length + 1)} value={text} spellCheck={false} onChange={(e) => setText(e.target.value)} />
      <label className="playground-check">
        <input type="checkbox" checked={isError} onChange={(e) => setIsError(e.target.checked)} /> The result is an error
      </label>
      <div className="dialog-actions">
        <button type="button" onClick={onClose}>
          Cancel
        </button>
        <button type="button" className="primary" onClick={() => onRerun({ step, result: { text, isError } })}>
          {changed ? 'Re-run with this result' : 'Re-run from here'}
        </button>
      </div>
    </section>
  );
}
