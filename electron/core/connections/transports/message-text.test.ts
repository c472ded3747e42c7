import { describe, expect, it } from 'vitest';
import { loggedTextOf, rememberLongText, rememberText, textOf } from './message-text';

describe('the remembered text of a message', () => {
  it('is the text remembered for that very message, read once; any other message is serialized', () => {
    const message = { jsonrpc: '2.0', id: 1, result: { content: [] } };
    // Spaced as a server may write it: the remembered line, not a fresh serialization.
    const line = '{"jsonrpc": "2.0", "id": 1, "result": {"content": []}}';
    rememberText(message, line);
    const copy = { ...message };
    expect(textOf(copy)).toBe(JSON.stringify(copy));
    expect(textOf(message)).toBe(line);
    // Forgotten as it is read: nothing keeps the message (or a long text) alive.
    expect(textOf(message)).toBe(JSON.stringify(message));
  });

  it('is the last one remembered: an earlier message is serialized again, to the same JSON', () => {
    const first = { jsonrpc: '2.0', method: 'notifications/progress', params: { progress: 1 } };
    const second = { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'echo' } };
    rememberText(first, JSON.stringify(first));
    rememberText(second, 'second as sent');
    expect(textOf(first)).toBe(JSON.stringify(first));
    expect(loggedTextOf(second)).toEqual({ text: 'second as sent' });
  });

  it('of a long line read as it streamed is its start and size, for the protocol log', () => {
    const message = { jsonrpc: '2.0', id: 3, result: { content: [{ type: 'text', text: 'x'.repeat(10) }] } };
    rememberLongText(message, '{"jsonrpc":"2.0","id":3,', 5_000_000);
    expect(loggedTextOf(message)).toEqual({ text: '{"jsonrpc":"2.0","id":3,', long: { head: '{"jsonrpc":"2.0","id":3,', bytes: 5_000_000 } });
  });
});
