/**
 * The questions an app makes the workbench ask: its permissions, a tool call, a download,
 * whether it may open links. One is shown at a time (AppPromptView, keyed by the question,
 * so a new question is a new dialog); each button answers exactly the question it shows.
 */
import type { AppPermissions } from '../../../../shared/api/apps';
import { mcpToolName } from '../../../../shared/domain';
import { describeOffer, type DownloadOffer } from './app-downloads';
import type { AppToolRequest } from './app-tool-calls';
import { LINKS_PER_WINDOW, LINK_WINDOW_MS } from './app-links';
import type { AppPrompt } from './use-app-host';
import { Modal } from '../Modal';
import { SafeName } from '../names/SafeName';

export function AppPromptView({ prompt, more }: { prompt: AppPrompt; more: number }) {
  const waiting = more > 0 ? <p className="muted">{more} more waiting.</p> : null;
  if (prompt.kind === 'call') return <AppCallPrompt request={{ ...prompt.request, answer: prompt.answer }} waiting={waiting} />;
  if (prompt.kind === 'download') return <AppDownloadPrompt offer={{ ...prompt.offer, answer: prompt.answer }} waiting={waiting} />;
  return <AppLinksPrompt url={prompt.url} answer={prompt.answer} waiting={waiting} />;
}

/** The first link an app asks to open: may this app open links at all, for the rest of its session? */
function AppLinksPrompt({ url, answer, waiting }: { url: string; answer(allowed: boolean): void; waiting: React.ReactNode }) {
  return (
    <Modal titleId="app-links-title" onCancel={() => answer(false)}>
      <h2 id="app-links-title">The app asks to open links</h2>
      <p>
        It wants to open <code className="url-to-open">{url}</code> in your browser.
      </p>
      <p className="muted">
        Your answer holds for this app until it closes: allowed, its links open without asking (at most {LINKS_PER_WINDOW} every {LINK_WINDOW_MS / 1000} seconds); refused, none
        does.
      </p>
      {waiting}
      <div className="dialog-actions">
        <button type="button" onClick={() => answer(false)}>
          Refuse its links
        </button>
        <button type="button" className="primary" onClick={() => answer(true)}>
          Allow its links
        </button>
      </div>
    </Modal>
  );
}

const NAMES: Record<keyof AppPermissions, string> = { camera: 'camera', microphone: 'microphone', geolocation: 'location', clipboardWrite: 'writing to the clipboard' };

export function PermissionConsent({ permissions, onDecide }: { permissions: AppPermissions; onDecide: (allow: boolean) => void }) {
  const asked = (Object.keys(permissions) as (keyof AppPermissions)[]).filter((name) => permissions[name]).map((name) => NAMES[name]);
  return (
    <div className="app-prompt" role="group" aria-label="App permissions">
      <p>
        This app asks to use: <strong>{asked.join(', ')}</strong>. It gets them only if you allow it; the browser may ask again.
      </p>
      <button type="button" className="primary" onClick={() => onDecide(true)}>
        Allow
      </button>{' '}
      <button type="button" onClick={() => onDecide(false)}>
        Run without them
      </button>
    </div>
  );
}

/** A dialog, like the user's own "Run?" prompt: the page behind (the app included) waits for the answer. */
function AppCallPrompt({ request, waiting }: { request: AppToolRequest & { answer(allowed: boolean): void }; waiting?: React.ReactNode }) {
  return (
    <Modal titleId="app-call-title" className="permission-prompt" onCancel={() => request.answer(false)}>
      <h2 id="app-call-title">
        The app asks to run <SafeName text={request.tool} />
      </h2>
      <p>
        <code>
          <SafeName text={mcpToolName(request.server, request.tool)} />
        </code>{' '}
        asks first because {request.reason}.
      </p>
      <pre className="json">{JSON.stringify(request.arguments, null, 2)}</pre>
      {waiting}
      <div className="dialog-actions">
        <button type="button" onClick={() => request.answer(false)}>
          Refuse
        </button>
        <button type="button" className="primary" autoFocus onClick={() => request.answer(true)}>
          Run once
        </button>
      </div>
    </Modal>
  );
}

function AppDownloadPrompt({ offer, waiting }: { offer: DownloadOffer & { answer(allowed: boolean): void }; waiting?: React.ReactNode }) {
  return (
    <Modal titleId="app-download-title" onCancel={() => offer.answer(false)}>
      <h2 id="app-download-title">The app offers a download</h2>
      <ul>
        {describeOffer(offer).map((line, index) => (
          <li key={index}>{line}</li>
        ))}
      </ul>
      {waiting}
      <div className="dialog-actions">
        <button type="button" onClick={() => offer.answer(false)}>
          Refuse
        </button>
        <button type="button" className="primary" autoFocus onClick={() => offer.answer(true)}>
          Save
        </button>
      </div>
    </Modal>
  );
}
