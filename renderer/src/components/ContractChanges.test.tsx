// @vitest-environment happy-dom
/** The "changed since the last connection" panel: filled by the core's contract-changed event, gone when dismissed. */
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it } from 'vitest';
import { applyEvent, createWorkbenchStore, StoreContext } from '../state/store';
import { ContractChanges } from './ContractChanges';
import { fakeApi } from '../testing/fake-api';

afterEach(cleanup);

it('lists the changes of a contract-changed event, breaking first, and Dismiss removes them', async () => {
  const store = createWorkbenchStore(fakeApi());
  render(
    <StoreContext.Provider value={store}>
      <ContractChanges server="a" />
    </StoreContext.Provider>,
  );
  expect(screen.queryByRole('region')).toBeNull();

  applyEvent(store, {
    type: 'contract-changed',
    server: 'a',
    changes: [
      { kind: 'additive', in: 'after', pointer: '/tools/0', message: 'tool fetch added' },
      { kind: 'breaking', in: 'before', pointer: '/tools/1', message: 'tool search removed' },
    ],
  });
  applyEvent(store, { type: 'contract-changed', server: 'b', changes: [{ kind: 'changed', in: 'after', pointer: '/instructions', message: 'instructions changed' }] });

  const panel = await screen.findByRole('region', { name: 'Changes of a since the last connection' });
  expect(within(panel).getByText(/1 breaking, 1 additive, 0 changed/)).toBeTruthy();
  expect(within(panel).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['breaking tool search removed /tools/1', 'additive tool fetch added /tools/0']);

  await userEvent.setup().click(within(panel).getByRole('button', { name: 'Dismiss the changes' }));
  expect(screen.queryByRole('region')).toBeNull();
  expect(store.getState().contractChanges.b).toHaveLength(1);
});
