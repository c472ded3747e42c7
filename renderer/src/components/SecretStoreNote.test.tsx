// @vitest-environment happy-dom
/**
 * Where secrets are kept: one plain sentence in Settings, a few words by secret fields
 * (only when the store is not fully encrypted), and the store's raw words (a D-Bus error,
 * the file's path) only behind the Details disclosure.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import type { ConfigStatus } from '../../../shared/api/project';
import { createWorkbenchStore, StoreContext } from '../state/store';
import { fakeApi } from '../testing/fake-api';
import { SecretStoreNote } from './SecretStoreNote';

afterEach(cleanup);

const DBUS = 'Secrets are not encrypted here: no system keychain answered (DBus error org.freedesktop.DBus.Error.ServiceUnknown), so they are kept in plain text in /home/u/.mcp-workbench/secrets.json, readable only by your user account.';

function renderNote(secretStore: ConfigStatus['secretStore'], always: boolean): HTMLElement {
  const store = createWorkbenchStore(fakeApi());
  store.setState({ configStatus: { availableScopes: ['user'], files: [], secretStore, nativeDialogs: false } });
  const { container } = render(
    <StoreContext.Provider value={store}>
      <SecretStoreNote always={always} />
    </StoreContext.Provider>,
  );
  return container;
}

const unencrypted = { encrypted: false, location: '/home/u/.mcp-workbench/secrets.json', warning: DBUS };

it('by a secret field: a few words, the D-Bus text and the path only inside Details', () => {
  const container = renderNote(unencrypted, false);
  const note = screen.getByRole('note');
  expect(note.querySelector(':scope > span')?.textContent).toBe('Stored unencrypted: no system keychain answered.');
  const details = note.querySelector('details')!;
  expect(details.open).toBe(false);
  expect(details.querySelector('summary')?.textContent).toBe('Details');
  // Everything the store said is in the disclosure, nowhere else.
  expect(details.textContent).toContain('DBus error');
  expect(details.textContent).toContain('/home/u/.mcp-workbench/secrets.json');
  const outside = [...container.querySelectorAll('*')].filter((el) => !el.closest('details') && el.children.length === 0).map((el) => el.textContent ?? '');
  expect(outside.join(' ')).not.toMatch(/DBus|secrets\.json/);
});

it('in Settings: one plain sentence, details behind the same disclosure', () => {
  renderNote(unencrypted, true);
  expect(screen.getByRole('note').querySelector(':scope > span')?.textContent).toBe('Secrets are kept unencrypted on this machine, in a file only your user account can read: no system keychain answered.');
  expect(screen.getByRole('note').querySelector('details')?.textContent).toContain('DBus error');
});

it('an encrypting keychain: nothing by the fields, one sentence in Settings', () => {
  const store = { encrypted: true, location: '/home/u/.mcp-workbench/secrets.keychain.json' };
  renderNote(store, false);
  expect(screen.queryByRole('note')).toBeNull();
  cleanup();
  renderNote(store, true);
  expect(screen.getByRole('note').querySelector(':scope > span')?.textContent).toBe('Secrets are encrypted by the system keychain.');
});
