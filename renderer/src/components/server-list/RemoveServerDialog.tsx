/** Asks before removing a server, naming the entry, its scope and the file that will change. */
import { SCOPE_LABELS } from '../../../../shared/config/scopes';
import type { ServerView } from '../../../../shared/domain';
import { useWorkbench } from '../../state/store';
import { closeDialogOf, Modal } from '../Modal';
import './server-list.css';

const TITLE_ID = 'remove-server-title';

export function RemoveServerDialog({ server, onClose, onError }: { server: ServerView; onClose(): void; onError(message: string | undefined): void }) {
  const remove = useWorkbench((s) => s.removeServer);
  const scope = server.scope ?? 'user';
  const file = useWorkbench((s) => s.configStatus?.files.find((f) => f.scope === scope)?.path);

  return (
    <Modal titleId={TITLE_ID} title={`Remove ${server.name}?`} className="confirm-dialog" onClose={onClose}>
      <div className="modal-body">
        <p>
          This deletes the <strong>{SCOPE_LABELS[scope].toLowerCase()}</strong> entry <code>{server.name}</code>
          {file ? (
            <>
              {' '}
              from <code className="file-path">{file}</code>
            </>
          ) : null}
          {server.status === 'connected' || server.status === 'pending' ? ' and disconnects it.' : '.'}
        </p>
        {server.shadows && server.shadows.length > 0 && (
          <p className="muted">An entry of the same name in the {server.shadows.map((s) => SCOPE_LABELS[s].toLowerCase()).join(' and ')} scope stays and takes its place.</p>
        )}
      </div>
      <div className="dialog-actions">
        <button type="button" data-autofocus onClick={(event) => closeDialogOf(event.currentTarget)}>
          Cancel
        </button>
        <button
          type="button"
          className="danger-primary"
          onClick={(event) => {
            const button = event.currentTarget;
            onError(undefined);
            remove(server.name)
              .catch((error: Error) => onError(error.message))
              .finally(() => closeDialogOf(button));
          }}
        >
          Remove {server.name}
        </button>
      </div>
    </Modal>
  );
}
