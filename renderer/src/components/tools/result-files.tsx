/**
 * What can be done with a result file (a whole text that was cut, an original image,
 * audio, a binary resource): its path, Open, Reveal, Save as. Files are named by id; the
 * page never hands the main process a path. In browser mode the file is on the machine the
 * host runs on: Download brings it here, and Open and Reveal say they act there, and what
 * went wrong when that machine has no desktop.
 */
import { useState } from 'react';
import type { AppApi } from '../../../../shared/api';
import type { ResultFileRef } from '../../../../shared/tool-results';
import { useWorkbench } from '../../state/store';
import { formatBytes } from './format';
import './result.css';

const CHUNK = 4 * 1024 * 1024;

export function FileActions({ file, what }: { file: ResultFileRef; what: string }) {
  const api = useWorkbench((s) => s.api);
  // No native dialogs: browser mode (or a host without a desktop). The file is on the
  // machine the host runs on, which may be another one, or have no desktop at all.
  const remote = useWorkbench((s) => s.configStatus?.nativeDialogs === false);
  const [message, setMessage] = useState<{ text: string; error?: boolean; offerDownload?: boolean } | undefined>();
  const act = async (action: () => Promise<string | undefined>, onHost = false) => {
    try {
      const text = await action();
      setMessage(text ? { text, offerDownload: onHost } : undefined);
    } catch (error) {
      setMessage({ text: (error as Error).message, error: true, offerDownload: remote });
    }
  };
  const downloadIt = () => act(async () => (await download(api, file), `Downloaded ${file.name}`));
  const onHostNote = 'on the machine MCP Workbench runs on. Nothing opened? Download it to this computer instead.';
  return (
    <div className="file-actions">
      <span className="muted">
        {what} ({formatBytes(file.bytes)}) saved at <code className="file-path">{file.path}</code>
        {remote && ' on the machine MCP Workbench runs on'}
      </span>
      <span className="file-buttons">
        {remote && (
          <button type="button" onClick={() => void downloadIt()} aria-label={`Download ${file.name}`}>
            Download
          </button>
        )}
        <button
          type="button"
          onClick={() => void act(async () => (await api.openResultFile({ id: file.id }), remote ? `Asked to open it ${onHostNote}` : undefined), remote)}
          aria-label={`Open ${file.name}`}
          title={remote ? 'Opens it on the machine MCP Workbench runs on' : undefined}
        >
          Open
        </button>
        <button
          type="button"
          onClick={() => void act(async () => (await api.revealResultFile({ id: file.id }), remote ? `Asked to show its folder ${onHostNote}` : undefined), remote)}
          aria-label={`Reveal ${file.name}`}
          title={remote ? 'Shows its folder on the machine MCP Workbench runs on' : undefined}
        >
          Reveal
        </button>
        {!remote && (
          <button
            type="button"
            aria-label={`Save ${file.name} as`}
            onClick={() =>
              void act(async () => {
                const saved = await api.saveResultFileAs({ id: file.id });
                if (saved.saved) return `Saved to ${saved.path}`;
                if (saved.reason === 'cancelled') return undefined;
                await download(api, file);
                return `Downloaded ${file.name}`;
              })
            }
          >
            Save as…
          </button>
        )}
      </span>
      {message && (
        <span role={message.error ? 'alert' : 'status'} className={message.error ? 'error-text' : 'muted'}>
          {message.text}
          {message.error && message.offerDownload && (
            <>
              {' '}
              <button type="button" className="link" onClick={() => void downloadIt()}>
                Download it instead
              </button>
            </>
          )}
        </span>
      )}
    </div>
  );
}

/** Browser mode: fetch the file in chunks and let the browser save it. */
async function download(api: AppApi, file: ResultFileRef): Promise<void> {
  const parts: BlobPart[] = [];
  let offset = 0;
  for (;;) {
    const chunk = await api.readResultBytes({ id: file.id, offset, length: CHUNK });
    parts.push(Uint8Array.from(atob(chunk.base64), (c) => c.charCodeAt(0)));
    offset = chunk.nextOffset;
    if (offset >= chunk.totalBytes || chunk.base64 === '') break;
  }
  const url = URL.createObjectURL(new Blob(parts, { type: file.mimeType ?? 'application/octet-stream' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
