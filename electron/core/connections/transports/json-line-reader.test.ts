import { describe, expect, it } from 'vitest';
import { JsonRpcLineReader } from './json-line-reader';
import { HEAD_BYTES } from './long-line-parser';

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

  it('keeps multi-byte characters whole across chunks and pieces; hands over a short line as read, a long one as its start and size', () => {
    const lines: Array<{ line: string; long?: { bytes: number } }> = [];
    const messages: Array<{ result: { text: string } }> = [];
    const reader = new JsonRpcLineReader(
      (m, line, long) => {
        messages.push(m as never);
        lines.push({ line, ...(long ? { long } : {}) });
      },
      () => undefined,
    );
    // 3- and 4-byte characters, in chunks of 7 bytes and past the 1 MB piece size.
    const text = 'é€😀'.repeat(150_000);
    const raw = `{"jsonrpc":"2.0", "id":4, "result":{"text":${JSON.stringify(text)}}}`;
    const bytes = Buffer.from(`${raw}\n`);
    for (let offset = 0; offset < 1000; offset += 7) reader.push(bytes.subarray(offset, Math.min(offset + 7, 1000)));
    for (let offset = 1000; offset < bytes.length; offset += 65_531) reader.push(bytes.subarray(offset, offset + 65_531));
    const short = '{"jsonrpc":"2.0","id":5,"result":{"text":"é"}}';
    reader.push(Buffer.from(`${short}\r\n`));
    expect(messages[0]!.result.text).toBe(text);
    expect(lines[0]!.long).toEqual({ bytes: Buffer.byteLength(raw) });
    expect(raw.startsWith(lines[0]!.line)).toBe(true);
    expect(Buffer.byteLength(lines[0]!.line)).toBeGreaterThanOrEqual(HEAD_BYTES - 3);
    expect(lines[1]).toEqual({ line: short });
  });

  it('streams a long line with escapes, surrogate pairs and multi-byte characters split at every kind of place', () => {
    // \n, \" and \\ escapes, \u escapes (a surrogate pair written as two of them), raw
    // multi-byte characters, a long key and a long string inside an array.
    const unit = 'line\n"quoted" back\\slash \u0001 é€😀 ';
    const long = unit.repeat(30_000);
    const value = { jsonrpc: '2.0', id: 'x', result: { content: [{ type: 'text', text: long }, { type: 'text', text: 'short "one"' }], [`k${long.slice(0, 300_000)}`]: [long, 1, null, true] } };
    // JSON.stringify writes 😀 raw; write some characters as \u escapes too.
    const raw = JSON.stringify(value).replaceAll('😀', '\\ud83d\\ude00').replaceAll('é', '\\u00e9');
    for (const size of [1, 5, 4093, 65_536, 1_000_003]) {
      const messages: unknown[] = [];
      const noise: string[] = [];
      const reader = new JsonRpcLineReader((m) => messages.push(m), (line) => noise.push(line));
      const bytes = Buffer.from(`${raw}\n`);
      // One-byte chunks only for the first part (the whole would take too long).
      const limit = size === 1 ? 400_000 : bytes.length;
      for (let offset = 0; offset < limit; offset += size) reader.push(bytes.subarray(offset, Math.min(offset + size, limit)));
      if (limit < bytes.length) reader.push(bytes.subarray(limit));
      expect(noise).toEqual([]);
      expect(messages).toEqual([value]);
    }
  });

  it('hands a long line that is not JSON to onNoise as its start, and goes on with the next line', () => {
    const messages: unknown[] = [];
    const noise: string[] = [];
    const reader = new JsonRpcLineReader((m) => messages.push(m), (line) => noise.push(line));
    const broken = `{"jsonrpc":"2.0","id":1,"result":{"text":"${'a'.repeat(3_000_000)}"`;
    for (let offset = 0; offset < broken.length; offset += 65_536) reader.push(Buffer.from(broken.slice(offset, offset + 65_536)));
    reader.push(Buffer.from('\n{"jsonrpc":"2.0","id":2,"result":{}}\n'));
    expect(noise).toHaveLength(1);
    expect(noise[0]!.startsWith('{"jsonrpc":"2.0","id":1,"result":{"text":"aaa')).toBe(true);
    expect(noise[0]!.endsWith(`a… (a line of ${broken.length} bytes that is not a JSON-RPC message)`)).toBe(true);
    expect(messages).toEqual([{ jsonrpc: '2.0', id: 2, result: {} }]);
  });

  it('hands a long line whose long string JSON forbids (a raw control character, an unknown escape, a bad \\u) to onNoise, as JSON.parse would refuse it', () => {
    for (const bad of ['\t', '\\x', '\\u12G4', '\\u1-']) {
      const line = `{"jsonrpc":"2.0","id":1,"result":{"text":"${'a'.repeat(2_000_000)}${bad}${'a'.repeat(500_000)}"}}`;
      expect(() => JSON.parse(line)).toThrow();
      const messages: unknown[] = [];
      const noise: string[] = [];
      const reader = new JsonRpcLineReader((m) => messages.push(m), (text) => noise.push(text));
      for (let offset = 0; offset < line.length; offset += 65_536) reader.push(Buffer.from(line.slice(offset, offset + 65_536)));
      reader.push(Buffer.from('\n{"jsonrpc":"2.0","id":2,"result":{}}\n'));
      expect(noise, JSON.stringify(bad)).toHaveLength(1);
      expect(noise[0]!.endsWith(`a… (a line of ${line.length} bytes that is not a JSON-RPC message)`)).toBe(true);
      expect(messages).toEqual([{ jsonrpc: '2.0', id: 2, result: {} }]);
    }
  });

  it('keeps lone surrogate escapes in a long string, as JSON.parse does', () => {
    const line = `{"jsonrpc":"2.0","id":1,"result":{"text":"${'a\\ud800b\\udc00c\\ud83d\\n'.repeat(200_000)}"}}`;
    const messages: unknown[] = [];
    const reader = new JsonRpcLineReader((m) => messages.push(m), () => undefined);
    for (let offset = 0; offset < line.length; offset += 65_537) reader.push(Buffer.from(line.slice(offset, offset + 65_537)));
    reader.push(Buffer.from('\n'));
    expect(messages).toEqual([JSON.parse(line)]);
  });

  it('drops a long streamed line past the limit, and reads the next one', () => {
    const messages: unknown[] = [];
    const noise: string[] = [];
    const reader = new JsonRpcLineReader((m) => messages.push(m), (line) => noise.push(line), 3 * 1024 * 1024);
    const line = `{"jsonrpc":"2.0","id":1,"result":{"text":"${'b'.repeat(4 * 1024 * 1024)}"}}`;
    for (let offset = 0; offset < line.length; offset += 65_536) reader.push(Buffer.from(line.slice(offset, offset + 65_536)));
    reader.push(Buffer.from('\n{"jsonrpc":"2.0","id":2,"result":{}}\n'));
    expect(noise).toEqual(['(dropped a line longer than 3145728 bytes without a newline)']);
    expect(messages).toEqual([{ jsonrpc: '2.0', id: 2, result: {} }]);
  });

  it('tells JSON-RPC messages from other JSON by their shape', () => {
    const messages: unknown[] = [];
    const noise: string[] = [];
    const reader = new JsonRpcLineReader((m) => messages.push(m), (line) => noise.push(line));
    reader.push(Buffer.from('{"jsonrpc":"2.0"}\n{"jsonrpc":"1.0","method":"x"}\n[{"jsonrpc":"2.0","method":"x"}]\n"text"\n{"jsonrpc":"2.0","id":3,"error":{"code":1,"message":"m"}}\n'));
    expect(noise).toEqual(['{"jsonrpc":"2.0"}', '{"jsonrpc":"1.0","method":"x"}', '[{"jsonrpc":"2.0","method":"x"}]', '"text"']);
    expect(messages).toEqual([{ jsonrpc: '2.0', id: 3, error: { code: 1, message: 'm' } }]);
  });
});
