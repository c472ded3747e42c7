// @vitest-environment happy-dom
/**
 * Per-pane error boundaries: a tab that throws while rendering says which pane failed and
 * why, while the rest of the workspace (its details, its tabs) keeps working.
 */
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import type { ServerView } from '../../../shared/domain';
import { createWorkbenchStore, StoreContext } from '../state/store';
import { fakeApi } from '../testing/fake-api';
import { ServerWorkspace } from './ServerWorkspace';

// The Doctor tab, broken: it throws whenever it renders.
vi.mock('../components/doctor/DoctorPanel', () => ({
  DoctorPanel: () => {
    throw new Error('the report has no findings array');
  },
}));

afterEach(cleanup);

const server: ServerView = { name: 'a', status: 'connected', config: { command: 'x' } };

it('a tab that throws shows its own message; the details and the other tabs still work', async () => {
  // React reports the error it caught; that report is expected here.
  const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const store = createWorkbenchStore(fakeApi({ listTools: vi.fn(async () => []), getPermissions: vi.fn(async () => ({ rules: [], file: '/p.json' })) }));
  store.setState({ servers: [server] });
  store.getState().setWorkspaceTab('a', 'doctor');
  render(
    <StoreContext.Provider value={store}>
      <ServerWorkspace server={server} />
    </StoreContext.Provider>,
  );
  const failure = screen.getAllByRole('alert').find((element) => element.hasAttribute('data-pane-error'))!;
  expect(failure.textContent).toContain('The Doctor tab could not be shown.');
  expect(failure.textContent).toContain('the report has no findings array');
  // The rest of the pane is there and works.
  expect(screen.getByRole('region', { name: 'Server details' })).toBeTruthy();
  await userEvent.click(screen.getByRole('tab', { name: 'Tools' }));
  expect(within(screen.getByRole('tabpanel')).getByRole('region', { name: 'Tools' })).toBeTruthy();
  expect(screen.queryByText(/could not be shown/)).toBeNull();
  consoleError.mockRestore();
});
