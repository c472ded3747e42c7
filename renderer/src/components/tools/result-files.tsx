/**
 * What can be done with a result file (a whole text that was cut, an original image,
 * audio, a binary resource): its path, Open, Reveal, Save as. Files are named by id; the
 * page never hands the main process a path.
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
  const [message, setMessage] = useState<{ text: string; error?: boolean } | undefined>();
  const act = async (action: () => Promise<string | undefined>) => {
    try {
      const text = await action();
      setMessage(text ? { text } : undefined);
    } catch (error) {
      setMessage({ text: (error as Error).message, error: true });
    }
  };
  return (
    <div className="file-actions">
      <span className="muted">
        {what} ({formatBytes(file.bytes)}) saved at <code className="file-path">{file.path}</code>
      </span>
      <span className="file-buttons">
        <button type="button" onClick={() => void act(async () => (await api.openResultFile({ id: file.id }), undefined))} aria-label={`Open ${file.name}`}>
          Open
        </button>
        <button type="button" onClick={() => void act(async () => (await api.revealResultFile({ id: file.id }), undefined))} aria-label={`Reveal ${file.name}`}>
          Reveal
        </button>
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
      </span>
      {message && (
        <span role={message.error ? 'alert' : 'status'} className={message.error ? 'error-text' : 'muted'}>
          {message.text}
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
