// @vitest-environment happy-dom
/**
 * Add server with the README's command: a pasted command line is split into the command
 * and one argument per row before saving; an argument that looks like several is flagged
 * and can be split; Save answers once the entry is saved (background), so the form closes
 * while the server is still connecting.
 */
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import type { AddServerRequest } from '../../../../shared/api';
import type { ServerView } from '../../../../shared/domain';
import { createWorkbenchStore, StoreContext } from '../../state/store';
import { fakeApi } from '../../testing/fake-api';
import { ServerForm } from './ServerForm';

afterEach(cleanup);

function renderForm() {
  const added: AddServerRequest[] = [];
  // The answer comes at once, the server still connecting: the form must not wait for more.
  const api = fakeApi({
    addServer: vi.fn(async (request: AddServerRequest): Promise<ServerView> => {
      added.push(request);
      return { name: request.name, status: 'pending', config: request.config };
    }),
    listTools: vi.fn(() => new Promise<never>(() => undefined)),
    runDoctor: vi.fn(() => new Promise<never>(() => undefined)),
  });
  const store = createWorkbenchStore(api);
  store.getState().openServerForm({ mode: 'add' });
  render(
    <StoreContext.Provider value={store}>
      <ServerForm target={{ mode: 'add' }} />
    </StoreContext.Provider>,
  );
  return { added, store };
}

const argument = (n: number) => screen.getByLabelText(`Argument ${n}`, { exact: true }) as HTMLInputElement;

it('splits a pasted command line into the command and one argument per row, and says so', async () => {
  renderForm();
  const user = userEvent.setup();
  await user.click(screen.getByLabelText('Command', { exact: true }));
  await user.paste('npx -y @modelcontextprotocol/server-everything');
  expect((screen.getByLabelText('Command', { exact: true }) as HTMLInputElement).value).toBe('npx');
  expect(argument(1).value).toBe('-y');
  expect(argument(2).value).toBe('@modelcontextprotocol/server-everything');
  expect(screen.getByRole('status').textContent).toContain('Split into the command "npx" and 2 arguments below');
});

it('flags an argument that looks like several words and splits it into rows on request', async () => {
  renderForm();
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Command', { exact: true }), 'npx');
  await user.click(screen.getByRole('button', { name: 'Add argument' }));
  await user.type(argument(1), '-y @modelcontextprotocol/server-everything');
  expect(argument(1).getAttribute('aria-describedby')).toBe('argument-1-warning');
  expect(screen.getByText(/Passed as one argument, spaces and all; it looks like 2/)).toBeTruthy();
  await user.click(screen.getByRole('button', { name: 'Split into 2 rows' }));
  expect([argument(1).value, argument(2).value]).toEqual(['-y', '@modelcontextprotocol/server-everything']);
  expect(screen.queryByText(/Passed as one argument/)).toBeNull();
});

it('warns about a command typed with spaces and splits it, keeping the arguments already there', async () => {
  renderForm();
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Add argument' }));
  await user.type(argument(1), '--verbose');
  await user.type(screen.getByLabelText('Command', { exact: true }), 'npx -y server');
  await user.click(screen.getByRole('button', { name: 'Split into a command and 2 arguments' }));
  expect((screen.getByLabelText('Command', { exact: true }) as HTMLInputElement).value).toBe('npx');
  expect([argument(1).value, argument(2).value, argument(3).value]).toEqual(['-y', 'server', '--verbose']);
});

it('Save asks for the entry to be saved without waiting for the connection, and closes the form', async () => {
  const { added, store } = renderForm();
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Name', { exact: true }), 'everything');
  await user.click(screen.getByLabelText('Command', { exact: true }));
  await user.paste('npx -y @modelcontextprotocol/server-everything');
  await user.click(screen.getByRole('button', { name: 'Add server' }));
  await waitFor(() => expect(store.getState().serverForm).toBeUndefined());
  expect(added).toEqual([{ name: 'everything', scope: 'user', config: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything'] }, secretFields: [], background: true }]);
  // The row takes over: the new server is selected, still connecting.
  expect(store.getState().servers.find((s) => s.name === 'everything')?.status).toBe('pending');
});

it('a quoted command path is a command line; a config block pasted into Command goes to the paste dialog with its text', async () => {
  const { store } = renderForm();
  const user = userEvent.setup();
  const command = screen.getByLabelText('Command', { exact: true }) as HTMLInputElement;
  await user.click(command);
  await user.paste('"/opt/My Tools/node" server.js');
  expect(command.value).toBe('/opt/My Tools/node');
  expect(argument(1).value).toBe('server.js');

  await user.clear(command);
  const block = '{"mcpServers": {"docs": {"url": "https://example.com/mcp"}}}';
  await user.paste(block);
  expect(store.getState().configDialog).toMatchObject({ kind: 'import', fromAddServer: true, text: block });
});
