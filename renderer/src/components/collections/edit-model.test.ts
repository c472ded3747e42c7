/** The editor's model: a collection read into the form and saved from it unchanged comes back as it was; typed values become JSON. */
import { expect, it } from 'vitest';
import type { Collection } from '../../../../shared/api/collections';
import { freshStepId, fromDraft, toDraft, type AssertionDraft } from './edit-model';

const everyKind: Collection = {
  name: 'Every kind',
  description: 'All the assertion and step kinds',
  server: 'weather',
  bail: true,
  steps: [
    {
      id: 'forecast',
      name: 'Two days',
      tool: 'get_forecast',
      arguments: { city: 'Paris', days: 2 },
      expect: [
        { outcome: 'tool-error' },
        { path: '$.structuredContent.days', equals: 2 },
        { path: '$.content[0].text', contains: 'Paris' },
        { path: '$.structuredContent.id', matches: '^[a-z]+$' },
        { path: '$.structuredContent.error', exists: false },
        { path: '$.structuredContent', exists: true },
        { schema: 'output' },
        { schema: { type: 'object', required: ['days'] } },
        { durationUnderMs: 2000 },
      ],
      answers: { elicitation: [{ action: 'accept', content: { city: 'Paris' } }], sampling: [{ text: 'yes' }] },
      timeoutMs: 9000,
    },
    { id: 'first-day', resource: 'weather://forecasts/${steps.forecast.structuredContent.id}', expect: [{ path: '$.contents[0].text', contains: 'Paris' }] },
    { id: 'advice', prompt: 'advise', arguments: { city: 'Paris', days: '2' } },
  ],
};

it('a collection of every step and assertion kind goes through the form and back unchanged', () => {
  const back = fromDraft(toDraft(everyKind));
  expect(back).toEqual({ ok: true, collection: everyKind });
});

it('expected values are JSON as typed, and text that is not JSON is a string', () => {
  const draft = toDraft({ name: 'c', steps: [{ id: 'a', tool: 't' }] });
  const path = (valueText: string): AssertionDraft => ({ key: valueText, kind: 'path', path: '$.x', op: 'equals', valueText });
  draft.steps[0]!.assertions = [path('5'), path('"5"'), path('hello'), path('{"a": [1]}'), path('null')];
  const built = fromDraft(draft);
  expect(built.ok && built.collection.steps[0]!.expect).toEqual([
    { path: '$.x', equals: 5 },
    { path: '$.x', equals: '5' },
    { path: '$.x', equals: 'hello' },
    { path: '$.x', equals: { a: [1] } },
    { path: '$.x', equals: null },
  ]);
});

it('says what is wrong, naming the step, for every field the form cannot save', () => {
  const draft = toDraft({ name: 'c', steps: [{ id: 'ok', tool: 't' }, { id: 'p', prompt: 'advise' }] });
  draft.name = ' ';
  draft.steps[0]!.assertions = [
    { key: '1', kind: 'duration', maxMsText: 'soon' },
    { key: '2', kind: 'path', path: '$.x', op: 'matches', valueText: '(' },
    { key: '3', kind: 'path', path: '', op: 'exists', valueText: '' },
    { key: '4', kind: 'schema', schemaText: '[1]' },
  ];
  draft.steps[1]!.argsText = '{"days": 2}';
  draft.steps[1]!.id = '2nd';
  const built = fromDraft(draft);
  expect(built.ok).toBe(false);
  expect(!built.ok && built.problems).toEqual([
    'Step 1 (ok): the duration limit must be a positive number of milliseconds (not “soon”).',
    expect.stringMatching(/^Step 1 \(ok\): the pattern for \$\.x cannot be used: /),
    'Step 1 (ok): a JSON path is required (for example $.structuredContent.sum).',
    'Step 1 (ok): the schema must be a JSON object (or leave it empty for the tool’s own output schema).',
    'Step 2 (2nd): prompt arguments are strings: quote days.',
    "The collection's name: a collection needs a name",
    'Step 2 (2nd) id: a step id starts with a letter or "_" and has only letters, digits, "-" and "_"',
  ]);
});

it('fresh step ids are valid ids not used yet', () => {
  expect(freshStepId('echo', [])).toBe('echo');
  expect(freshStepId('echo', ['echo', 'echo2'])).toBe('echo3');
  expect(freshStepId('get.weather', [])).toBe('get_weather');
  expect(freshStepId('2fa', [])).toBe('fa');
  expect(freshStepId('%%', [])).toBe('step');
});
