/** The questions an app makes the workbench ask: its permissions, a tool call, a download. */
import type { AppPermissions } from '../../../../shared/api/apps';
import { mcpToolName } from '../../../../shared/domain';
import { describeOffer, type DownloadOffer } from './app-downloads';
import type { AppToolRequest } from './app-tool-calls';
import { Modal } from '../Modal';

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
export function AppCallPrompt({ request }: { request: AppToolRequest & { answer(allowed: boolean): void } }) {
  return (
    <Modal titleId="app-call-title" className="permission-prompt" onCancel={() => request.answer(false)}>
      <h2 id="app-call-title">The app asks to run {request.tool}</h2>
      <p>
        <code>{mcpToolName(request.server, request.tool)}</code> asks first because {request.reason}.
      </p>
      <pre className="json">{JSON.stringify(request.arguments, null, 2)}</pre>
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

export function AppDownloadPrompt({ offer }: { offer: DownloadOffer & { answer(allowed: boolean): void } }) {
  return (
    <Modal titleId="app-download-title" onCancel={() => offer.answer(false)}>
      <h2 id="app-download-title">The app offers a download</h2>
      <ul>
        {describeOffer(offer).map((line, index) => (
          <li key={index}>{line}</li>
        ))}
      </ul>
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
