/**
 * A server's Collections tab: the project's collections (files in its
 * `.mcp-workbench/collections/`), those that do not parse with their problems in plain
 * words, a way to start a new one, and the one opened in the editor with its run.
 */
import { useEffect, useState } from 'react';
import './collections.css';
import type { ServerView } from '../../../../shared/domain';
import type { CollectionFile } from '../../../../shared/api/collections';
import { fileNameFor, problemText } from '../../state/collections-slice';
import { useWorkbench } from '../../state/store';
import { CollectionEditor } from './CollectionEditor';
import { presetCollection } from '../load/load-runs';

export function CollectionsView({ server }: { server: ServerView }) {
  const project = useWorkbench((s) => s.configStatus?.project);
  const files = useWorkbench((s) => s.collectionFiles);
  const load = useWorkbench((s) => s.loadCollections);
  const opened = useWorkbench((s) => s.openCollections[server.name]);
  const open = useWorkbench((s) => s.openCollection);
  const setTab = useWorkbench((s) => s.setWorkspaceTab);
  // The Load tab opens with this collection chosen as its mix.
  const runAsLoad = (file: string) => {
    presetCollection(server.name, file);
    setTab(server.name, 'load');
  };

  useEffect(() => {
    void load();
  }, [load, project]);

  if (opened) return <CollectionEditor server={server} />;

  if (!project) {
    return (
      <div className="collections-view">
        <p className="empty">
          Collections belong to a project: open one (<strong>Open project…</strong> above the server list). Its collections are the YAML files in its{' '}
          <code>.mcp-workbench/collections/</code> folder.
        </p>
      </div>
    );
  }

  return (
    <div className="collections-view">
      <div className="collections-toolbar">
        <h3>Collections</h3>
        <button type="button" onClick={() => void load()} disabled={files.status === 'loading'}>
          {files.status === 'loading' ? 'Refreshing…' : 'Refresh'}
        </button>
        <NewCollection server={server.name} existing={files.files} />
      </div>
      {files.error && (
        <p role="alert" className="error-text">
          {files.error}
        </p>
      )}
      {files.status === 'loaded' && files.files.length === 0 && !files.error && (
        <p className="empty">
          No collections yet in <code>{files.folder ?? `${project}/.mcp-workbench/collections`}</code>. Press <strong>New collection</strong>, or open{' '}
          <strong>History</strong> and use <strong>Add to collection…</strong> on a call: it becomes a step that checks the call still ends the same way. A collection is a
          YAML file there, so you can also write one by hand.
        </p>
      )}
      {files.files.length > 0 && (
        <ul className="collection-list" aria-label="Collections">
          {files.files.map((entry) => (
            <CollectionRow key={entry.file} entry={entry} onOpen={() => void open(server.name, entry.file)} onLoad={() => runAsLoad(entry.file)} />
          ))}
        </ul>
      )}
    </div>
  );
}

function CollectionRow({ entry, onOpen, onLoad }: { entry: CollectionFile; onOpen(): void; onLoad(): void }) {
  const { collection, problems } = entry;
  const problemId = `collection-problem-${entry.file}`;
  const steps = collection?.steps.length;
  return (
    <li className={`collection-item${problems.length > 0 ? ' has-problem' : ''}`} data-file={entry.file}>
      <button
        type="button"
        className="collection-open"
        onClick={onOpen}
        aria-describedby={problems.length > 0 ? problemId : undefined}
        aria-label={`Open collection ${collection?.name ?? entry.file}`}
      >
        <span className="collection-name">{collection?.name ?? entry.file}</span>
        <span className="collection-file">{entry.file}</span>
        {collection && (
          <span className="collection-meta">
            {steps} {steps === 1 ? 'step' : 'steps'}
            {collection.server ? ` · for ${collection.server}` : ''}
            {collection.description ? ` · ${collection.description}` : ''}
          </span>
        )}
      </button>
      {collection && (
        <button type="button" className="collection-load" onClick={onLoad} aria-label={`Run ${collection.name} as a load test`}>
          Run as load test…
        </button>
      )}
      {problems.length > 0 && (
        <div className="collection-problem" id={problemId}>
          <strong>{entry.file} cannot be used:</strong>
          <ul>
            {problems.map((problem, index) => (
              <li key={index}>{problemText(problem)}</li>
            ))}
          </ul>
        </div>
      )}
    </li>
  );
}

/** A name, and the new collection opens in the editor with one empty step; Save writes the file. */
function NewCollection({ server, existing }: { server: string; existing: CollectionFile[] }) {
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const start = useWorkbench((s) => s.startNewCollection);
  if (!naming) {
    return (
      <button type="button" onClick={() => setNaming(true)}>
        New collection
      </button>
    );
  }
  const file = fileNameFor(name);
  const taken = existing.some((entry) => entry.file === file);
  return (
    <form
      className="collection-new"
      onSubmit={(event) => {
        event.preventDefault();
        if (name.trim() && !taken) start(server, name);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setNaming(false);
      }}
    >
      <input aria-label="New collection name" placeholder="Name, e.g. smoke test" value={name} onChange={(event) => setName(event.target.value)} autoFocus />
      <button type="submit" className="primary" disabled={!name.trim() || taken}>
        Create{name.trim() ? ` ${file}` : ''}
      </button>
      <button type="button" onClick={() => setNaming(false)}>
        Cancel
      </button>
      {taken && <span className="field-error">{file} already exists: open it from the list.</span>}
    </form>
  );
}
