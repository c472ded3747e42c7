// @vitest-environment happy-dom
/** History → step: a past call is added to a chosen or a new collection, asserting the outcome it had. */
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import type { CollectionFile } from '../../../../shared/api/collections';
import type { HistoryEntry } from '../../../../shared/api/history';
import { StoreContext, type WorkbenchStore } from '../../state/store';
import { HistoryDialog } from '../tools/HistoryDialog';
import { fakeCollections, FOLDER } from './testing/fake-collections-api';

afterEach(cleanup);

const failedAdd: HistoryEntry = {
  id: 'h1',
  time: Date.UTC(2026, 0, 1),
  server: 'a',
  tool: 'fail',
  fullName: 'mcp__a__fail',
  arguments: {},
  outcome: 'tool-error',
  summary: 'This tool always fails',
  durationMs: 4,
};
const echo: HistoryEntry = { ...failedAdd, id: 'h2', tool: 'echo', fullName: 'mcp__a__echo', arguments: { text: 'hi' }, outcome: 'ok', summary: 'hi' };
const smoke: CollectionFile = {
  file: 'smoke.yaml',
  path: `${FOLDER}/smoke.yaml`,
  collection: { name: 'Smoke', steps: [{ id: 'echo', tool: 'echo', arguments: { text: 'first' } }] },
  problems: [],
};
const broken: CollectionFile = { file: 'broken.yaml', path: `${FOLDER}/broken.yaml`, problems: [{ file: 'broken.yaml', line: 1, message: 'not YAML' }] };

/** Picks an item of a history row's menu. */
async function rowAction(user: ReturnType<typeof userEvent.setup>, tool: string, item: string) {
  await user.click(await screen.findByRole('button', { name: `More for the call of ${tool}` }));
  await user.click(await screen.findByRole('menuitem', { name: item }));
}

function showHistory(store: WorkbenchStore, entries: HistoryEntry[]) {
  const state = store.getState();
  Object.assign(state.api, { listHistory: vi.fn(async () => entries), listSavedRequests: vi.fn(async () => []) });
  render(
    <StoreContext.Provider value={store}>
      <HistoryDialog onClose={() => undefined} />
    </StoreContext.Provider>,
  );
}

it('adds a call to an existing collection as its next step, with a fresh id and its outcome asserted', async () => {
  const { store, api } = fakeCollections([broken, smoke]);
  showHistory(store, [echo]);
  const user = userEvent.setup();
  await rowAction(user, 'echo', 'Add to collection…');
  const form = await screen.findByRole('form', { name: 'Add the call of echo to a collection' });
  // Only collections that parse can take a step (once the project's collections are listed).
  await within(form).findByRole('option', { name: 'Smoke (smoke.yaml)' });
  const choices = within(form).getByRole('combobox', { name: 'Collection' });
  expect([...(choices as HTMLSelectElement).options].map((option) => option.textContent)).toEqual(['Smoke (smoke.yaml)', 'New collection…']);
  await user.click(within(form).getByRole('button', { name: 'Add step' }));

  expect(await screen.findByText('Added as step 2 of smoke.yaml.')).toBeTruthy();
  expect(api.saveCollection).toHaveBeenCalledWith({
    file: 'smoke.yaml',
    collection: {
      name: 'Smoke',
      steps: [
        { id: 'echo', tool: 'echo', arguments: { text: 'first' } },
        { id: 'echo2', tool: 'echo', arguments: { text: 'hi' }, expect: [{ outcome: 'ok' }] },
      ],
    },
  });

  // From now on the same collection is one click away.
  await rowAction(user, 'echo', 'Add to smoke.yaml');
  expect(await screen.findByText('Added as step 3 of smoke.yaml.')).toBeTruthy();
  expect(api.saveCollection.mock.calls[1]![0].collection.steps.map((step) => step.id)).toEqual(['echo', 'echo2', 'echo3']);
});

it('takes no step until the project\'s collections are listed: the choice would be a new collection where one exists', async () => {
  const { store, api } = fakeCollections([smoke]);
  let list!: () => void;
  const listed = new Promise<void>((resolve) => (list = resolve));
  const listCollections = api.listCollections.getMockImplementation()!;
  api.listCollections.mockImplementation(async () => {
    await listed;
    return listCollections();
  });
  showHistory(store, [echo]);
  const user = userEvent.setup();
  await rowAction(user, 'echo', 'Add to collection…');
  const form = await screen.findByRole('form', { name: 'Add the call of echo to a collection' });
  expect(within(form).getByRole('combobox', { name: 'Collection' })).toHaveProperty('disabled', true);
  expect(within(form).getByRole('option', { name: "Listing the project's collections…" })).toBeTruthy();
  expect(within(form).getByRole('button', { name: 'Add step' })).toHaveProperty('disabled', true);
  expect(within(form).queryByRole('textbox', { name: 'New collection name' })).toBeNull();

  list();
  await within(form).findByRole('option', { name: 'Smoke (smoke.yaml)' });
  expect(within(form).getByRole('button', { name: 'Add step' })).toHaveProperty('disabled', false);
});

it('adds a call to a new collection for its server; a tool error is the outcome expected', async () => {
  const { store, api } = fakeCollections([smoke]);
  showHistory(store, [failedAdd]);
  const user = userEvent.setup();
  await rowAction(user, 'fail', 'Add to collection…');
  const form = await screen.findByRole('form', { name: 'Add the call of fail to a collection' });
  await user.selectOptions(within(form).getByRole('combobox', { name: 'Collection' }), 'New collection…');
  await user.type(within(form).getByRole('textbox', { name: 'New collection name' }), 'Failures');
  await user.click(within(form).getByRole('button', { name: 'Add to failures.yaml' }));

  expect(await screen.findByText('Added as step 1 of failures.yaml.')).toBeTruthy();
  expect(api.saveCollection).toHaveBeenCalledWith({
    file: 'failures.yaml',
    collection: { name: 'Failures', server: 'a', steps: [{ id: 'fail', tool: 'fail', expect: [{ outcome: 'tool-error' }] }] },
  });
});

it('a new collection whose file exists is refused, and nothing is written', async () => {
  const { store, api } = fakeCollections([smoke]);
  showHistory(store, [echo]);
  const user = userEvent.setup();
  await rowAction(user, 'echo', 'Add to collection…');
  const form = await screen.findByRole('form', { name: 'Add the call of echo to a collection' });
  await user.selectOptions(within(form).getByRole('combobox', { name: 'Collection' }), 'New collection…');
  await user.type(within(form).getByRole('textbox', { name: 'New collection name' }), 'smoke');
  await user.click(within(form).getByRole('button', { name: 'Add to smoke.yaml' }));
  expect((await within(form).findByRole('alert')).textContent).toBe('smoke.yaml already exists: choose it in the list, or give another name.');
  expect(api.saveCollection).not.toHaveBeenCalled();
});
