/** Which request is a retry of which call: method, target and requestState must all agree. */
import { describe, expect, it } from 'vitest';
import { MrtrConversations } from './mrtr-conversations';

const inputRequired = (requestState?: string) => ({ jsonrpc: '2.0', id: 1, result: { resultType: 'input_required', inputRequests: { a: { method: 'roots/list' } }, ...(requestState ? { requestState } : {}) } });

describe('MrtrConversations', () => {
  it('ties a retry to the call whose requestState it echoes, not to another waiting call of the same tool', () => {
    const rounds = new MrtrConversations();
    const first = rounds.onRequest('tools/call', { name: 'deploy' })!;
    const second = rounds.onRequest('tools/call', { name: 'deploy' })!;
    expect(first.conversation).not.toBe(second.conversation);
    rounds.onResponse({ method: 'tools/call', params: { name: 'deploy' }, ...first }, inputRequired('state-A'));
    rounds.onResponse({ method: 'tools/call', params: { name: 'deploy' }, ...second }, inputRequired('state-B'));
    expect(rounds.onRequest('tools/call', { name: 'deploy', inputResponses: {}, requestState: 'state-B' })).toEqual({ conversation: second.conversation, round: 2 });
    expect(rounds.onRequest('tools/call', { name: 'deploy', inputResponses: {}, requestState: 'state-A' })).toEqual({ conversation: first.conversation, round: 2 });
  });

  it('a complete answer closes the conversation; other methods and other targets get none of it', () => {
    const rounds = new MrtrConversations();
    expect(rounds.onRequest('tools/list', {})).toBeUndefined();
    const call = rounds.onRequest('prompts/get', { name: 'greet' })!;
    rounds.onResponse({ method: 'prompts/get', params: { name: 'greet' }, ...call }, { jsonrpc: '2.0', id: 1, result: { messages: [] } });
    expect(rounds.onRequest('prompts/get', { name: 'greet', inputResponses: {} })).toMatchObject({ round: 1 });
    const read = rounds.onRequest('resources/read', { uri: 'note://a' })!;
    rounds.onResponse({ method: 'resources/read', params: { uri: 'note://a' }, ...read }, inputRequired());
    expect(rounds.onRequest('resources/read', { uri: 'note://b', inputResponses: {} })).toMatchObject({ round: 1 });
    expect(rounds.onRequest('resources/read', { uri: 'note://a', inputResponses: {} })).toEqual({ conversation: read.conversation, round: 2 });
  });
});
