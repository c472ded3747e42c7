/**
 * Every call made (newest first, searchable) and the saved requests by group. Open puts
 * a call's tool and arguments in the tool panel; Run again runs it (asking first when
 * its permission says so); Add to collection… makes it a step of a collection.
 */
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import type { HistoryEntry, SavedRequest } from '../../../../shared/api/history';
import { useWorkbench } from '../../state/store';
import { Modal } from '../Modal';
import { formatBytes, formatDuration } from './format';
import './tool-dialogs.css';
import { SafeName } from '../names/SafeName';

// Loaded when first asked for, like the Collections tab, so the first screen stays small.
const AddToCollection = lazy(() => import('../collections/AddToCollection').then((module) => ({ default: module.AddToCollection })));

const OUTCOMES: Record<HistoryEntry['outcome'], string> = { ok: 'ok', 'tool-error': 'tool error', failed: 'failed', cancelled: 'cancelled' };

export function HistoryDialog({ onClose }: { onClose: () => void }) {
  const history = useWorkbench((s) => s.history);
  const search = useWorkbench((s) => s.historySearch);
  const error = useWorkbench((s) => s.historyError);
  const saved = useWorkbench((s) => s.savedRequests);
  const loadHistory = useWorkbench((s) => s.loadHistory);
  const loadSaved = useWorkbench((s) => s.loadSavedRequests);
  const openRequest = useWorkbench((s) => s.openRequest);
  const deleteEntry = useWorkbench((s) => s.deleteHistoryEntry);
  const clearHistory = useWorkbench((s) => s.clearHistory);
  const deleteSaved = useWorkbench((s) => s.deleteSavedRequest);
  const saveRequest = useWorkbench((s) => s.saveRequest);
  const dialog = useRef<HTMLDialogElement>(null);
  const [message, setMessage] = useState<string | undefined>();

  useEffect(() => {
    void loadHistory();
    void loadSaved();
  }, [loadHistory, loadSaved]);

  const groups = useMemo(() => {
    const map = new Map<string, SavedRequest[]>();
    for (const request of saved) map.set(request.group, [...(map.get(request.group) ?? []), request]);
    return [...map.entries()];
  }, [saved]);

  const act = async (action: () => Promise<void>, close = false) => {
    try {
      await action();
      setMessage(undefined);
      if (close) dialog.current?.close();
    } catch (actionError) {
      setMessage((actionError as Error).message);
    }
  };

  return (
    <Modal titleId="history-title" className="history-dialog" onClose={onClose} dialogRef={dialog}>
      <h2 id="history-title">History</h2>
      {message && (
        <p role="alert" className="error-text">
          {message}
        </p>
      )}
      <section aria-label="Saved requests">
        <h3>Saved requests</h3>
        {groups.length === 0 && <p className="empty">None yet. “Save request…” beside Run keeps the current arguments under a name.</p>}
        {groups.map(([group, requests]) => (
          <div key={group} className="saved-group">
            <h4>{group || 'Ungrouped'}</h4>
            <ul>
              {requests.map((request) => (
                <li key={request.id} className="history-row">
                  <span>
                    <strong>{request.name}</strong>{' '}
                    <code>
                      <SafeName text={`mcp__${request.server}__${request.tool}`} />
                    </code>
                  </span>
                  <span className="file-buttons">
                    <button type="button" onClick={() => void act(() => openRequest(request), true)} aria-label={`Open saved request ${request.name}`}>
                      Open
                    </button>
                    <button type="button" onClick={() => void act(() => openRequest(request, true), true)} aria-label={`Run saved request ${request.name}`}>
                      Run
                    </button>
                    <button type="button" onClick={() => void act(() => deleteSaved(request.id))} aria-label={`Delete saved request ${request.name}`}>
                      Delete
                    </button>
                  </span>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </section>
      <section aria-label="Past calls">
        <div className="history-toolbar">
          <h3>Calls</h3>
          <input type="search" aria-label="Search history" placeholder="Search tool, arguments, result" value={search} onChange={(event) => void loadHistory(event.target.value)} />
          <button type="button" onClick={() => void act(() => clearHistory())} disabled={history.length === 0}>
            Clear history
          </button>
        </div>
        {error && (
          <p role="alert" className="error-text">
            {error}
          </p>
        )}
        {history.length === 0 && <p className="empty">{search ? `No call matches “${search}”.` : 'No calls yet.'}</p>}
        <ul className="history-list">
          {history.map((entry) => (
            <HistoryRow
              key={entry.id}
              entry={entry}
              onOpen={(run) => void act(() => openRequest(entry, run, entry.id), true)}
              onDelete={() => void act(() => deleteEntry(entry.id))}
              onSave={(name, group) => act(() => saveRequest({ name, group, server: entry.server, tool: entry.tool, arguments: entry.arguments }))}
            />
          ))}
        </ul>
      </section>
      <div className="dialog-actions">
        <button type="button" onClick={() => dialog.current?.close()}>
          Close
        </button>
      </div>
    </Modal>
  );
}

function HistoryRow({ entry, onOpen, onDelete, onSave }: { entry: HistoryEntry; onOpen(run: boolean): void; onDelete(): void; onSave(name: string, group: string): Promise<void> }) {
  const [saving, setSaving] = useState(false);
  const [adding, setAdding] = useState(false);
  const [added, setAdded] = useState<string | undefined>();
  const [addError, setAddError] = useState<string | undefined>();
  const lastTarget = useWorkbench((s) => s.lastStepTarget);
  const addStep = useWorkbench((s) => s.addHistoryEntryToCollection);
  const [name, setName] = useState('');
  const [group, setGroup] = useState('');
  return (
    <li className={`history-row outcome-${entry.outcome}`} data-tool={entry.fullName}>
      <div className="history-main">
        <span className="muted">{new Date(entry.time).toLocaleString()}</span> <code>
          <SafeName text={entry.fullName} />
        </code>{' '}
        <span className={`badge outcome outcome-${entry.outcome}`}>{OUTCOMES[entry.outcome]}</span>{' '}
        <span className="muted">
          {formatDuration(entry.durationMs)}
          {entry.sizeBytes !== undefined ? ` · ${formatBytes(entry.sizeBytes)}` : ''}
        </span>
        <div className="history-summary">{entry.summary}</div>
        <code className="history-args">{entry.argumentsTooLarge ? '(arguments too large to keep)' : JSON.stringify(entry.arguments)}</code>
      </div>
      <span className="file-buttons">
        <button type="button" disabled={entry.argumentsTooLarge} onClick={() => onOpen(false)} aria-label={`Open call of ${entry.tool}`}>
          Open
        </button>
        <button type="button" disabled={entry.argumentsTooLarge} onClick={() => onOpen(true)} aria-label={`Run again: ${entry.tool}`}>
          Run again
        </button>
        <button type="button" disabled={entry.argumentsTooLarge} onClick={() => setSaving(!saving)} aria-expanded={saving}>
          Save…
        </button>
        {lastTarget && (
          <button
            type="button"
            disabled={entry.argumentsTooLarge}
            onClick={() =>
              void addStep(entry, { file: lastTarget })
                .then((step) => {
                  setAdded(`Added as step ${step.step} of ${step.file}.`);
                  setAddError(undefined);
                })
                .catch((error: unknown) => setAddError((error as Error).message))
            }
            aria-label={`Add the call of ${entry.tool} to ${lastTarget}`}
          >
            Add to {lastTarget}
          </button>
        )}
        <button
          type="button"
          disabled={entry.argumentsTooLarge}
          onClick={() => {
            setAdding(!adding);
            setAdded(undefined);
          }}
          aria-expanded={adding}
          aria-label={`Add the call of ${entry.tool} to a collection`}
        >
          Add to collection…
        </button>
        <button type="button" onClick={onDelete} aria-label={`Delete call of ${entry.tool}`}>
          Delete
        </button>
      </span>
      {adding && (
        <Suspense fallback={<p className="muted">Loading collections…</p>}>
          <AddToCollection
            entry={entry}
            onDone={(message) => {
              setAdding(false);
              setAdded(message);
            }}
          />
        </Suspense>
      )}
      {added && (
        <p role="status" className="collection-saved">
          {added}
        </p>
      )}
      {addError && (
        <p role="alert" className="error-text">
          {addError}
        </p>
      )}
      {saving && (
        <form
          className="save-request"
          onSubmit={(event) => {
            event.preventDefault();
            void onSave(name, group).then(() => setSaving(false));
          }}
        >
          <input aria-label="Saved request name" placeholder="Name" value={name} onChange={(event) => setName(event.target.value)} required />
          <input aria-label="Saved request group" placeholder="Group (optional)" value={group} onChange={(event) => setGroup(event.target.value)} />
          <button type="submit" disabled={!name.trim()}>
            Save
          </button>
        </form>
      )}
    </li>
  );
}
