/**
 * "Save as recording" in the protocol log: the server's logged messages written as a
 * recording file (for `mcp-workbench replay` and `mock`). The desktop app asks for the
 * file with the system's save dialog; in a browser the path is typed, as in Export.
 * The core refuses the app's data folder and symbolic links; an existing file is only
 * replaced after the user says so.
 */
import { useState } from 'react';
import { useWorkbench } from '../state/store';
import './SaveRecording.css';

export function SaveRecording({ server, disabled }: { server: string | undefined; disabled: boolean }) {
  const api = useWorkbench((s) => s.api);
  const nativeDialogs = useWorkbench((s) => s.configStatus?.nativeDialogs === true);
  const [open, setOpen] = useState(false);
  const [path, setPath] = useState('');
  const [confirmReplace, setConfirmReplace] = useState(false);
  const [status, setStatus] = useState<{ error: boolean; text: string }>();
  const defaultName = `${server ?? 'server'}-recording.jsonl`;

  const save = async (target: string, overwrite = false) => {
    if (!server) return;
    setStatus(undefined);
    setConfirmReplace(false);
    try {
      const saved = await api.saveProtocolLogAsRecording({ server, path: target, ...(overwrite ? { overwrite: true } : {}) });
      setStatus({ error: false, text: `Saved ${saved.count} ${saved.count === 1 ? 'message' : 'messages'} as a recording to ${saved.savedTo}.` });
    } catch (error) {
      const text = (error as Error).message;
      if (/already exists/.test(text)) setConfirmReplace(true);
      setStatus({ error: true, text });
    }
  };

  const start = async () => {
    if (!nativeDialogs) return setOpen((was) => !was);
    try {
      const chosen = await api.chooseFile({ purpose: 'export', defaultName });
      // The system dialog already asked about replacing an existing file.
      if (chosen.path) await save(chosen.path, true);
    } catch (error) {
      setStatus({ error: true, text: (error as Error).message });
    }
  };

  return (
    <div className="save-recording">
      <button type="button" onClick={() => void start()} disabled={disabled} aria-expanded={nativeDialogs ? undefined : open}>
        Save as recording
      </button>
      {open && !nativeDialogs && (
        <form
          className="inline-form"
          onSubmit={(event) => {
            event.preventDefault();
            void save(path.trim());
          }}
        >
          <label htmlFor="recording-path">Recording file</label>
          <input id="recording-path" spellCheck={false} placeholder={`/path/to/${defaultName}`} value={path} onChange={(event) => setPath(event.target.value)} />
          <button type="submit" disabled={!path.trim()}>
            Save
          </button>
        </form>
      )}
      {confirmReplace && (
        <button type="button" className="danger" onClick={() => void save(path.trim(), true)}>
          Replace {path.trim()}
        </button>
      )}
      {status && (
        <p className={status.error ? 'error-text' : 'muted'} role={status.error ? 'alert' : 'status'}>
          {status.text}
        </p>
      )}
    </div>
  );
}
