/**
 * Where secrets are kept. In Settings (`always`): one plain sentence, whatever the store.
 * By secret fields: a few words, only when they are not encrypted or encrypted with a
 * weakness. Either way the store's own words (a keychain's error, the file's path) are
 * behind a disclosure, never in the way.
 */
import { useWorkbench } from '../state/store';
import './SecretStoreNote.css';

export function SecretStoreNote({ always = false }: { always?: boolean }) {
  const store = useWorkbench((s) => s.configStatus?.secretStore);
  if (!store) return null;
  const plain = store.encrypted && !store.warning;
  if (plain && !always) return null;
  const sentence = always ? settingsSentence(store) : fieldNote(store);
  return (
    <div className={`secret-store-note${plain ? '' : ' unencrypted'}`} role="note">
      <span>{sentence}</span>
      <details>
        <summary>Details</summary>
        {store.warning && <p>{store.warning}</p>}
        <p>
          Kept in <code className="file-path">{store.location}</code>
        </p>
      </details>
    </div>
  );
}

type Store = { encrypted: boolean; warning?: string };

function settingsSentence(store: Store): string {
  if (!store.encrypted) return 'Secrets are kept unencrypted on this machine, in a file only your user account can read: no system keychain answered.';
  return store.warning ? 'Secrets are encrypted, with a weakness.' : 'Secrets are encrypted by the system keychain.';
}

/** Beside the field, where the sentence in Settings would crowd the form. */
function fieldNote(store: Store): string {
  return store.encrypted ? 'Stored encrypted, with a weakness.' : 'Stored unencrypted: no system keychain answered.';
}
