// @vitest-environment happy-dom
/** The server rows: a scope badge only where it tells something (a project or local entry), never "User" on every row. */
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import type { ServerView } from '../../../shared/domain';
import { createWorkbenchStore, StoreContext } from '../state/store';
import { fakeApi } from '../testing/fake-api';
import { ServerList } from './ServerList';

afterEach(cleanup);

function renderList(servers: ServerView[]): void {
  const store = createWorkbenchStore(fakeApi());
  store.setState({ servers, serversLoaded: true });
  render(
    <StoreContext.Provider value={store}>
      <ServerList onAdd={() => undefined} />
    </StoreContext.Provider>,
  );
}

const row = (name: string) => {
  const item = screen.getByRole('navigation', { name: 'Servers' }).querySelector<HTMLElement>(`li.server-item[data-server="${name}"]`);
  if (!item) throw new Error(`no row for ${name}`);
  return item;
};

it('shows no scope on user servers, and Project / Local on the entries that come from the project', () => {
  renderList([
    { name: 'mine', status: 'connected', config: { command: 'x' }, scope: 'user' },
    { name: 'team', status: 'connected', config: { command: 'x' }, scope: 'project' },
    { name: 'here', status: 'connected', config: { command: 'x' }, scope: 'local' },
  ]);
  expect(row('mine').querySelector('[data-scope]')).toBeNull();
  expect(within(row('mine')).queryByText('User')).toBeNull();
  expect(within(row('team')).getByText('Project').getAttribute('data-scope')).toBe('project');
  expect(within(row('here')).getByText('Local').getAttribute('data-scope')).toBe('local');
});

it('a list of user servers only carries no scope badge at all', () => {
  renderList([
    { name: 'a', status: 'connected', config: { command: 'x' }, scope: 'user' },
    { name: 'b', status: 'failed', config: { type: 'http', url: 'http://127.0.0.1:9/mcp' }, scope: 'user' },
  ]);
  expect(screen.getByRole('navigation', { name: 'Servers' }).querySelectorAll('[data-scope]')).toHaveLength(0);
});
