// @vitest-environment happy-dom
/** The tool panel's Run button against a store with a fake api whose permissions answer late. */
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import type { PermissionsView } from '../../../shared/api/permissions';
import type { ToolInfo } from '../../../shared/domain';
import type { ToolRunResult } from '../../../shared/tool-results';
import { createWorkbenchStore, StoreContext } from '../state/store';
import { ToolPanel } from './ToolPanel';
import { fakeApi } from '../testing/fake-api';

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
  const api = fakeApi({
    listTools: vi.fn(async () => [echo]),
    getPermissions: vi.fn(() => new Promise<PermissionsView>((resolve) => (answerPermissions = resolve))),
    callTool: vi.fn(async () => result),
  });
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

it('a tool the list marks excluded (invalid x-mcp-header) says why and cannot be run', async () => {
  const reason = "score: x-mcp-header is only permitted on primitive-typed properties (string, integer, boolean); got number";
  const bad: ToolInfo = { server: 'a', name: 'bad_header', fullName: 'mcp__a__bad_header', inputSchema: { type: 'object', properties: { score: { type: 'number', 'x-mcp-header': 'Score' } } }, excludedReason: reason };
  const api = fakeApi({
    listTools: vi.fn(async () => [bad]),
    getPermissions: vi.fn(async () => ({ rules: [], file: '/tmp/permissions.json' })),
    callTool: vi.fn(async () => result),
  });
  const store = createWorkbenchStore(api);
  await store.getState().loadTools('a');
  store.getState().selectTool('a', 'bad_header');
  render(
    <StoreContext.Provider value={store}>
      <ToolPanel />
    </StoreContext.Provider>,
  );
  const run = screen.getByRole('button', { name: 'Run' }) as HTMLButtonElement;
  expect(run.disabled).toBe(true);
  expect(screen.getByRole('note').textContent).toContain(reason);
  expect(screen.getByText('not callable').getAttribute('title')).toContain(reason);
  await userEvent.setup().keyboard('{Control>}{Enter}{/Control}');
  expect(api.callTool).not.toHaveBeenCalled();
});
