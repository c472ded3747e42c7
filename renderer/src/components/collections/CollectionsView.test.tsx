// @vitest-environment happy-dom
/** The Collections tab's list: files with their problems in words, the empty state, the keyboard, a new collection. */
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import type { CollectionFile } from '../../../../shared/api/collections';
import { StoreContext, type WorkbenchStore } from '../../state/store';
import { CollectionsView } from './CollectionsView';
import { connected, fakeCollections, FOLDER } from './testing/fake-collections-api';

afterEach(cleanup);
// CodeMirror does not load under vitest's Node resolution; the e2e spec types into the real one.
vi.mock('../tools/json-editor/JsonEditor', () => import('./testing/plain-json-editor'));

const smoke: CollectionFile = {
  file: 'smoke.yaml',
  path: `${FOLDER}/smoke.yaml`,
  collection: { name: 'Smoke test', server: 'a', steps: [{ id: 'echo', tool: 'echo', arguments: { text: 'hi' }, expect: [{ outcome: 'ok' }] }] },
  problems: [],
};
const broken: CollectionFile = {
  file: 'broken.yaml',
  path: `${FOLDER}/broken.yaml`,
  problems: [
    { file: 'broken.yaml', line: 4, step: 'add', message: 'a step has exactly one of tool, resource, prompt (this one has tool and prompt)' },
    { file: 'broken.yaml', line: 9, message: 'another step already has the id "add"' },
  ],
};

function show(store: WorkbenchStore) {
  render(
    <StoreContext.Provider value={store}>
      <CollectionsView server={connected('a')} />
    </StoreContext.Provider>,
  );
}

it('lists the project\'s collections, and says plainly what is wrong with a file that does not parse', async () => {
  const { store } = fakeCollections([broken, smoke]);
  show(store);
  const list = await screen.findByRole('list', { name: 'Collections' });
  const open = within(list).getByRole('button', { name: 'Open collection Smoke test' });
  expect(open.textContent).toContain('smoke.yaml');
  expect(open.textContent).toContain('1 step');
  const bad = within(list).getByRole('button', { name: 'Open collection broken.yaml' });
  // The problems are the button's description, so a screen reader hears them with it.
  const problems = document.getElementById(bad.getAttribute('aria-describedby')!)!;
  expect(problems.textContent).toContain('broken.yaml cannot be used');
  expect(problems.textContent).toContain('line 4, step add: a step has exactly one of tool, resource, prompt (this one has tool and prompt)');
  expect(problems.textContent).toContain('line 9: another step already has the id "add"');
});

it('with no collections, says where they go and how to make one', async () => {
  const { store } = fakeCollections([]);
  show(store);
  const empty = await screen.findByText(/No collections yet in/);
  expect(empty.textContent).toContain(FOLDER);
  expect(empty.textContent).toContain('New collection');
  expect(empty.textContent).toContain('Add to collection…');
});

it('without a project, says that collections belong to one', () => {
  const { store } = fakeCollections([smoke]);
  store.setState({ configStatus: undefined });
  show(store);
  expect(screen.getByText(/Collections belong to a project/)).toBeTruthy();
  expect(screen.queryByRole('list', { name: 'Collections' })).toBeNull();
});

it('opens a collection from the keyboard, and goes back to the list', async () => {
  const { store, api } = fakeCollections([smoke]);
  show(store);
  await screen.findByRole('button', { name: 'Open collection Smoke test' });
  const user = userEvent.setup();
  // Toolbar: Refresh, New collection, then the collection.
  await user.tab();
  await user.tab();
  await user.tab();
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open collection Smoke test' }));
  await user.keyboard('{Enter}');
  expect(await screen.findByRole('textbox', { name: 'Collection name' })).toHaveProperty('value', 'Smoke test');
  expect(api.readCollection).toHaveBeenCalledWith({ file: 'smoke.yaml' });
  await user.click(screen.getByRole('button', { name: '← Collections' }));
  expect(await screen.findByRole('button', { name: 'Open collection Smoke test' })).toBeTruthy();
});

it('a new collection opens in the editor and is written on Save', async () => {
  const { store, api } = fakeCollections([smoke]);
  show(store);
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'New collection' }));
  await user.type(screen.getByRole('textbox', { name: 'New collection name' }), 'Smoke');
  // The file name is taken by the existing smoke.yaml: refused before anything is written.
  expect(screen.getByText('smoke.yaml already exists: open it from the list.')).toBeTruthy();
  await user.type(screen.getByRole('textbox', { name: 'New collection name' }), ' two');
  await user.click(screen.getByRole('button', { name: 'Create smoke-two.yaml' }));
  expect(api.saveCollection).not.toHaveBeenCalled();
  await user.type(screen.getByRole('textbox', { name: 'Tool of step 1' }), 'echo');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(api.saveCollection).toHaveBeenCalledWith({
    file: 'smoke-two.yaml',
    collection: { name: 'Smoke two', server: 'a', steps: [{ id: 'step1', tool: 'echo', expect: [{ outcome: 'ok' }] }] },
  });
  expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Saved');
});
