// @vitest-environment happy-dom
/** The protocol log view groups the rounds of a multi-round-trip call into one collapsible conversation. */
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import type { ProtocolLogEntry } from '../../../shared/protocol-log';
import { createWorkbenchStore, StoreContext } from '../state/store';
import { ProtocolLogView } from './ProtocolLogView';
import { fakeApi } from '../testing/fake-api';

afterEach(cleanup);

let seq = 0;
const entry = (fields: Partial<ProtocolLogEntry>): ProtocolLogEntry => ({ seq: ++seq, server: 'a', time: seq, direction: 'out', kind: 'request', size: 10, text: '{}', ...fields });
const call = (id: number, round: number, conversation = 'mrtr-1', name = 'deploy') =>
  entry({ method: 'tools/call', id, conversation, round, text: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name } }) });
const answer = (id: number, round: number, resultType: string, conversation = 'mrtr-1') =>
  entry({ direction: 'in', kind: 'response', method: 'tools/call', id, conversation, round, text: JSON.stringify({ jsonrpc: '2.0', id, result: { resultType } }) });

it('shows the rounds of one call as a conversation with each entry’s round, and a one-round call as plain rows', async () => {
  const log = [
    call(1, 1),
    answer(1, 1, 'input_required'),
    entry({ direction: 'in', kind: 'notification', method: 'notifications/message' }),
    call(2, 2),
    answer(2, 2, 'input_required'),
    call(3, 3),
    answer(3, 3, 'complete'),
    call(4, 1, 'mrtr-2', 'weather'),
    answer(4, 1, 'complete', 'mrtr-2'),
  ];
  const api = fakeApi({ getProtocolLog: vi.fn(async () => log), watchProtocolLog: vi.fn(async () => undefined) });
  const store = createWorkbenchStore(api);
  store.setState({ servers: [{ name: 'a' }] as never });
  store.getState().openProtocolLog('a');
  render(
    <StoreContext.Provider value={store}>
      <ProtocolLogView />
    </StoreContext.Provider>,
  );
  const header = await screen.findByRole('button', { name: /tools\/call deploy — 3 rounds/ });
  expect(header.getAttribute('aria-expanded')).toBe('true');
  const rounds = within(screen.getByRole('list', { name: 'tools/call deploy — 3 rounds' }));
  const rows = rounds.getAllByRole('button').map((row) => row.querySelector('.log-method')?.textContent);
  expect(rows).toEqual(['tools/call · round 1', 'tools/call · round 1', 'tools/call · round 2', 'tools/call · round 2', 'tools/call · round 3', 'tools/call · round 3']);
  // The notification that came between rounds stays outside the conversation, as does the one-round call.
  const outside = [...document.querySelectorAll('.log-entries > .log-entry .log-method')].map((cell) => cell.textContent);
  expect(outside).toEqual(['notifications/message', 'tools/call', 'tools/call']);

  await userEvent.setup().click(header);
  expect(header.getAttribute('aria-expanded')).toBe('false');
  expect(screen.queryByRole('list', { name: 'tools/call deploy — 3 rounds' })).toBeNull();
});
