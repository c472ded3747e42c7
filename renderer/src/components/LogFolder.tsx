/**
 * "Open log folder": the diagnostic log, for finding out why something went wrong. The
 * desktop app opens the folder in the file manager; in a browser the folder is on the
 * machine the host runs on, so its path is shown instead.
 */
import { useState } from 'react';
import { useWorkbench } from '../state/store';

export function LogFolder() {
  const api = useWorkbench((s) => s.api);
  const [shown, setShown] = useState<{ path: string; opened: boolean } | undefined>();
  const [error, setError] = useState<string | undefined>();

  const open = async () => {
    setError(undefined);
    try {
      setShown(await api.openLogFolder());
    } catch (failure) {
      setError((failure as Error).message);
    }
  };

  return (
    <div className="field">
      <button type="button" onClick={() => void open()}>
        Open log folder
      </button>
      <p className="muted field-help" role="status">
        {shown ? (
          <>
            {shown.opened ? 'Opened ' : 'The diagnostic log is in '}
            <code className="log-folder-path">{shown.path}</code>
            {shown.opened ? '.' : ' on the machine MCP Workbench runs on.'}
          </>
        ) : (
          'The diagnostic log records errors the app recovered from, for finding out why something went wrong. Secrets are masked in it.'
        )}
      </p>
      {error && (
        <p className="field-error" role="alert">
          Could not open the log folder: {error}
        </p>
      )}
    </div>
  );
}
