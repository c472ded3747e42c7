import { describe, expect, it } from 'vitest';
import { protocolLogEntryToJsonLine, type ProtocolLogEntry } from '../../../shared/protocol-log';
import { ProtocolLog } from './protocol-log';

describe('ProtocolLog', () => {
  it('keeps a bounded ring per server, cuts long texts, and publishes each entry as it is recorded', async () => {
    const published: ProtocolLogEntry[] = [];
    const log = new ProtocolLog((entry) => published.push(entry), { maxEntries: 3, maxChars: 1000, maxEntryChars: 10 });
    for (let i = 1; i <= 5; i++) log.record('a', { direction: 'out', kind: 'notification', size: 1, text: `message ${i}` });
    log.record('b', { direction: 'in', kind: 'noise', size: 30, text: 'x'.repeat(30) });
    expect(log.entries('a').map((e) => e.text)).toEqual(['message 3', 'message 4', 'message 5']);
    expect(log.entries('b')[0]).toMatchObject({ text: 'x'.repeat(10), truncated: true, size: 30 });
    expect(published.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6]);
    log.clear('a');
    expect(log.entries('a')).toEqual([]);
  });

  it('also bounds the characters kept per server', () => {
    const log = new ProtocolLog(() => undefined, { maxEntries: 100, maxChars: 25, maxEntryChars: 100 });
    for (let i = 0; i < 10; i++) log.record('a', { direction: 'out', kind: 'request', size: 10, text: '0123456789' });
    expect(log.entries('a')).toHaveLength(2);
  });

  it('keeps a request\'s HTTP headers, masked like its text, and exports them', () => {
    class Masking extends ProtocolLog {
      protected override prepareText(text: string): string {
        return text.replaceAll('s3cret', '••••••');
      }
    }
    const log = new Masking();
    log.record('a', { direction: 'out', kind: 'request', method: 'tools/call', id: 1, size: 2, text: '{}', headers: { 'Mcp-Method': 'tools/call', 'Mcp-Param-Token': 's3cret' } });
    const entry = log.entries('a')[0]!;
    expect(entry.headers).toEqual({ 'Mcp-Method': 'tools/call', 'Mcp-Param-Token': '••••••' });
    expect(JSON.parse(protocolLogEntryToJsonLine(entry)).headers).toEqual({ 'Mcp-Method': 'tools/call', 'Mcp-Param-Token': '••••••' });
  });

  it('builds an entry once, masked, publishes it as it is recorded and hands out that same entry when read, exported as built', () => {
    let masked = 0;
    class Masking extends ProtocolLog {
      protected override prepareText(text: string): string {
        masked++;
        return text.replaceAll('tok-123456789', '••••••');
      }
    }
    const published: ProtocolLogEntry[] = [];
    const log = new Masking((entry) => published.push(entry));
    const text = JSON.stringify({ jsonrpc: '2.0', id: 7, result: { content: [{ type: 'text', text: 'token tok-123456789 é' }] } });
    log.record('a', { direction: 'in', kind: 'response', method: 'tools/call', id: 7, latencyMs: 1.5, text });
    expect(published).toHaveLength(1);
    const entry = published[0]!;
    expect(entry).toMatchObject({ seq: 1, server: 'a', direction: 'in', kind: 'response', method: 'tools/call', id: 7, latencyMs: 1.5, size: Buffer.byteLength(text) });
    expect(entry.text).toBe(text.replace('tok-123456789', '••••••'));
    // Built once: reading hands out the published entry, masked no second time.
    expect(log.entries('a')[0]).toBe(entry);
    expect(masked).toBe(1);
    const exported = JSON.parse(protocolLogEntryToJsonLine(entry));
    expect(exported).toMatchObject({ server: 'a', direction: 'in', kind: 'response', method: 'tools/call', id: 7, size: Buffer.byteLength(text), latencyMs: 1.5 });
    expect(exported.message.result.content[0].text).toBe('token •••••• é');
  });

  it('cuts a long text when it is recorded, masked whole first, so the message is not kept', () => {
    class Masking extends ProtocolLog {
      protected override prepareText(text: string): string {
        return text.replaceAll('SECRET-VALUE', '••••••');
      }
    }
    const log = new Masking(() => undefined, { maxEntries: 10, maxChars: 1000, maxEntryChars: 10 });
    // The secret straddles the cut: masking after cutting would leave "SECR" behind.
    log.record('a', { direction: 'in', kind: 'noise', text: '123456SECRET-VALUE and more' });
    expect(log.entries('a')[0]).toMatchObject({ text: '123456••••', truncated: true, size: 27 });
  });
});
