// @vitest-environment happy-dom
/** An eval step in the Collections tab: shown and kept as written by the editor, and its run's pass rate, interval and verdicts. */
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import type { CollectionFile, EvalStep, StepResult } from '../../../../shared/api/collections';
import { StoreContext } from '../../state/store';
import { CollectionsView } from './CollectionsView';
import { fromDraft, toDraft } from './edit-model';
import { connected, fakeCollections, FOLDER, progress } from './testing/fake-collections-api';

afterEach(cleanup);
vi.mock('../tools/json-editor/JsonEditor', () => import('./testing/plain-json-editor'));

const evalStep: EvalStep = {
  id: 'sum',
  name: 'adds with the tool',
  eval: { prompt: 'What is 2 + 3?', models: ['openai:gpt-4o-mini', 'ollama:llama3.2'], runs: 3, tools: ['add'], judge: { model: 'ollama:llama3.2', criteria: 'says 5' } },
  timeoutMs: 60000,
  expect: [{ toolCalled: 'add', arguments: { a: 2, b: 3 } }, { textContains: 'five' }],
};
const file: CollectionFile = { file: 'evals.yaml', path: `${FOLDER}/evals.yaml`, collection: { name: 'Evals', steps: [evalStep] }, problems: [] };

const result: StepResult = {
  id: 'sum',
  name: 'adds with the tool',
  kind: 'eval',
  target: 'openai:gpt-4o-mini, ollama:llama3.2',
  status: 'failed',
  outcome: 'ok',
  error: 'passed 4 of 6 runs (67%, 95% interval 30%–90%), and the step needs 100%.',
  durationMs: 4200,
  assertions: [
    { assertion: { toolCalled: 'add', arguments: { a: 2, b: 3 } }, kind: 'eval', passed: true, message: 'add was called with the arguments {"a":2,"b":3} (all 6 runs)' },
    { assertion: { textContains: 'five' }, kind: 'eval', passed: false, message: 'the answer should contain "five", and is "5" (held in 4 of 6 runs; first in run 2 of ollama:llama3.2)' },
  ],
  eval: {
    runs: 6,
    passed: 4,
    passRate: 4 / 6,
    interval: { low: 0.3, high: 0.9 },
    minPassRate: 1,
    flaky: true,
    latencyMs: { mean: 700, max: 1200 },
    tokens: { input: 900, output: 120 },
    cost: 0.0002,
    models: [
      { model: 'openai:gpt-4o-mini', runs: 3, passed: 3 },
      { model: 'ollama:llama3.2', runs: 3, passed: 1 },
    ],
  },
};

it('keeps an eval step exactly as written through the editor model', () => {
  const draft = toDraft(file.collection!);
  expect(draft.steps[0]).toMatchObject({ kind: 'eval', id: 'sum', target: 'openai:gpt-4o-mini, ollama:llama3.2' });
  const back = fromDraft(draft);
  expect(back).toEqual({ ok: true, collection: file.collection });
});

it('shows an eval step as written, and its run with the pass rate, the interval, the flaky marker and each verdict', async () => {
  const fake = fakeCollections([file]);
  render(
    <StoreContext.Provider value={fake.store}>
      <CollectionsView server={connected('a')} />
    </StoreContext.Provider>,
  );
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Open collection Evals' }));
  const card = within(await screen.findByRole('list', { name: 'Steps' })).getByRole('listitem', { name: 'Step 1' });
  expect((within(card).getByRole('combobox', { name: 'Kind of step 1' }) as HTMLSelectElement).disabled).toBe(true);
  expect(within(card).getByRole('textbox', { name: 'Model(s) of step 1' })).toHaveProperty('readOnly', true);
  expect(card.textContent).toContain('Also in the file: eval, timeoutMs, expect');

  await user.click(screen.getByRole('button', { name: 'Run' }));
  const runId = fake.runs[0]!.request.runId!;
  act(() => progress(fake.store, { runId, collection: 'Evals', file: 'evals.yaml', index: 0, total: 1, stepId: 'sum', result }));
  const row = within(screen.getByRole('list', { name: 'Step results' })).getByRole('listitem', { name: 'Step 1 adds with the tool: failed' });
  const rate = within(row).getByLabelText('Pass rate of step 1');
  expect(rate.textContent).toBe('4 of 6 runs passed (67%, 95% interval 30%–90%; needs 100%), flaky; latency 700 ms mean, 1200 ms max; 900 tokens in, 120 out; $0.0002');
  expect(rate.className).toContain('flaky');
  const verdicts = within(within(row).getByRole('list', { name: 'Assertions of step 1' })).getAllByRole('listitem');
  expect(verdicts.map((verdict) => verdict.textContent)).toEqual([
    'passadd was called with the arguments {"a":2,"b":3} (all 6 runs)',
    'failthe answer should contain "five", and is "5" (held in 4 of 6 runs; first in run 2 of ollama:llama3.2)',
  ]);
});
