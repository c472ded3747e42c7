import { describe, expect, it } from 'vitest';
import type { SecretStore, SecretStoreInfo } from './secret-store';
import { lazySecretStore, NOT_OPENED_INFO } from './lazy-secret-store';

/** A store in memory, opened by a gate the test controls. */
function gatedStore(info: SecretStoreInfo) {
  const values = new Map<string, string>();
  const real: SecretStore = {
    info: () => info,
    get: async (key) => values.get(key),
    set: async (key, value) => void values.set(key, value),
    delete: async (key) => void values.delete(key),
    keys: async () => [...values.keys()],
  };
  let opens = 0;
  let release: (store: SecretStore) => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const open = () => {
    opens++;
    return new Promise<SecretStore>((resolve, reject) => {
      release = resolve;
      fail = reject;
    });
  };
  return { real, open, opens: () => opens, release: () => release(real), fail: (error: Error) => fail(error) };
}

describe('a secret store opened on first use', () => {
  it('does not open the store until a secret is read or written, and opens it once', async () => {
    const gate = gatedStore({ encrypted: true, location: 'keychain' });
    const store = lazySecretStore(gate.open);
    expect(store.info()).toEqual(NOT_OPENED_INFO);
    expect(gate.opens()).toBe(0);
    const heard: SecretStoreInfo[] = [];
    store.onOpened((info) => heard.push(info));
    const written = store.set('a', '1');
    const read = store.get('a');
    expect(gate.opens()).toBe(1);
    gate.release();
    await written;
    expect(await read).toBe('1');
    expect(await store.keys()).toEqual(['a']);
    expect(gate.opens()).toBe(1);
    expect(store.info()).toEqual({ encrypted: true, location: 'keychain' });
    expect(heard).toEqual([{ encrypted: true, location: 'keychain' }]);
  });

  it('tries again on the next use when opening failed', async () => {
    const gate = gatedStore({ encrypted: false, location: 'file', warning: 'plain' });
    const store = lazySecretStore(gate.open);
    const first = store.get('a');
    gate.fail(new Error('keychain locked'));
    await expect(first).rejects.toThrow('keychain locked');
    expect(store.info()).toEqual(NOT_OPENED_INFO);
    const second = store.get('a');
    expect(gate.opens()).toBe(2);
    gate.release();
    expect(await second).toBeUndefined();
    expect(store.info().warning).toBe('plain');
  });
});
