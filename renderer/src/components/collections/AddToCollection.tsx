/**
 * A past call as a step of a collection: its tool and arguments, with an assertion that
 * it ends the way it did (ok, tool error, failed). Added to a collection of the project
 * chosen from the list, or to a new one named here.
 */
import { useEffect, useState } from 'react';
import type { HistoryEntry } from '../../../../shared/api/history';
import './collections.css';
import { fileNameFor } from '../../state/collections-slice';
import { useWorkbench } from '../../state/store';

const NEW = '\u0000new';

export function AddToCollection({ entry, onDone }: { entry: HistoryEntry; onDone(message: string): void }) {
  const project = useWorkbench((s) => s.configStatus?.project);
  const files = useWorkbench((s) => s.collectionFiles);
  const load = useWorkbench((s) => s.loadCollections);
  const add = useWorkbench((s) => s.addHistoryEntryToCollection);
  const usable = files.files.filter((file) => file.collection !== undefined);
  const [choice, setChoice] = useState<string>('');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [adding, setAdding] = useState(false);

  useEffect(() => {
    void load();
  }, [load]);

  if (!project) {
    return <p className="add-to-collection muted">Open a project first: collections are kept in its .mcp-workbench/collections/ folder.</p>;
  }
  // Until the project's collections are listed the choice is not known: a step added then
  // would go to a new collection where the user meant one already there.
  const listing = files.status !== 'loaded' && files.files.length === 0;
  // Until something is chosen: the first collection, or a new one when there is none.
  const target = choice || (usable[0]?.file ?? NEW);
  const isNew = !listing && target === NEW;

  return (
    <form
      className="add-to-collection"
      aria-label={`Add the call of ${entry.tool} to a collection`}
      onSubmit={(event) => {
        event.preventDefault();
        setAdding(true);
        add(entry, isNew ? { newName: name } : { file: target })
          .then((added) => onDone(`Added as step ${added.step} of ${added.file}.`))
          .catch((addError: unknown) => setError((addError as Error).message))
          .finally(() => setAdding(false));
      }}
    >
      {listing ? (
        <select aria-label="Collection" value="" disabled aria-busy="true">
          <option value="">Listing the project's collections…</option>
        </select>
      ) : (
        <select aria-label="Collection" value={target} onChange={(event) => setChoice(event.target.value)}>
          {usable.map((file) => (
            <option key={file.file} value={file.file}>
              {file.collection!.name} ({file.file})
            </option>
          ))}
          <option value={NEW}>New collection…</option>
        </select>
      )}
      {isNew && <input aria-label="New collection name" placeholder="Name" value={name} onChange={(event) => setName(event.target.value)} required />}
      <button type="submit" disabled={listing || adding || (isNew && !name.trim())}>
        {isNew && name.trim() ? `Add to ${fileNameFor(name)}` : 'Add step'}
      </button>
      {(error ?? files.error) && (
        <span role="alert" className="field-error">
          {error ?? `The project's collections could not be listed: ${files.error}`}
        </span>
      )}
    </form>
  );
}
