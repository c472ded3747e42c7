/** Turns SDK, spawn and network errors into messages a user can act on. */
import type { FailureKind } from '../../../shared/envelope';
import { isHttpTransportError, isSessionExpiredError, isUnauthorizedError, terminalErrorCode } from './connection-errors';
import { isConnectionClosed, isProtocolError, isRequestTimeout } from './sdk-errors';
import { isNotMcpReason } from './transports/stdio-transport';
import { RequestTimeoutError } from './transports/timeout-fetch';
import { messageOf } from '../../../shared/errors';

export interface ConnectErrorContext {
  /** The stdio command, to name it when it cannot be started. */
  command?: string;
  timeoutMs: number;
  /** Why the transport closed, when it did (the process exited, …). */
  closeReason?: string;
}

export function describeConnectError(error: unknown, ctx: ConnectErrorContext): string {
  const err = error as NodeJS.ErrnoException;
  if (err?.code === 'ENOENT' && ctx.command) {
    return `Could not start "${ctx.command}": command not found. Check the command, or give its full path.`;
  }
  if (err?.code === 'EACCES' && ctx.command) {
    return `Could not start "${ctx.command}": permission denied.`;
  }
  if (error instanceof ConnectTimeoutError || isRequestTimeout(error)) {
    return `Timed out after ${formatDuration(ctx.timeoutMs)} waiting for the server to answer initialize.`;
  }
  if (isConnectionClosed(error)) {
    // Given up by the transport, not closed by the server: the reason is the whole story.
    if (isNotMcpReason(ctx.closeReason)) return ctx.closeReason!;
    return `The server closed the connection before it finished starting${ctx.closeReason ? ` (${lowerFirst(stripDot(ctx.closeReason))})` : ''}.`;
  }
  if (isUnauthorizedError(error)) return `The server requires sign-in: ${messageOf(error)}`;
  return describeNetworkError(error) ?? messageOf(error);
}

export interface CallErrorContext {
  timeoutMs: number;
  maxTotalTimeoutMs?: number;
  /** The caller cancelled the call. */
  aborted?: boolean;
  closeReason?: string;
}

export function describeCallError(error: unknown, ctx: CallErrorContext): string {
  // An abort rejects with the same code as a timeout; only the signal tells them apart.
  if (ctx.aborted) return 'The call was cancelled.';
  if (isRequestTimeout(error)) {
    const data = error.data as { maxTotalTimeout?: number } | undefined;
    if (data?.maxTotalTimeout !== undefined) {
      return `The call took longer than the maximum total of ${formatDuration(data.maxTotalTimeout)}.`;
    }
    return `The call timed out after ${formatDuration(ctx.timeoutMs)}.`;
  }
  if (isConnectionClosed(error)) {
    return `The connection closed during the call${ctx.closeReason ? `: ${ctx.closeReason}` : '.'}`;
  }
  if (isSessionExpiredError(error)) return messageOf(error);
  if (isUnauthorizedError(error)) return `The server requires sign-in: ${messageOf(error)}`;
  return describeNetworkError(error) ?? messageOf(error);
}

/** What kind of failure a connect attempt's error is (see FailureKind). */
export function connectFailureKind(error: unknown): FailureKind {
  if (isUnauthorizedError(error)) return 'needs-auth';
  if (error instanceof ConnectTimeoutError || isRequestTimeout(error)) return 'timeout';
  return 'connection';
}

/** What kind of failure a request's error is (`unexpected` when it is none of the known kinds: a list the SDK could not read, say). */
export function callFailureKind(error: unknown, aborted: boolean): FailureKind {
  if (aborted) return 'cancelled';
  if (isUnauthorizedError(error)) return 'needs-auth';
  if (error instanceof RequestTimeoutError) return 'timeout';
  if (isRequestTimeout(error)) return 'timeout';
  if (isConnectionClosed(error)) return 'connection';
  // Any protocol error is the server's own answer to the request.
  if (isProtocolError(error)) return 'server-error';
  if (isSessionExpiredError(error) || isHttpTransportError(error) || terminalErrorCode(error)) return 'connection';
  return 'unexpected';
}

function describeNetworkError(error: unknown): string | undefined {
  if (error instanceof RequestTimeoutError) return error.message;
  const code = terminalErrorCode(error);
  if (!code) return undefined;
  if (code === 'ECONNREFUSED') return 'Nothing is listening at the server\'s address (connection refused).';
  return `The connection to the server failed (${code}).`;
}

/** Our own limit on connect (start + initialize), for transports whose start can hang. */
export class ConnectTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`Timed out after ${formatDuration(timeoutMs)} waiting for the server to answer initialize.`);
    this.name = 'ConnectTimeoutError';
  }
}

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

function stripDot(text: string): string {
  return text.replace(/\.$/, '');
}
