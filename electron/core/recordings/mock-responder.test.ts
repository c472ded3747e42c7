/** The mock's answers: the recorded one that matches, the next for a repeat, the last again, initialize always, and an error naming the miss. */
import { expect, it } from 'vitest';
import { headerLine, messageLine } from './format';
import { MockResponder } from './mock-responder';
import { parseRecording } from './read-recording';

const header = headerLine({ format: 'mcp-workbench-recording', version: 1, recordedAt: '2026-12-01T10:00:00.000Z', source: 'record', transport: { type: 'stdio', command: 'x', args: [] } });
const sent = (message: object) => messageLine({ direction: 'to-server', ms: 0, message: { jsonrpc: '2.0', ...message } });
const got = (message: object) => messageLine({ direction: 'to-client', ms: 1, message: { jsonrpc: '2.0', ...message } });
const call = (id: number, name: string) => ({ id, method: 'tools/call', params: { name, arguments: {}, _meta: { progressToken: id } } });
const text = (id: number, value: string) => ({ id, result: { content: [{ type: 'text', text: value }] } });

const recording = parseRecording(
  [
    header,
    sent({ id: 0, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'c', version: '1' } } }),
    got({ id: 0, result: { protocolVersion: '2025-06-18', capabilities: { tools: {} }, serverInfo: { name: 's', version: '1' } } }),
    sent(call(1, 'roll')),
    got(text(1, 'first')),
    sent(call(2, 'roll')),
    got(text(2, 'second')),
  ].join(''),
  'test.jsonl',
);

it('answers a repeat with the next recorded answer, then the last again, with the live id', () => {
  const mock = new MockResponder(recording);
  const ask = (id: number) => mock.answer({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'roll', arguments: {}, _meta: { progressToken: 'other' } } });
  expect(ask(10)).toEqual({ jsonrpc: '2.0', ...text(10, 'first') });
  expect(ask(11)).toEqual({ jsonrpc: '2.0', ...text(11, 'second') });
  expect(ask(12)).toEqual({ jsonrpc: '2.0', ...text(12, 'second') });
});

it('answers initialize with the recorded server whatever the client sends, and a miss with an error that says so', () => {
  const mock = new MockResponder(recording);
  expect(mock.answer({ jsonrpc: '2.0', id: 'a', method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: { roots: {} }, clientInfo: { name: 'other', version: '9' } } })).toMatchObject({
    id: 'a',
    result: { capabilities: { tools: {} }, serverInfo: { name: 's' } },
  });
  expect(mock.answer({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'other' } })).toMatchObject({ id: 2, error: { code: -32602, message: expect.stringContaining('No recorded answer matched tools/call') } });
  expect(mock.answer({ jsonrpc: '2.0', id: 3, method: 'prompts/list' })).toMatchObject({ id: 3, error: { code: -32601, message: expect.stringContaining('No recorded answer matched prompts/list') } });
  expect(mock.answer({ jsonrpc: '2.0', id: 4, method: 'ping' })).toEqual({ jsonrpc: '2.0', id: 4, result: {} });
});
