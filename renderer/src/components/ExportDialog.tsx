/**
 * Export servers as an `mcpServers` JSON or in another client's format: copy the text,
 * or save it to a file. Secret values are never exported; the warnings say what the
 * other client needs instead.
 */
import { useEffect, useRef, useState } from 'react';
import { EXPORT_FORMAT_LABELS, EXPORT_FORMATS, type ExportFormat, type ExportResult } from '../../../shared/api/transfer';
import { useWorkbench } from '../state/store';
import { Field } from './Field';
import { Modal } from './Modal';
import './ExportDialog.css';

const TITLE_ID = 'export-title';

export function ExportDialog({ dialogId, names: preselected }: { dialogId: number; names?: string[] | undefined }) {
  const api = useWorkbench((s) => s.api);
  const servers = useWorkbench((s) => s.servers);
  const status = useWorkbench((s) => s.configStatus);
  const closeDialog = useWorkbench((s) => s.closeConfigDialog);
  const close = () => closeDialog(dialogId);
  const [selected, setSelected] = useState<Set<string>>(() => new Set(preselected ?? servers.map((s) => s.name)));
  const [format, setFormat] = useState<ExportFormat>('mcp-servers');
  const [result, setResult] = useState<ExportResult>();
  const [path, setPath] = useState('');
  const [message, setMessage] = useState<string>();
  const [error, setError] = useState<string>();
  const [confirmReplace, setConfirmReplace] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const names = servers.map((s) => s.name).filter((name) => selected.has(name));
  const key = `${format}:${names.join(',')}`;

  useEffect(() => {
    let live = true;
    setMessage(undefined);
    if (names.length === 0) {
      setResult(undefined);
      return;
    }
    api
      .exportServers({ names, format })
      .then((r) => live && (setResult(r), setError(undefined)))
      .catch((e: Error) => live && setError(e.message));
    return () => {
      live = false;
    };
    // `key` stands for names and format.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- names is a new array each render; key holds its value
  }, [api, key]);

  const copy = async () => {
    if (!result) return;
    try {
      await navigator.clipboard.writeText(result.text);
      setMessage('Copied to the clipboard.');
    } catch {
      // Without clipboard permission (a sandboxed window may have none), copy the selection.
      const textarea = root.current?.querySelector<HTMLTextAreaElement>('#export-text');
      textarea?.select();
      setMessage(textarea && document.execCommand('copy') ? 'Copied to the clipboard.' : 'The clipboard is not available here: the text is selected, copy it with Ctrl+C or ⌘C.');
    }
  };

  const save = async (target: string, overwrite = false) => {
    setError(undefined);
    setConfirmReplace(false);
    try {
      const saved = await api.exportServers({ names, format, path: target, ...(overwrite ? { overwrite: true } : {}) });
      setMessage(`Saved to ${saved.savedTo}.`);
    } catch (e) {
      const text = (e as Error).message;
      if (/already exists/.test(text)) setConfirmReplace(true);
      setError(text);
    }
  };

  const saveAs = async () => {
    try {
      const chosen = await api.chooseFile({ purpose: 'export', ...(result ? { defaultName: result.fileName } : {}) });
      if (chosen.path) {
        setPath(chosen.path);
        // The system dialog already asked about replacing an existing file.
        await save(chosen.path, true);
      }
    } catch (e) {
      setError((e as Error).message);
    }
  };

  return (
    <Modal titleId={TITLE_ID} title="Export servers" className="export-dialog wide" onClose={close}>
      <div ref={root}>
        <div className="export-layout">
          <fieldset className="export-servers">
            <legend>Servers</legend>
            {servers.length === 0 && <p className="empty">No servers to export.</p>}
            {servers.map((server) => (
              <label key={server.name} className="inline-check">
                <input
                  type="checkbox"
                  checked={selected.has(server.name)}
                  onChange={(event) =>
                    setSelected((s) => {
                      const next = new Set(s);
                      if (event.target.checked) next.add(server.name);
                      else next.delete(server.name);
                      return next;
                    })
                  }
                />
                {server.name}
              </label>
            ))}
          </fieldset>
          <div className="export-output">
            <Field id="export-format" label="Format">
              <select id="export-format" value={format} onChange={(event) => setFormat(event.target.value as ExportFormat)}>
                {EXPORT_FORMATS.map((f) => (
                  <option key={f} value={f}>
                    {EXPORT_FORMAT_LABELS[f]}
                  </option>
                ))}
              </select>
            </Field>
            <Field id="export-text" label="Exported text">
              <textarea id="export-text" className="export-text" readOnly rows={14} spellCheck={false} value={result?.text ?? ''} />
            </Field>
            {result && result.warnings.length > 0 && (
              <ul className="warnings">
                {result.warnings.map((w) => (
                  <li key={w}>{w}</li>
                ))}
              </ul>
            )}
            <div className="export-actions">
              <button type="button" disabled={!result} onClick={() => void copy()}>
                Copy
              </button>
              {status?.nativeDialogs ? (
                <button type="button" disabled={!result} onClick={() => void saveAs()}>
                  Save as…
                </button>
              ) : (
                <form
                  className="inline-form"
                  onSubmit={(event) => {
                    event.preventDefault();
                    void save(path.trim());
                  }}
                >
                  <label htmlFor="export-path">Save to file</label>
                  <input id="export-path" spellCheck={false} placeholder={`/path/to/${result?.fileName ?? 'mcp.json'}`} value={path} onChange={(event) => setPath(event.target.value)} />
                  <button type="submit" disabled={!result || !path.trim()}>
                    Save
                  </button>
                </form>
              )}
            </div>
            {confirmReplace && (
              <p>
                <button type="button" className="danger" onClick={() => void save(path.trim(), true)}>
                  Replace {path.trim()}
                </button>
              </p>
            )}
            {message && <p role="status">{message}</p>}
            {error && (
              <p role="alert" className="error-text">
                {error}
              </p>
            )}
          </div>
        </div>
      </div>
    </Modal>
  );
}
