/**
 * Input requests answered by hand (MCP 2026-07-28): what the server asked for and its
 * requestState (read-only: it goes back as it is), and a JSON editor pre-filled with an
 * inputResponses skeleton for exactly the requests it named. Whatever object is written
 * is sent, unchecked against the requests, so a server can be tried with odd answers.
 */
import { useMemo, useState } from 'react';
import type { ServerRequestAnswer, ServerRequestBody } from '../../../../shared/api/server-requests';
import { inputResponsesSkeleton } from '../../../../shared/input-responses-skeleton';
import './tool-panel.css';

type Body = Extract<ServerRequestBody, { kind: 'input-required' }>;

export function InputResponsesRequest({ body, onAnswer }: { body: Body; onAnswer(answer: ServerRequestAnswer): void }) {
  const [text, setText] = useState(() => JSON.stringify(inputResponsesSkeleton(body.inputRequests), null, 2));
  const parsed = useMemo(() => parseObject(text), [text]);
  const [tried, setTried] = useState(false);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if (parsed.ok) onAnswer({ action: 'send', inputResponses: parsed.value });
      }}
    >
      <p className="request-message">The tool answered input_required. Write the inputResponses to send with the retry.</p>
      <details open>
        <summary>Input requests</summary>
        <pre className="json" aria-label="Input requests">
          {JSON.stringify(body.inputRequests, null, 2)}
        </pre>
      </details>
      <label className="field">
        requestState (sent back unchanged)
        <input readOnly value={body.requestState ?? ''} placeholder="(none)" />
      </label>
      <label className="field">
        inputResponses
        <textarea className="input-responses-editor" rows={12} spellCheck={false} value={text} onChange={(event) => setText(event.target.value)} />
      </label>
      {tried && !parsed.ok && (
        <p role="alert" className="error-text">
          {parsed.message}
        </p>
      )}
      <div className="dialog-actions">
        <button type="button" onClick={() => onAnswer({ action: 'cancel' })}>
          Cancel
        </button>
        <button type="submit" className="primary">
          Send
        </button>
      </div>
    </form>
  );
}

function parseObject(text: string): { ok: true; value: Record<string, unknown> } | { ok: false; message: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `Not JSON: ${(error as Error).message}` };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { ok: false, message: 'inputResponses must be a JSON object (one entry per input request).' };
  return { ok: true, value: value as Record<string, unknown> };
}
