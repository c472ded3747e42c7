import { ProtocolError, SdkError, SdkErrorCode, SdkHttpError } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { describeEraError, isProbeClosedError } from './era-errors';

const auto = { kind: 'auto' } as const;
const modern = { kind: 'modern', version: '2026-07-28' } as const;

describe('era errors in plain words', () => {
  it('-32022 from a 2026-only server, in-band (stdio) or as the body of an HTTP 400', () => {
    const inBand = new ProtocolError(-32022, 'Unsupported protocol version: 2025-11-25', { supported: ['2026-07-28'], requested: '2025-11-25' });
    expect(describeEraError(inBand, { kind: 'legacy' })).toBe('This server only speaks MCP 2026-07-28 and refused 2025-11-25 (error -32022): set Protocol to Auto (or to 2026-07-28).');
    const body = JSON.stringify({ jsonrpc: '2.0', id: 0, error: { code: -32022, message: 'Unsupported protocol version: 2025-11-25', data: { supported: ['2026-07-28'], requested: '2025-11-25' } } });
    const http = new SdkHttpError(SdkErrorCode.ClientHttpNotImplemented, `Error POSTing to endpoint: ${body}`, { status: 400, statusText: 'Bad Request', text: body });
    expect(describeEraError(http, auto)).toMatch(/^This server only speaks MCP 2026-07-28 .*set Protocol to Auto and reconnect/);
    // A server that supports other 2025 versions is told apart.
    const older = new ProtocolError(-32022, 'Unsupported protocol version: 2025-11-25', { supported: ['2025-03-26'], requested: '2025-11-25' });
    expect(describeEraError(older, { kind: 'legacy', version: '2025-11-25' })).toBe('The server does not support MCP 2025-11-25 (error -32022); it supports 2025-03-26. Set Protocol to Auto or to 2025-03-26.');
  });

  it('-32021 and -32020, a pin the server does not offer, a request the era lacks, a refused probe', () => {
    expect(describeEraError(new ProtocolError(-32021, 'Missing capability', { requiredCapabilities: { elicitation: {} } }), auto)).toMatch(/needs a client capability .*\(elicitation\) \(error -32021\)/);
    expect(describeEraError(new ProtocolError(-32020, 'Header mismatch'), auto)).toMatch(/MCP headers .*error -32020.*Set Protocol to Legacy/);
    const pin = new SdkError(SdkErrorCode.EraNegotiationFailed, 'Version negotiation failed: the server did not offer pinned protocol version 2026-07-28 via server/discover (no fallback in pin mode)');
    expect(describeEraError(pin, modern)).toMatch(/does not speak MCP 2026-07-28 .*Set Protocol to Auto or Legacy/);
    expect(describeEraError(new SdkError(SdkErrorCode.MethodNotSupportedByProtocolVersion, "'ping' is not defined in 2026-07-28"), modern)).toMatch(/Set Protocol to Legacy/);
    const denied = new SdkHttpError(SdkErrorCode.ClientHttpForbidden, 'Version negotiation failed: the server denied access (HTTP 403)', { status: 403, statusText: 'Forbidden', text: '{"error":"missing header"}' });
    expect(describeEraError(denied, auto)).toBe('The server refused the connection (HTTP 403): {"error":"missing header"}.');
    expect(describeEraError(new Error('anything else'), auto)).toBeUndefined();
    expect(describeEraError(new ProtocolError(-32601, 'Method not found'), auto)).toBeUndefined();
  });

  it('knows the probe that ended a stdio server', () => {
    expect(isProbeClosedError(new SdkError(SdkErrorCode.EraNegotiationFailed, 'Version negotiation failed: the connection closed during the server/discover probe (this transport probed in place)'))).toBe(true);
    expect(isProbeClosedError(new SdkError(SdkErrorCode.RequestTimeout, 'timeout'))).toBe(false);
  });
});
