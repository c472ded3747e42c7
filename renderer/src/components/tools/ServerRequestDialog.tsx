/**
 * A question a server asks, one at a time (oldest first): a form built from an
 * elicitation's requestedSchema (defaults applied; accept, decline or cancel), consent
 * to open a URL in the browser (URL-mode elicitation), or a sampling request the user
 * answers by writing the model's reply, or (input requests answered by hand) the
 * inputResponses of an input_required result, written as JSON. A question that times out or is withdrawn
 * closes by itself, with a note saying so.
 */
import { useEffect, useMemo, useState } from 'react';
import type { PendingServerRequest, ServerRequestAnswer, ServerRequestBody } from '../../../../shared/api/server-requests';
import { formatIssues, validateAgainstSchema } from '../../../../shared/json-schema';
import { useWorkbench } from '../../state/store';
import { SamplingDraft } from './SamplingDraft';
import { Modal } from '../Modal';
import { issuesByPath, SchemaForm } from './schema-form/SchemaForm';
import { initialArguments } from './schema-form/schema-model';
import { InputResponsesRequest } from './InputResponsesRequest';
import './tool-dialogs.css';
import { SafeName } from '../names/SafeName';

export function ServerRequestDialog() {
  const request = useWorkbench((s) => s.serverRequests[0]);
  const waiting = useWorkbench((s) => s.serverRequests.length);
  const notice = useWorkbench((s) => s.serverRequestNotice);
  const dismiss = useWorkbench((s) => s.dismissServerRequestNotice);
  const answer = useWorkbench((s) => s.answerServerRequest);

  return (
    <>
      {notice && (
        <div className="toast" role="status">
          {notice}{' '}
          <button type="button" className="link-button" onClick={dismiss}>
            Dismiss
          </button>
        </div>
      )}
      {/* Open while a question waits; the next question reuses the open dialog. */}
      {request && (
        <Modal
          titleId="server-request-title"
          title={
            <>
              <SafeName text={titleOf(request.body)} /> <span className="muted">from {request.server}</span>
            </>
          }
          className="server-request"
          onCancel={(event) => {
            // Escape answers "cancel" rather than leaving the server waiting.
            event.preventDefault();
            void answer(request.id, { action: 'cancel' });
          }}
        >
          <RequestBody key={request.id} request={request} more={waiting - 1} onAnswer={(a) => void answer(request.id, a)} />
        </Modal>
      )}
    </>
  );
}

function RequestBody({ request, more, onAnswer }: { request: PendingServerRequest; more: number; onAnswer(answer: ServerRequestAnswer): void }) {
  return (
    <div>
      <Countdown until={request.expiresAt} />
      {more > 0 && <p className="muted">{more} more waiting.</p>}
      {request.body.kind === 'elicitation-form' && <FormRequest body={request.body} onAnswer={onAnswer} />}
      {request.body.kind === 'elicitation-url' && <UrlRequest body={request.body} onAnswer={onAnswer} />}
      {request.body.kind === 'sampling' && <SamplingRequest request={request} body={request.body} onAnswer={onAnswer} />}
      {request.body.kind === 'headers-helper' && <HeadersHelperRequest body={request.body} onAnswer={onAnswer} />}
      {request.body.kind === 'project-server' && <ProjectServerRequest body={request.body} onAnswer={onAnswer} />}
      {request.body.kind === 'input-required' && <InputResponsesRequest body={request.body} onAnswer={onAnswer} />}
    </div>
  );
}

function titleOf(body: ServerRequestBody): string {
  if (body.kind === 'elicitation-form') return 'The server asks for input';
  if (body.kind === 'elicitation-url') return 'The server asks you to open a page';
  if (body.kind === 'headers-helper') return 'Run this server\'s headersHelper?';
  if (body.kind === 'project-server') return body.changed ? 'Start this changed project server?' : 'Start this project server?';
  if (body.kind === 'input-required') return `${body.tool} needs input (round ${body.round})`;
  return 'The server asks for a model reply (sampling)';
}

function Countdown({ until }: { until: number }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const seconds = Math.max(0, Math.round((until - now) / 1000));
  return (
    <p className="muted countdown">
      Ends unanswered in {Math.floor(seconds / 60)}:{String(seconds % 60).padStart(2, '0')}.
    </p>
  );
}

function FormRequest({ body, onAnswer }: { body: Extract<ServerRequestBody, { kind: 'elicitation-form' }>; onAnswer(answer: ServerRequestAnswer): void }) {
  const [value, setValue] = useState<Record<string, unknown>>(() => initialArguments(body.requestedSchema));
  const check = useMemo(() => validateAgainstSchema(body.requestedSchema, value), [body.requestedSchema, value]);
  const [tried, setTried] = useState(false);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if (check.valid) onAnswer({ action: 'accept', content: value });
      }}
      onKeyDown={(event) => {
        // Text fields take Enter as a new line; Ctrl/⌘+Enter accepts, as it runs a tool.
        if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
          event.preventDefault();
          event.currentTarget.requestSubmit();
        }
      }}
    >
      <p className="request-message">{body.message}</p>
      <SchemaForm schema={body.requestedSchema} value={value} onChange={(next) => setValue((next ?? {}) as Record<string, unknown>)} {...(tried && !check.valid ? { issues: issuesByPath(check.issues) } : {})} />
      {tried && !check.valid && (
        <ul role="alert" className="error-text">
          {formatIssues(check.issues).map((issue) => (
            <li key={issue}>{issue}</li>
          ))}
        </ul>
      )}
      <div className="dialog-actions">
        <button type="button" onClick={() => onAnswer({ action: 'cancel' })}>
          Cancel
        </button>
        <button type="button" onClick={() => onAnswer({ action: 'decline' })}>
          Decline
        </button>
        <button type="submit" className="primary">
          Accept
        </button>
      </div>
    </form>
  );
}

/** Consent for a config's headersHelper: a shell command run on this machine before each connect, in a stated folder, its output sent to a stated URL. */
function HeadersHelperRequest({ body, onAnswer }: { body: Extract<ServerRequestBody, { kind: 'headers-helper' }>; onAnswer(answer: ServerRequestAnswer): void }) {
  return (
    <div>
      {body.askedAgain && (
        <p className="notice">
          You allowed this command before, but that consent covered the command only. Consents now also cover the folder it runs in, the entry&apos;s scope and the URL its
          headers go to, so you are asked again.
        </p>
      )}
      <p>
        Its entry ({body.scope} scope{body.project ? <> of the project <code>{body.project}</code></> : null}) has a <code>headersHelper</code>: a command run on this
        machine before each connect, whose output becomes the HTTP headers sent to <strong>{hostOf(body.url)}</strong>. Run it only if you trust where this config came
        from.
      </p>
      <pre className="headers-helper-command">{body.command}</pre>
      <dl className="headers-helper-facts">
        <dt>Runs in</dt>
        <dd>
          <code>{body.cwd}</code>
        </dd>
        <dt>Headers go to</dt>
        <dd>
          <code>{body.url}</code>
        </dd>
      </dl>
      <p className="muted">Allowing it is remembered for this server until the command, the folder, the scope or the URL changes.</p>
      <div className="dialog-actions">
        <button type="button" onClick={() => onAnswer({ action: 'decline' })}>
          Do not run
        </button>
        <button type="button" className="primary" onClick={() => onAnswer({ action: 'accept' })}>
          Allow and run
        </button>
      </div>
    </div>
  );
}

/** A project server (.mcp.json) about to start without an approval: exactly what would run, and the choice to approve it, start it once, or not. */
function ProjectServerRequest({ body, onAnswer }: { body: Extract<ServerRequestBody, { kind: 'project-server' }>; onAnswer(answer: ServerRequestAnswer): void }) {
  const { entry } = body;
  const commandLine = entry.command ? [entry.command, ...(entry.args ?? [])].join(' ') : undefined;
  return (
    <div>
      <p>
        It comes from the <code>.mcp.json</code> of <code>{body.project}</code>, a file that came with the project.{' '}
        {body.changed ? 'Its entry changed since you decided about it. ' : ''}Start it only if you trust where the project came from.
      </p>
      <dl className="project-server-facts">
        {commandLine !== undefined && (
          <>
            <dt>Runs</dt>
            <dd>
              <pre className="headers-helper-command">{commandLine}</pre>
            </dd>
          </>
        )}
        {entry.cwd && (
          <>
            <dt>In</dt>
            <dd>
              <code>{entry.cwd}</code>
            </dd>
          </>
        )}
        {entry.url && (
          <>
            <dt>Connects to ({entry.transport})</dt>
            <dd>
              <code>{entry.url}</code>
            </dd>
          </>
        )}
        {entry.envFile && (
          <>
            <dt>Reads variables from</dt>
            <dd>
              <code>{entry.envFile}</code>
            </dd>
          </>
        )}
        {entry.env && (
          <>
            <dt>Sets</dt>
            <dd>{entry.env.join(', ')}</dd>
          </>
        )}
        {entry.headers && (
          <>
            <dt>Sends headers</dt>
            <dd>{entry.headers.join(', ')}</dd>
          </>
        )}
        {entry.headersHelper && (
          <>
            <dt>Runs before connecting</dt>
            <dd>
              <pre className="headers-helper-command">{entry.headersHelper}</pre>
            </dd>
          </>
        )}
      </dl>
      <div className="dialog-actions">
        <button type="button" onClick={() => onAnswer({ action: 'decline' })}>
          Do not start
        </button>
        <button type="button" onClick={() => onAnswer({ action: 'accept' })}>
          Start once
        </button>
        <button type="button" className="primary" onClick={() => onAnswer({ action: 'accept', content: { remember: true } })} title="Remembered for this project until the entry changes">
          Approve
        </button>
      </div>
    </div>
  );
}

function UrlRequest({ body, onAnswer }: { body: Extract<ServerRequestBody, { kind: 'elicitation-url' }>; onAnswer(answer: ServerRequestAnswer): void }) {
  const api = useWorkbench((s) => s.api);
  const [error, setError] = useState<string | undefined>();
  const host = hostOf(body.url);
  const open = async () => {
    try {
      const { opened } = await api.openExternalUrl({ url: body.url });
      // Browser mode: this page is the user's browser.
      if (!opened) window.open(body.url, '_blank', 'noopener,noreferrer');
      onAnswer({ action: 'accept' });
    } catch (openError) {
      setError((openError as Error).message);
    }
  };
  return (
    <div>
      <p className="request-message">{body.message}</p>
      <p>
        It wants to open a page on <strong>{host}</strong>:
      </p>
      <p>
        <code className="url-to-open">{body.url}</code>
      </p>
      {body.during === 'tool-call' && (
        <p className="muted">
          The call to <SafeName text={body.tool ?? ''} /> waits until you finish there, then runs again by itself.
        </p>
      )}
      {error && (
        <p role="alert" className="error-text">
          {error}
        </p>
      )}
      <div className="dialog-actions">
        <button type="button" onClick={() => onAnswer({ action: 'cancel' })}>
          Cancel
        </button>
        <button type="button" onClick={() => onAnswer({ action: 'decline' })}>
          Decline
        </button>
        <button type="button" className="primary" onClick={() => void open()}>
          Open in browser
        </button>
      </div>
    </div>
  );
}

function SamplingRequest({ request, body, onAnswer }: { request: PendingServerRequest; body: Extract<ServerRequestBody, { kind: 'sampling' }>; onAnswer(answer: ServerRequestAnswer): void }) {
  const [text, setText] = useState('');
  const [model, setModel] = useState('');
  const modern = useWorkbench((s) => s.servers.find((server) => server.name === request.server)?.protocolEra === 'modern');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onAnswer({ action: 'reply', text, ...(model.trim() ? { model: model.trim() } : {}) });
      }}
    >
      {modern && (
        <p className="notice" role="note">
          Sampling is deprecated in MCP 2026-07-28 (SEP-2577): servers are meant to bring their own model rather than borrow the client’s. It still works; expect it to go in a later version.
        </p>
      )}
      {body.systemPrompt && (
        <p>
          <span className="muted">System prompt:</span> {body.systemPrompt}
        </p>
      )}
      <ol className="sampling-messages" aria-label="Conversation">
        {body.messages.map((message, index) => (
          <li key={index} className={`sampling-message role-${message.role}`}>
            <span className="muted">{message.role}</span>
            {message.content.map((content, i) =>
              content.type === 'text' ? (
                <p key={i}>{content.text}</p>
              ) : content.type === 'other' ? (
                <pre key={i} className="json">
                  {content.json}
                </pre>
              ) : content.type === 'image' ? (
                <img key={i} className="image-block" src={`data:${content.mimeType};base64,${content.data}`} alt="Image in the conversation" />
              ) : (
                <audio key={i} controls src={`data:${content.mimeType};base64,${content.data}`} />
              ),
            )}
          </li>
        ))}
      </ol>
      <p className="muted">
        At most {body.maxTokens} tokens{body.modelHints ? `; the server prefers ${body.modelHints.join(', ')}` : ''}
        {body.temperature !== undefined ? `; temperature ${body.temperature}` : ''}.
      </p>
      <SamplingDraft
        requestId={request.id}
        server={request.server}
        {...(body.modelHints ? { modelHints: body.modelHints } : {})}
        onDraft={(drafted, draftedBy) => {
          setText(drafted);
          setModel(draftedBy);
        }}
      />
      <label className="field">
        Your reply, sent as the model’s message
        <textarea rows={5} value={text} onChange={(event) => setText(event.target.value)} required />
      </label>
      <label className="field">
        Model name (optional)
        <input value={model} placeholder="mcp-workbench-user" onChange={(event) => setModel(event.target.value)} />
      </label>
      <div className="dialog-actions">
        <button type="button" onClick={() => onAnswer({ action: 'decline' })}>
          Decline
        </button>
        <button type="submit" className="primary" disabled={text.trim() === ''}>
          Send reply
        </button>
      </div>
    </form>
  );
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
