/**
 * The errors of the 2026-07-28 revision, and a server on the wrong era, in plain words
 * with the next step. Undefined for any other error (describe-error.ts has those).
 *
 * - -32022 Unsupported protocol version: the server does not speak the version offered
 *   (a 2026-only server answering our 2025 `initialize`, in-band on stdio or as the body
 *   of an HTTP 400).
 * - -32021 Missing required client capability: the request needs a capability this
 *   client did not declare.
 * - -32020 Header mismatch: the HTTP headers the 2026 revision mirrors (Mcp-Method,
 *   Mcp-Name, Mcp-Param-*) disagree with the body.
 * - A pin the server does not offer, and a request the negotiated era does not have.
 */
import { ProtocolError, SdkError, SdkErrorCode, SdkHttpError } from '@modelcontextprotocol/client';
import { isStdioConfig, MODERN_PROTOCOL_VERSION, type ServerConfig } from '../../../../shared/config/server-config';
import type { EraMode } from './era-plan';

const HEADER_MISMATCH = -32020;
const MISSING_CLIENT_CAPABILITY = -32021;
const UNSUPPORTED_PROTOCOL_VERSION = -32022;
const SPEAKS_ONLY_2025 = 'it is a 2025 server';

/**
 * Which way a connect failure's message (as describeEraError wrote it) says the eras
 * missed: `legacy-only` for a 2025 server asked for 2026-07-28, `mismatch` for any other
 * version the server refused; undefined when the message is about something else. The
 * server was reached in both cases: front ends that only have the message use this.
 */
export function eraMismatchOf(message: string): 'legacy-only' | 'mismatch' | undefined {
  if (message.includes(SPEAKS_ONLY_2025)) return 'legacy-only';
  return /\(error -32022\)/.test(message) ? 'mismatch' : undefined;
}

interface RpcError {
  code: number;
  message: string;
  data?: unknown;
}

export function describeEraError(error: unknown, mode: EraMode): string | undefined {
  const rpc = rpcErrorOf(error);
  if (rpc?.code === UNSUPPORTED_PROTOCOL_VERSION) return unsupportedVersion(rpc, mode);
  if (rpc?.code === MISSING_CLIENT_CAPABILITY) {
    const required = (rpc.data as { requiredCapabilities?: unknown } | undefined)?.requiredCapabilities;
    const names = required && typeof required === 'object' ? Object.keys(required).join(', ') : '';
    return `The server needs a client capability this connection did not declare${names ? ` (${names})` : ''} (error -32021). MCP Workbench declares elicitation, sampling and roots; if the server asks for another one, it cannot be answered here.`;
  }
  if (rpc?.code === HEADER_MISMATCH) {
    return `The server refused the request's MCP headers (Mcp-Method, Mcp-Name or Mcp-Param-*) as not matching its body (error -32020): a proxy on the way may change them. Set Protocol to Legacy to connect without them.`;
  }
  // Protocol Auto's probe refused before any MCP answer: say what the server said, as for initialize.
  if (error instanceof SdkHttpError && /^Version negotiation failed/.test(error.message) && error.status !== 401) {
    const text = (error.data as { text?: unknown } | undefined)?.text;
    const said = typeof text === 'string' && text.trim() ? text.trim().slice(0, 500) : error.statusText;
    return `The server refused the connection (HTTP ${error.status})${said ? `: ${said}` : ''}.`;
  }
  if (error instanceof SdkError && error.code === SdkErrorCode.EraNegotiationFailed && /pinned protocol version/.test(error.message)) {
    const pinned = mode.kind === 'modern' ? mode.version : MODERN_PROTOCOL_VERSION;
    return `This server does not speak MCP ${pinned} (it answered server/discover without offering it, or not at all): ${SPEAKS_ONLY_2025}. Set Protocol to Auto or Legacy.`;
  }
  if (error instanceof SdkError && error.code === SdkErrorCode.MethodNotSupportedByProtocolVersion) {
    return `This request does not exist in the protocol version the connection uses (${error.message}). Set Protocol to Legacy to use it, if the server also speaks the 2025 protocol.`;
  }
  return undefined;
}

function unsupportedVersion(rpc: RpcError, mode: EraMode): string {
  const data = (rpc.data ?? {}) as { supported?: unknown; requested?: unknown };
  const supported = Array.isArray(data.supported) ? data.supported.filter((v): v is string => typeof v === 'string') : [];
  const requested = typeof data.requested === 'string' ? data.requested : (/:\s*(\S+)\s*$/.exec(rpc.message)?.[1] ?? 'the version offered');
  const modernOnly = supported.length > 0 && supported.every((version) => version >= MODERN_PROTOCOL_VERSION);
  if (modernOnly || (supported.length === 0 && mode.kind !== 'modern')) {
    const speaks = supported.length > 0 ? supported.join(', ') : MODERN_PROTOCOL_VERSION;
    return `This server only speaks MCP ${speaks} and refused ${requested} (error -32022): set Protocol to Auto${mode.kind === 'auto' ? ' and reconnect' : ''} (or to ${supported[0] ?? MODERN_PROTOCOL_VERSION}).`;
  }
  return `The server does not support MCP ${requested} (error -32022)${supported.length > 0 ? `; it supports ${supported.join(', ')}` : ''}. Set Protocol to Auto${supported[0] ? ` or to ${supported[0]}` : ''}.`;
}

/** The JSON-RPC error in a protocol error, or in the body of an HTTP error (a 2026-only server answers a 2025 request with 400). */
function rpcErrorOf(error: unknown): RpcError | undefined {
  if (error instanceof ProtocolError) return { code: error.code, message: error.message, data: error.data };
  if (error instanceof SdkHttpError) {
    const text = (error.data as { text?: unknown } | undefined)?.text;
    const body = typeof text === 'string' ? text : /\{.*\}/s.exec(error.message)?.[0];
    if (!body) return undefined;
    try {
      const parsed = JSON.parse(body) as { error?: { code?: unknown; message?: unknown; data?: unknown } };
      const inner = parsed.error;
      if (inner && typeof inner.code === 'number') return { code: inner.code, message: typeof inner.message === 'string' ? inner.message : '', data: inner.data };
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** On stdio the in-place probe can end the server (some exit on any request before initialize): it is a 2025 one. */
export function isProbeClosedError(error: unknown): boolean {
  return error instanceof SdkError && error.code === SdkErrorCode.EraNegotiationFailed && /closed during the server\/discover probe/.test(error.message);
}

/**
 * Whether a failed connect was a 2025 stdio server ending when asked server/discover: it is
 * started again with initialize. The one rule for every way in (the connection manager's
 * connects, a load run's first client).
 */
export function endedOnEraProbe(era: { probing: boolean }, config: ServerConfig, error: unknown): boolean {
  return era.probing && isStdioConfig(config) && isProbeClosedError(error);
}
