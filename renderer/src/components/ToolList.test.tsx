// @vitest-environment happy-dom
/** The tool list's Refresh: asks the core for every shown server's tools past its cache. */
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import type { AppApi } from '../../../shared/api';
import type { ServerView, ToolInfo } from '../../../shared/domain';
import { createWorkbenchStore, StoreContext } from '../state/store';
import { ToolList } from './ToolList';

afterEach(cleanup);

const echo: ToolInfo = { server: 'a', name: 'echo', fullName: 'mcp__a__echo', inputSchema: { type: 'object' } };

it('Refresh lists the shown servers\' tools again with refresh: true', async () => {
  const api = { listTools: vi.fn(async () => [echo]), onEvent: () => () => undefined } as unknown as AppApi;
  const store = createWorkbenchStore(api);
  store.setState({ servers: [{ name: 'a', config: { command: 'x' }, status: 'connected' } as ServerView] });
  await store.getState().loadTools('a');
  expect(api.listTools).toHaveBeenLastCalledWith({ name: 'a' });
  render(
    <StoreContext.Provider value={store}>
      <ToolList server="a" />
    </StoreContext.Provider>,
  );
  await userEvent.setup().click(screen.getByRole('button', { name: 'Refresh' }));
  expect(api.listTools).toHaveBeenLastCalledWith({ name: 'a', refresh: true });
  expect(api.listTools).toHaveBeenCalledTimes(2);
});
