import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { SessionExpiredError } from './connection-errors';
import { callFailureKind, connectFailureKind, ConnectTimeoutError, describeCallError, describeConnectError } from './describe-error';
import { RequestTimeoutError } from './transports/timeout-fetch';

describe('failure kinds', () => {
  it('of a request: timeout, cancelled, sign-in, connection, or the server answering with an error', () => {
    const timeout = new McpError(ErrorCode.RequestTimeout, 'Request timed out');
    expect(callFailureKind(timeout, false)).toBe('timeout');
    // An abort rejects with the same code: only the signal tells them apart.
    expect(callFailureKind(timeout, true)).toBe('cancelled');
    expect(callFailureKind(new RequestTimeoutError(60_000), false)).toBe('timeout');
    expect(callFailureKind(new McpError(ErrorCode.ConnectionClosed, 'Connection closed'), false)).toBe('connection');
    expect(callFailureKind(new McpError(ErrorCode.MethodNotFound, 'Method not found'), false)).toBe('server-error');
    expect(callFailureKind(new McpError(-32002, 'Resource not found'), false)).toBe('server-error');
    expect(callFailureKind(new UnauthorizedError('no token'), false)).toBe('needs-auth');
    expect(callFailureKind(new StreamableHTTPError(401, 'Unauthorized'), false)).toBe('needs-auth');
    expect(callFailureKind(new StreamableHTTPError(500, 'Internal error'), false)).toBe('connection');
    expect(callFailureKind(new SessionExpiredError(), false)).toBe('connection');
    expect(callFailureKind(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }), false)).toBe('connection');
    expect(callFailureKind(new Error('something else'), false)).toBeUndefined();
  });

  it('of a connect attempt: timeout, sign-in, or else a connection failure', () => {
    expect(connectFailureKind(new ConnectTimeoutError(30_000))).toBe('timeout');
    expect(connectFailureKind(new McpError(ErrorCode.RequestTimeout, 'Request timed out'))).toBe('timeout');
    expect(connectFailureKind(new UnauthorizedError('no token'))).toBe('needs-auth');
    expect(connectFailureKind(Object.assign(new Error('spawn nope ENOENT'), { code: 'ENOENT' }))).toBe('connection');
  });
});

describe('code -32000: the SDK\'s connection-closed code, and a server\'s own error code', () => {
  const answer = new McpError(ErrorCode.ConnectionClosed, 'Upstream API rate limit reached');

  it('that the server sent is its answer, with its message', () => {
    expect(describeCallError(answer, { timeoutMs: 1000, serverAnswered: true })).toBe('MCP error -32000: Upstream API rate limit reached');
    expect(callFailureKind(answer, false, true)).toBe('server-error');
    expect(describeConnectError(answer, { timeoutMs: 1000, serverAnswered: true })).toBe('MCP error -32000: Upstream API rate limit reached');
  });

  it('that the server did not send is the close, with its reason', () => {
    const closed = new McpError(ErrorCode.ConnectionClosed, 'Connection closed');
    expect(describeCallError(closed, { timeoutMs: 1000, serverAnswered: false, closeReason: 'The server process exited with code 7.' })).toBe(
      'The connection closed during the call: The server process exited with code 7.',
    );
    expect(callFailureKind(closed, false, false)).toBe('connection');
    expect(describeConnectError(closed, { timeoutMs: 1000 })).toBe('The server closed the connection before it finished starting.');
  });
});
