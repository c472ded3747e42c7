import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import type { NewProtocolLogEntry } from '../protocol-log';
import { LoggingTransport } from './logging-transport';
import { textOf } from './message-text';

/** The transport below: keeps the text each message would be written as (stdio writes textOf). */
function below(): Transport & { written: string[] } {
  const written: string[] = [];
  return { written, start: async () => undefined, close: async () => undefined, send: async (message) => void written.push(textOf(message)) };
}

describe('LoggingTransport', () => {
  it('records a request as it goes out, and the transport below sends the very text recorded', async () => {
    const inner = below();
    const entries: NewProtocolLogEntry[] = [];
    const logged = new LoggingTransport(inner, (entry) => entries.push(entry));
    const message = { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'echo', arguments: { text: 'é "x"' } } } as JSONRPCMessage;
    await logged.send(message);
    expect(inner.written).toEqual([JSON.stringify(message)]);
    expect(entries).toEqual([{ direction: 'out', kind: 'request', method: 'tools/call', id: 7, text: JSON.stringify(message), conversation: expect.stringMatching(/^mrtr-\d+$/), round: 1 }]);
  });

  it('a message that cannot be serialized is a rejected send, never a throw', async () => {
    const inner = below();
    const logged = new LoggingTransport(inner, () => undefined);
    let sending: Promise<void> | undefined;
    expect(() => {
      sending = logged.send({ jsonrpc: '2.0', method: 'notifications/message', params: { data: 10n } } as unknown as JSONRPCMessage);
    }).not.toThrow();
    await expect(sending).rejects.toThrow(/BigInt/);
    expect(inner.written).toEqual([]);
  });
});
