import { ProtocolError, ProtocolErrorCode, SdkError, SdkErrorCode, SdkHttpError, UnauthorizedError } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { SessionExpiredError } from './connection-errors';
import { callFailureKind, connectFailureKind, ConnectTimeoutError, describeCallError, describeConnectError } from './describe-error';
import { RequestTimeoutError } from './transports/timeout-fetch';

describe('failure kinds', () => {
  it('of a request: timeout, cancelled, sign-in, connection, or the server answering with an error', () => {
    const timeout = new SdkError(SdkErrorCode.RequestTimeout, 'Request timed out');
    expect(callFailureKind(timeout, false)).toBe('timeout');
    // An abort rejects with the same code: only the signal tells them apart.
    expect(callFailureKind(timeout, true)).toBe('cancelled');
    expect(callFailureKind(new RequestTimeoutError(60_000), false)).toBe('timeout');
    expect(callFailureKind(new SdkError(SdkErrorCode.ConnectionClosed, 'Connection closed'), false)).toBe('connection');
    expect(callFailureKind(new ProtocolError(ProtocolErrorCode.MethodNotFound, 'Method not found'), false)).toBe('server-error');
    expect(callFailureKind(new ProtocolError(-32002, 'Resource not found'), false)).toBe('server-error');
    expect(callFailureKind(new UnauthorizedError('no token'), false)).toBe('needs-auth');
    expect(callFailureKind(new SdkHttpError(SdkErrorCode.ClientHttpNotImplemented, 'Unauthorized', { status: 401, statusText: 'Unauthorized' }), false)).toBe('needs-auth');
    expect(callFailureKind(new SdkHttpError(SdkErrorCode.ClientHttpNotImplemented, 'Internal error', { status: 500, statusText: 'Internal Server Error' }), false)).toBe('connection');
    expect(callFailureKind(new SessionExpiredError(), false)).toBe('connection');
    expect(callFailureKind(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }), false)).toBe('connection');
    expect(callFailureKind(new Error('something else'), false)).toBe('unexpected');
  });

  it('of a connect attempt: timeout, sign-in, or else a connection failure', () => {
    expect(connectFailureKind(new ConnectTimeoutError(30_000))).toBe('timeout');
    expect(connectFailureKind(new SdkError(SdkErrorCode.RequestTimeout, 'Request timed out'))).toBe('timeout');
    expect(connectFailureKind(new UnauthorizedError('no token'))).toBe('needs-auth');
    expect(connectFailureKind(Object.assign(new Error('spawn nope ENOENT'), { code: 'ENOENT' }))).toBe('connection');
  });
});

describe('code -32000: a server\'s own error code, never taken for a closed connection', () => {
  // -32000 opens JSON-RPC's range for server errors, and the SDK once used it for a closed
  // connection too. A server's answer arrives as a ProtocolError; a close is the SDK's own SdkError.
  const answer = new ProtocolError(-32000, 'Upstream API rate limit reached');

  it('that the server sent is its answer, with its message', () => {
    expect(describeCallError(answer, { timeoutMs: 1000 })).toContain('Upstream API rate limit reached');
    expect(describeCallError(answer, { timeoutMs: 1000 })).not.toMatch(/connection closed/i);
    expect(callFailureKind(answer, false)).toBe('server-error');
    expect(describeConnectError(answer, { timeoutMs: 1000 })).toContain('Upstream API rate limit reached');
  });

  it('a closed connection is the close, with its reason', () => {
    const closed = new SdkError(SdkErrorCode.ConnectionClosed, 'Connection closed');
    expect(describeCallError(closed, { timeoutMs: 1000, closeReason: 'The server process exited with code 7.' })).toBe(
      'The connection closed during the call: The server process exited with code 7.',
    );
    expect(callFailureKind(closed, false)).toBe('connection');
    expect(describeConnectError(closed, { timeoutMs: 1000 })).toBe('The server closed the connection before it finished starting.');
  });
});
