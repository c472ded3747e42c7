import { describe, expect, it } from 'vitest';
import { JsonRpcLineReader } from './json-line-reader';

describe('JsonRpcLineReader', () => {
  it('parses messages split across chunks and hands everything else to onNoise', () => {
    const messages: unknown[] = [];
    const noise: string[] = [];
    const reader = new JsonRpcLineReader((m) => messages.push(m), (line) => noise.push(line));
    reader.push(Buffer.from('Server starting…\n{"jsonrpc":"2.0","id":1,"res'));
    reader.push(Buffer.from('ult":{}}\r\n\n{"not":"jsonrpc"}\n{"half": \n'));
    reader.push(Buffer.from('{"jsonrpc":"2.0","method":"notifications/x"}'));
    reader.end();
    expect(messages).toEqual([{ jsonrpc: '2.0', id: 1, result: {} }, { jsonrpc: '2.0', method: 'notifications/x' }]);
    expect(noise).toEqual(['Server starting…', '{"not":"jsonrpc"}', '{"half": ']);
  });

  it('drops a line that grows past the limit without a newline, and goes on', () => {
    const messages: unknown[] = [];
    const noise: string[] = [];
    const reader = new JsonRpcLineReader((m) => messages.push(m), (line) => noise.push(line), 16);
    reader.push(Buffer.from('x'.repeat(40)));
    reader.push(Buffer.from('\n{"jsonrpc":"2.0","id":2,"result":{}}\n'));
    expect(noise[0]).toMatch(/dropped a line longer than 16 bytes/);
    expect(messages).toHaveLength(1);
  });

  it('skips the whole of an over-long line, even when it arrives in pieces', () => {
    const messages: unknown[] = [];
    const noise: string[] = [];
    const reader = new JsonRpcLineReader((m) => messages.push(m), (line) => noise.push(line), 16);
    for (let i = 0; i < 5; i++) reader.push(Buffer.from('y'.repeat(10)));
    reader.push(Buffer.from('tail\n{"jsonrpc":"2.0","id":3,"result":{}}\n'));
    expect(noise).toHaveLength(1);
    expect(messages).toEqual([{ jsonrpc: '2.0', id: 3, result: {} }]);
  });

  it('reads a 20 MB message that arrives in 64 KB chunks', () => {
    const messages: Array<{ result: { text: string } }> = [];
    const reader = new JsonRpcLineReader((m) => messages.push(m as never), () => undefined);
    const text = 'z'.repeat(20 * 1024 * 1024);
    const line = Buffer.from(`${JSON.stringify({ jsonrpc: '2.0', id: 9, result: { text } })}\n`);
    for (let offset = 0; offset < line.length; offset += 64 * 1024) reader.push(line.subarray(offset, offset + 64 * 1024));
    expect(messages).toHaveLength(1);
    expect(messages[0]!.result.text.length).toBe(text.length);
  });
});
