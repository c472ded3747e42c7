/** The live session's answers keep what a command decides by: the error's kind and the server's JSON-RPC code. */
import { describe, expect, it } from 'vitest';
import { unwrapEnvelope } from '../../../shared/envelope';
import { ServerMessageSchema } from './live-session-wire';

describe('live session wire', () => {
  it("an error answer keeps the server's JSON-RPC code, so a command run through a session reads it as one run alone does", () => {
    const message = ServerMessageSchema.parse({
      type: 'answer',
      id: 7,
      envelope: { ok: false, error: { code: 'failed', message: 'fixture answered with an error: Method not found', kind: 'server-error', rpcCode: -32601 } },
    });
    if (message.type !== 'answer') throw new Error(`parsed as ${message.type}`);
    expect(() => unwrapEnvelope(message.envelope)).toThrow(expect.objectContaining({ kind: 'server-error', rpcCode: -32601 }));
  });

  it('refuses an answer whose error has no kind or a code that is not a number', () => {
    const answer = (error: unknown) => ServerMessageSchema.safeParse({ type: 'answer', id: 1, envelope: { ok: false, error } }).success;
    expect(answer({ code: 'failed', message: 'x' })).toBe(false);
    expect(answer({ code: 'failed', message: 'x', kind: 'server-error', rpcCode: '-32601' })).toBe(false);
  });
});
