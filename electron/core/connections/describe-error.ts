/** Turns SDK, spawn and network errors into messages a user can act on. */
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';

export function describeConnectError(error: unknown, command: string | undefined, timeoutMs: number): string {
  const err = error as NodeJS.ErrnoException;
  if (err?.code === 'ENOENT' && command) {
    return `Could not start "${command}": command not found. Check the command, or give its full path.`;
  }
  if (err?.code === 'EACCES' && command) {
    return `Could not start "${command}": permission denied.`;
  }
  if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) {
    return `Timed out after ${formatDuration(timeoutMs)} waiting for the server to answer initialize.`;
  }
  if (error instanceof McpError && error.code === ErrorCode.ConnectionClosed) {
    return 'The server closed the connection before it finished starting.';
  }
  return messageOf(error);
}

export function describeCallError(error: unknown, timeoutMs: number): string {
  if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) {
    return `The call timed out after ${formatDuration(timeoutMs)}.`;
  }
  if (error instanceof McpError && error.code === ErrorCode.ConnectionClosed) {
    return 'The server closed the connection during the call.';
  }
  return messageOf(error);
}

export function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}

function formatDuration(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}
