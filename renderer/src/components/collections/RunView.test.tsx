// @vitest-environment happy-dom
/** A collection's run in the editor: steps as their progress events arrive, verdicts with expected and actual, Cancel, totals. */
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import type { CollectionFile, StepResult } from '../../../../shared/api/collections';
import { StoreContext } from '../../state/store';
import { CollectionsView } from './CollectionsView';
import { connected, fakeCollections, FOLDER, progress } from './testing/fake-collections-api';

afterEach(cleanup);
// CodeMirror does not load under vitest's Node resolution; the e2e spec types into the real one.
vi.mock('../tools/json-editor/JsonEditor', () => import('./testing/plain-json-editor'));

const math: CollectionFile = {
  file: 'math.yaml',
  path: `${FOLDER}/math.yaml`,
  collection: {
    name: 'Math',
    steps: [
      { id: 'add', tool: 'add', arguments: { a: 2, b: 3 }, expect: [{ outcome: 'ok' }, { path: '$.structuredContent.sum', equals: 6 }] },
      { id: 'echo', name: 'Echo back', tool: 'echo', arguments: { text: 'hi' } },
    ],
  },
  problems: [],
};

const addResult: StepResult = {
  id: 'add',
  kind: 'tool',
  target: 'add',
  status: 'failed',
  outcome: 'ok',
  durationMs: 12,
  assertions: [
    { assertion: { outcome: 'ok' }, kind: 'outcome', passed: true, message: 'the outcome is ok' },
    { assertion: { path: '$.structuredContent.sum', equals: 6 }, kind: 'path', passed: false, message: '$.structuredContent.sum is 5' },
  ],
};
const echoResult: StepResult = { id: 'echo', name: 'Echo back', kind: 'tool', target: 'echo', status: 'passed', outcome: 'ok', durationMs: 3, assertions: [{ assertion: { outcome: 'ok' }, kind: 'outcome', passed: true, message: 'the outcome is ok' }] };

async function openMath() {
  const fake = fakeCollections([math]);
  render(
    <StoreContext.Provider value={fake.store}>
      <CollectionsView server={connected('a')} />
    </StoreContext.Provider>,
  );
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Open collection Math' }));
  await screen.findByRole('list', { name: 'Steps' });
  return { ...fake, user };
}

it('shows each step as its progress event arrives, a failed assertion with its path, expected and actual, and the totals', async () => {
  const { store, runs, user } = await openMath();
  await user.click(screen.getByRole('button', { name: 'Run' }));
  const [run] = runs;
  expect(run!.request).toEqual({ file: 'math.yaml', server: 'a', runId: expect.any(String) });
  const runId = run!.request.runId!;
  const results = screen.getByRole('list', { name: 'Step results' });
  expect(within(results).getAllByRole('listitem').map((row) => row.textContent)).toEqual(['waiting1. add', 'waiting2. Echo back']);

  act(() => progress(store, { runId, collection: 'Math', file: 'math.yaml', index: 0, total: 2, stepId: 'add' }));
  expect(within(results).getAllByRole('listitem')[0]!.textContent).toBe('running…1. add');

  act(() => progress(store, { runId, collection: 'Math', file: 'math.yaml', index: 0, total: 2, stepId: 'add', result: addResult }));
  const add = within(results).getByRole('listitem', { name: 'Step 1 add: failed' });
  const verdicts = within(add).getByRole('list', { name: 'Assertions of step 1' });
  expect(within(verdicts).getAllByRole('listitem')[0]!.textContent).toBe('passthe outcome is ok');
  const failed = within(verdicts).getAllByRole('listitem')[1]!;
  expect(failed.textContent).toContain('fail$.structuredContent.sum equals');
  const detail = [...failed.querySelectorAll('dt')].map((term) => `${term.textContent}: ${term.nextElementSibling!.textContent}`);
  expect(detail).toEqual(['JSON path: $.structuredContent.sum', 'expected: 6', 'actual: $.structuredContent.sum is 5']);
  expect(screen.getByRole('status').textContent).toBe('Running: 1 of 2 steps done');
  expect(screen.queryByRole('status', { name: 'Run totals' })).toBeNull();

  act(() => progress(store, { runId, collection: 'Math', file: 'math.yaml', index: 1, total: 2, stepId: 'echo', result: echoResult }));
  await act(async () =>
    run!.finish({ collection: 'Math', file: 'math.yaml', server: 'a', status: 'failed', startedAt: 0, durationMs: 20, steps: [addResult, echoResult], counts: { passed: 1, failed: 1, skipped: 0 } }),
  );
  expect(screen.getByRole('status', { name: 'Run totals' }).textContent).toBe('Failed: 1 of 2 steps passed, 1 failed · 2 of 3 assertions passed · 20 ms');
  expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
});

it('Cancel names the run; a run of unsaved edits sends the form as it is and leaves the file alone', async () => {
  const { api, runs, user } = await openMath();
  await user.clear(screen.getByRole('textbox', { name: 'Tool of step 2' }));
  await user.type(screen.getByRole('textbox', { name: 'Tool of step 2' }), 'pid');
  await user.click(screen.getByRole('button', { name: 'Run' }));
  const request = runs[0]!.request;
  expect(request.file).toBeUndefined();
  expect(request.source).toBe('math.yaml');
  expect(request.collection!.steps[1]).toEqual({ id: 'echo', name: 'Echo back', tool: 'pid', arguments: { text: 'hi' } });
  expect(api.saveCollection).not.toHaveBeenCalled();
  expect(screen.getByRole('button', { name: 'Run' })).toHaveProperty('disabled', true);

  await user.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(api.cancelCollectionRun).toHaveBeenCalledWith({ runId: request.runId });
  expect(screen.getByRole('status').textContent).toBe('Cancelling…');
  await act(async () =>
    runs[0]!.finish({
      collection: 'Math',
      server: 'a',
      status: 'cancelled',
      startedAt: 0,
      durationMs: 15,
      steps: [addResult, { id: 'echo', name: 'Echo back', kind: 'tool', target: 'pid', status: 'skipped', durationMs: 0, assertions: [] }],
      counts: { passed: 0, failed: 1, skipped: 1 },
    }),
  );
  expect(screen.getByRole('status', { name: 'Run totals' }).textContent).toBe('Cancelled: 0 of 2 steps passed, 1 failed, 1 skipped · 1 of 2 assertions passed · 15 ms');
  expect(screen.getByRole('button', { name: 'Run' })).toHaveProperty('disabled', false);
});

it('a run the core refuses says why', async () => {
  const { api, user } = await openMath();
  api.runCollection.mockRejectedValueOnce(new Error('Server "a" is not connected.'));
  await user.click(screen.getByRole('button', { name: 'Run' }));
  expect((await screen.findByText(/The run did not finish/)).textContent).toBe('The run did not finish: Server "a" is not connected.');
});
