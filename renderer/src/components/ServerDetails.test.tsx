// @vitest-environment happy-dom
/** The server details before the config files' status has arrived (a reload with a workspace open, the server list answered first). */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import type { ServerView } from '../../../shared/domain';
import { createWorkbenchStore, StoreContext } from '../state/store';
import { fakeApi } from '../testing/fake-api';
import { ServerDetails } from './ServerDetails';
import { ServerList } from './ServerList';

afterEach(cleanup);

const server: ServerView = { name: 'a', status: 'connected', config: { command: 'x' }, scope: 'user' };

it('renders the details and the server list while the config status is still on its way', () => {
  const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const store = createWorkbenchStore(fakeApi({ getConfigStatus: () => new Promise<never>(() => undefined) }));
  store.setState({ servers: [server], serversLoaded: true, selectedServer: 'a' });
  expect(store.getState().configStatus).toBeUndefined();
  render(
    <StoreContext.Provider value={store}>
      <ServerList onAdd={() => undefined} />
      <ServerDetails />
    </StoreContext.Provider>,
  );
  expect(screen.getByRole('region', { name: 'Server details' })).toBeTruthy();
  expect(screen.getAllByRole('button', { name: 'Actions for a' })).toHaveLength(2);
  // A selector that answers with a new array each time makes React render again and again.
  expect(consoleError.mock.calls.map((call) => String(call[0]))).not.toContainEqual(expect.stringMatching(/getSnapshot should be cached|Maximum update depth/));
  consoleError.mockRestore();
});
