import { describe, expect, it } from 'vitest';
import { matchesProtocolLogFilter, protocolLogEntryToJsonLine, type ProtocolLogEntry } from './protocol-log';

const entry = (fields: Partial<ProtocolLogEntry>): ProtocolLogEntry => ({
  seq: 1,
  server: 's',
  time: Date.UTC(2026, 0, 2, 3, 4, 5, 6),
  direction: 'out',
  kind: 'request',
  size: 10,
  text: '{}',
  ...fields,
});

describe('protocol log filter', () => {
  it('matches direction, kind and a case-insensitive search over method, id and text', () => {
    const call = entry({ method: 'tools/call', id: 42, text: '{"params":{"name":"Echo"}}' });
    expect(matchesProtocolLogFilter(call, {})).toBe(true);
    expect(matchesProtocolLogFilter(call, { direction: 'in' })).toBe(false);
    expect(matchesProtocolLogFilter(call, { kind: 'response' })).toBe(false);
    expect(matchesProtocolLogFilter(call, { search: 'TOOLS/' })).toBe(true);
    expect(matchesProtocolLogFilter(call, { search: '42' })).toBe(true);
    expect(matchesProtocolLogFilter(call, { search: 'echo' })).toBe(true);
    expect(matchesProtocolLogFilter(call, { search: 'resources' })).toBe(false);
  });

  it('exports one JSON object per line, with the message as JSON when it is one', () => {
    const line = protocolLogEntryToJsonLine(entry({ kind: 'response', method: 'ping', id: 1, latencyMs: 2.5, text: '{"jsonrpc":"2.0","id":1,"result":{}}' }));
    expect(JSON.parse(line)).toEqual({
      time: '2026-01-02T03:04:05.006Z',
      server: 's',
      direction: 'out',
      kind: 'response',
      method: 'ping',
      id: 1,
      size: 10,
      latencyMs: 2.5,
      message: { jsonrpc: '2.0', id: 1, result: {} },
    });
    expect(JSON.parse(protocolLogEntryToJsonLine(entry({ kind: 'noise', text: 'banner' })))).toMatchObject({ text: 'banner' });
  });
});
