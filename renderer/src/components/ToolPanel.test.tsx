// @vitest-environment happy-dom
/** The tool panel's Run button against a store with a fake api whose permissions answer late. */
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import type { AppApi } from '../../../shared/api';
import type { PermissionsView } from '../../../shared/api/permissions';
import type { ToolInfo } from '../../../shared/domain';
import type { ToolRunResult } from '../../../shared/tool-results';
import { createWorkbenchStore, StoreContext } from '../state/store';
import { ToolPanel } from './ToolPanel';

afterEach(cleanup);

const echo: ToolInfo = { server: 'a', name: 'echo', fullName: 'mcp__a__echo', inputSchema: { type: 'object', properties: { text: { type: 'string' } } }, annotations: { readOnlyHint: true } };
const result: ToolRunResult = {
  callId: 'c',
  server: 'a',
  tool: 'echo',
  content: [{ type: 'text', text: 'echoed' }],
  outputCheck: { status: 'not-checked', reason: 'none' },
  isError: false,
  durationMs: 1,
  sizeBytes: 6,
};

it('double-clicking Run before the permissions have loaded sends one call', async () => {
  let answerPermissions: (view: PermissionsView) => void = () => undefined;
  const api = {
    listTools: vi.fn(async () => [echo]),
    getPermissions: vi.fn(() => new Promise<PermissionsView>((resolve) => (answerPermissions = resolve))),
    callTool: vi.fn(async () => result),
    onEvent: () => () => undefined,
  } as unknown as AppApi;
  const store = createWorkbenchStore(api);
  await store.getState().loadTools('a');
  store.getState().selectTool('a', 'echo');
  render(
    <StoreContext.Provider value={store}>
      <ToolPanel />
    </StoreContext.Provider>,
  );
  const user = userEvent.setup();
  await user.dblClick(screen.getByRole('button', { name: 'Run' }));
  await act(async () => answerPermissions({ rules: [], file: '/tmp/permissions.json' }));
  expect(await screen.findByText('echoed')).toBeTruthy();
  expect(api.callTool).toHaveBeenCalledTimes(1);
  expect(api.getPermissions).toHaveBeenCalledTimes(1);
});
