/**
 * Where secrets are kept, in one plain sentence: by secret fields (only when they are not
 * encrypted, or encrypted with a weakness) and in Settings (always). The store's own words
 * (a keychain's error, the file's path) are behind a disclosure.
 */
import { useWorkbench } from '../state/store';
import './SecretStoreNote.css';

export function SecretStoreNote({ always = false }: { always?: boolean }) {
  const store = useWorkbench((s) => s.configStatus?.secretStore);
  if (!store) return null;
  const plain = store.encrypted && !store.warning;
  if (plain && !always) return null;
  const sentence = !store.encrypted
    ? 'Secrets are kept unencrypted on this machine, in a file only your user account can read: no system keychain answered.'
    : store.warning
      ? 'Secrets are encrypted, with a weakness.'
      : 'Secrets are encrypted by the system keychain.';
  return (
    <div className={`secret-store-note${store.encrypted && !store.warning ? '' : ' unencrypted'}`} role="note">
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
