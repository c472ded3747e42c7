import { expect, it } from 'vitest';
import { inputResponsesSkeleton } from './input-responses-skeleton';

it('gives each named input request an answer shaped for its method, with a placeholder per form field', () => {
  const skeleton = inputResponsesSkeleton({
    login: { method: 'elicitation/create', params: { mode: 'form', message: 'Who?', requestedSchema: { type: 'object', properties: { name: { type: 'string' }, age: { type: 'integer' }, ok: { type: 'boolean' }, tags: { type: 'array' } } } } },
    visit: { method: 'elicitation/create', params: { mode: 'url', url: 'https://example.com', message: 'Go', elicitationId: 'e' } },
    haiku: { method: 'sampling/createMessage', params: { messages: [], maxTokens: 10 } },
    roots: { method: 'roots/list' },
    other: { method: 'something/new' },
  });
  expect(skeleton).toEqual({
    login: { action: 'accept', content: { name: '', age: 0, ok: false, tags: [] } },
    visit: { action: 'accept' },
    haiku: { role: 'assistant', content: { type: 'text', text: '' }, model: 'mcp-workbench-user', stopReason: 'endTurn' },
    roots: { roots: [] },
    other: {},
  });
});
