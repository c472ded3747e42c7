// @vitest-environment happy-dom
/**
 * The Load tab's set-up, for session churn: offered for a server reached over the network
 * (never for stdio, whose session is its process), checked before starting, and sent as the
 * request's `churn`.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import type { LoadRunRequest } from '../../../../shared/api/load';
import type { ServerView } from '../../../../shared/domain';
import { createWorkbenchStore, StoreContext } from '../../state/store';
import { fakeApi } from '../../testing/fake-api';
import { LoadForm } from './LoadForm';

afterEach(cleanup);

function renderForm(server: ServerView) {
  const onStart = vi.fn<(request: LoadRunRequest, label: string) => void>();
  const store = createWorkbenchStore(fakeApi({ listTools: async () => [], listCollections: async () => ({ folder: '/p', files: [] }) }));
  render(
    <StoreContext.Provider value={store}>
      <LoadForm server={server} busy={false} running={false} onStart={onStart} />
    </StoreContext.Provider>,
  );
  fireEvent.change(screen.getByLabelText('Tool'), { target: { value: 'work' } });
  return onStart;
}

const http: ServerView = { name: 'remote', status: 'disconnected', config: { type: 'http', url: 'http://127.0.0.1:9/mcp' } };
const start = () => fireEvent.click(screen.getByRole('button', { name: 'Start load test' }));

it('sends a new session every M calls for an HTTP server, and refuses what is not a whole number of calls', () => {
  const onStart = renderForm(http);
  const churn = screen.getByLabelText('New session every (calls)');
  fireEvent.change(churn, { target: { value: '0' } });
  start();
  expect(screen.getByText(/A whole number of calls, at least 1 \(or empty: one session per client\)/)).toBeTruthy();
  expect(onStart).not.toHaveBeenCalled();
  fireEvent.change(churn, { target: { value: '25' } });
  start();
  expect(onStart.mock.calls[0]![0]).toMatchObject({ server: 'remote', churn: 25 });
});

it('leaves churn out when empty, and offers none for a stdio server', () => {
  const onStart = renderForm(http);
  start();
  expect(onStart.mock.calls[0]![0]).not.toHaveProperty('churn');
  cleanup();
  renderForm({ name: 'local', status: 'disconnected', config: { command: 'node' } });
  expect(screen.queryByLabelText('New session every (calls)')).toBeNull();
});

it('sends a collection\u2019s data file of the collections folder, and refuses a path or another kind of file', () => {
  const onStart = vi.fn<(request: LoadRunRequest, label: string) => void>();
  const store = createWorkbenchStore(fakeApi({ listTools: async () => [], listCollections: async () => ({ folder: '/p', files: [] }) }));
  store.setState({ collectionFiles: { status: 'ready', folder: '/p', files: [{ file: 'mix.yaml', path: '/p/mix.yaml', collection: { name: 'mix', steps: [] }, problems: [] }] } as never });
  render(
    <StoreContext.Provider value={store}>
      <LoadForm server={{ name: 'local', status: 'disconnected', config: { command: 'node' } }} busy={false} running={false} presetCollection="mix.yaml" onStart={onStart} />
    </StoreContext.Provider>,
  );
  const data = screen.getByLabelText('Data file (optional)');
  for (const bad of ['../rows.csv', 'rows.txt']) {
    fireEvent.change(data, { target: { value: bad } });
    start();
    expect(screen.getByText('The name of a .csv or .json file in the collections folder, e.g. rows.csv.')).toBeTruthy();
  }
  expect(onStart).not.toHaveBeenCalled();
  fireEvent.change(data, { target: { value: 'rows.csv' } });
  start();
  expect(onStart.mock.calls[0]![0].workload).toEqual({ collection: 'mix.yaml', data: 'rows.csv' });
});
