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
    const entry = log.record('a', { direction: 'out', kind: 'request', method: 'tools/call', id: 1, size: 2, text: '{}', headers: { 'Mcp-Method': 'tools/call', 'Mcp-Param-Token': 's3cret' } });
    expect(entry.headers).toEqual({ 'Mcp-Method': 'tools/call', 'Mcp-Param-Token': '••••••' });
    expect(JSON.parse(protocolLogEntryToJsonLine(entry)).headers).toEqual({ 'Mcp-Method': 'tools/call', 'Mcp-Param-Token': '••••••' });
  });
});
