import { describe, expect, it, vi } from 'vitest';
import type { ServerView } from '../../../shared/domain';
import { applyEvent, createWorkbenchStore } from './store';
import { fakeApi } from '../testing/fake-api';

const view: ServerView = { name: 'remote', status: 'needs-auth', config: { type: 'http', url: 'http://127.0.0.1:1/mcp' } };

/** A store whose sign-in stays under way until the test says so. */
function signingIn() {
  let finish: (value: ServerView) => void = () => undefined;
  const api = fakeApi({
    listServers: vi.fn(async () => [view]),
    signIn: vi.fn(() => new Promise<ServerView>((resolve) => (finish = resolve))),
    getAuthStatus: vi.fn(async () => ({ server: 'remote', supported: true, signedIn: false, refreshable: false, signingIn: false, storage: { encrypted: true, location: 'test' } })),
    listTools: vi.fn(async () => []),
  });
  const store = createWorkbenchStore(api);
  const started = store.getState().signIn('remote');
  return { store, done: () => (finish({ ...view, status: 'connected' }), started) };
}

describe('opening the authorization page', () => {
  it.each([
    ['javascript:alert(1)', 'javascript: URLs are not opened'],
    ['https://trusted.example@evil.example/authorize', 'contains a user name or password'],
    ['https:evil.example/authorize', 'not of the form http(s)://host/'],
    ['https://evil.example/a\\b', 'contains a backslash'],
  ])('refuses %s and says why', async (url, reason) => {
    const { store, done } = signingIn();
    applyEvent(store, { type: 'auth-open-url', server: 'remote', url });
    expect(store.getState().signIns.remote).toMatchObject({ busy: true, error: expect.stringContaining(reason) });
    expect(store.getState().signIns.remote?.link).toBeUndefined();
    await done();
  });

  it('offers a clean https URL as the link to open', async () => {
    const { store, done } = signingIn();
    applyEvent(store, { type: 'auth-open-url', server: 'remote', url: 'https://auth.example/authorize?x=1' });
    expect(store.getState().signIns.remote).toMatchObject({ busy: true, link: 'https://auth.example/authorize?x=1' });
    await done();
  });
});
