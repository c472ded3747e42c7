// @vitest-environment happy-dom
/** The collection editor: steps and assertions as a form, Save through the core, and nothing lost when it cannot save. */
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

const math: CollectionFile = {
  file: 'math.yaml',
  path: `${FOLDER}/math.yaml`,
  collection: {
    name: 'Math',
    description: 'Sums',
    steps: [
      {
        id: 'add',
        tool: 'add',
        arguments: { a: 2, b: 3 },
        expect: [{ outcome: 'ok' }, { path: '$.structuredContent.sum', equals: 5 }],
        answers: { elicitation: [{ action: 'decline' }] },
        timeoutMs: 5000,
      },
    ],
  },
  problems: [],
};

async function openMath(store: WorkbenchStore) {
  render(
    <StoreContext.Provider value={store}>
      <CollectionsView server={connected('a')} />
    </StoreContext.Provider>,
  );
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Open collection Math' }));
  await screen.findByRole('list', { name: 'Steps' });
  return user;
}

it('shows the steps with their assertions, and saves edits with what the form does not edit kept as it was', async () => {
  const { store, api } = fakeCollections([math]);
  const user = await openMath(store);
  const step = screen.getByRole('listitem', { name: 'Step 1' });
  expect(within(step).getByRole('textbox', { name: 'Tool of step 1' })).toHaveProperty('value', 'add');
  expect(within(step).getByRole('textbox', { name: 'JSON path of step 1, assertion 2' })).toHaveProperty('value', '$.structuredContent.sum');
  expect(within(step).getByRole('textbox', { name: 'Expected value of step 1, assertion 2' })).toHaveProperty('value', '5');
  expect(step.textContent).toContain('Also in the file: answers, timeoutMs');

  // Expect 6 instead, and add a duration limit.
  const expected = within(step).getByRole('textbox', { name: 'Expected value of step 1, assertion 2' });
  await user.clear(expected);
  await user.type(expected, '6');
  await user.click(within(step).getByRole('button', { name: 'Add assertion to step 1' }));
  await user.selectOptions(within(step).getByRole('combobox', { name: 'What step 1, assertion 3 checks' }), 'duration');
  await user.clear(within(step).getByRole('textbox', { name: 'Duration limit of step 1, assertion 3 (ms)' }));
  await user.type(within(step).getByRole('textbox', { name: 'Duration limit of step 1, assertion 3 (ms)' }), '250');
  await user.click(screen.getByRole('button', { name: 'Save' }));

  expect(api.saveCollection).toHaveBeenCalledWith({
    file: 'math.yaml',
    collection: {
      name: 'Math',
      description: 'Sums',
      steps: [
        {
          id: 'add',
          tool: 'add',
          arguments: { a: 2, b: 3 },
          expect: [{ outcome: 'ok' }, { path: '$.structuredContent.sum', equals: 6 }, { durationUnderMs: 250 }],
          answers: { elicitation: [{ action: 'decline' }] },
          timeoutMs: 5000,
        },
      ],
    },
  });
  expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Saved');
  expect(screen.queryByText(/not saved/)).toBeNull();
});

it('arguments that are not JSON are refused with the step named, and nothing typed is lost', async () => {
  const { store, api } = fakeCollections([math]);
  const user = await openMath(store);
  const args = screen.getByRole('textbox', { name: 'Arguments of step 1 (JSON)' });
  await user.clear(args);
  // user-event reads { and [ as key names; doubled they are typed as themselves.
  await user.type(args, '{{"a": 2, "b": ');
  await user.click(screen.getByRole('button', { name: 'Save' }));

  const problems = screen.getByRole('alert', { name: 'Why it cannot be saved' });
  expect(problems.textContent).toMatch(/^Step 1 \(add\): the arguments are not JSON: /);
  expect(api.saveCollection).not.toHaveBeenCalled();
  expect(screen.getByRole('textbox', { name: 'Arguments of step 1 (JSON)' })).toHaveProperty('value', '{"a": 2, "b": ');
  expect(screen.getByText(/changed, not saved/)).toBeTruthy();
});

it('the format\'s own rules are checked before saving: a step id that is taken, an empty tool', async () => {
  const { store, api } = fakeCollections([math]);
  const user = await openMath(store);
  await user.click(screen.getByRole('button', { name: 'Add step' }));
  const second = screen.getByRole('listitem', { name: 'Step 2' });
  expect(within(second).getByRole('textbox', { name: 'Id of step 2' })).toHaveProperty('value', 'step1');
  await user.clear(within(second).getByRole('textbox', { name: 'Id of step 2' }));
  await user.type(within(second).getByRole('textbox', { name: 'Id of step 2' }), 'add');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  const problems = screen.getByRole('alert', { name: 'Why it cannot be saved' }).textContent;
  expect(problems).toContain('Step 2 (add): a tool name is required.');
  expect(problems).toContain('Step 2 (add) id: another step already has the id "add"');
  expect(problems).not.toContain('Too small');
  expect(api.saveCollection).not.toHaveBeenCalled();
});

it('when the core refuses to save, says why and keeps the form as it was', async () => {
  const { store, api } = fakeCollections([math]);
  api.saveCollection.mockRejectedValueOnce(new Error('EACCES: permission denied, open math.yaml.'));
  const user = await openMath(store);
  await user.clear(screen.getByRole('textbox', { name: 'Collection name' }));
  await user.type(screen.getByRole('textbox', { name: 'Collection name' }), 'Arithmetic');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect((await screen.findByText(/^Not saved:/)).textContent).toBe('Not saved: EACCES: permission denied, open math.yaml. Your changes are still here.');
  expect(screen.getByRole('textbox', { name: 'Collection name' })).toHaveProperty('value', 'Arithmetic');
  // The edits survive leaving the tab too: they are kept in the store, not the component.
  cleanup();
  render(
    <StoreContext.Provider value={store}>
      <CollectionsView server={connected('a')} />
    </StoreContext.Provider>,
  );
  expect(screen.getByRole('textbox', { name: 'Collection name' })).toHaveProperty('value', 'Arithmetic');
});

it('steps move up and down and are removed', async () => {
  const { store, api } = fakeCollections([math]);
  const user = await openMath(store);
  await user.click(screen.getByRole('button', { name: 'Add step' }));
  await user.type(screen.getByRole('textbox', { name: 'Tool of step 2' }), 'echo');
  await user.click(screen.getByRole('button', { name: 'Move step 2 up' }));
  expect(screen.getByRole('textbox', { name: 'Tool of step 1' })).toHaveProperty('value', 'echo');
  await user.click(screen.getByRole('button', { name: 'Remove step 2' }));
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(api.saveCollection.mock.calls[0]![0].collection.steps).toEqual([{ id: 'step1', tool: 'echo', expect: [{ outcome: 'ok' }] }]);
});

it('offers the connected server\'s tools as you type a step\'s tool, loading them if no tab has yet', async () => {
  const { store, api } = fakeCollections([math]);
  api.listTools.mockResolvedValue([
    { server: 'a', name: 'add', fullName: 'mcp__a__add', inputSchema: { type: 'object' } },
    { server: 'a', name: 'echo', fullName: 'mcp__a__echo', inputSchema: { type: 'object' } },
  ] as never);
  await openMath(store);
  const tool = await screen.findByRole('combobox', { name: 'Tool of step 1' });
  expect(api.listTools).toHaveBeenCalledWith({ name: 'a', callId: expect.any(String) });
  const options = document.getElementById(tool.getAttribute('list')!)!.querySelectorAll('option');
  expect([...options].map((option) => option.value)).toEqual(['add', 'echo']);
});
