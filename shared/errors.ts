/**
 * One way to make and read errors, for the core, the front ends and the page alike:
 * - `messageOf(error)`: the text of anything thrown (an Error's message, anything else as text);
 * - `failure(kind, message)`: an AppError a user can act on, always with its kind (what the
 *   page and the CLI's exit code go by, never the message);
 * AppError itself, and how it crosses IPC and the WebSocket, is in envelope.ts. Failures the
 * core deliberately lets go are logged through `ignoreFailure`/`logFailure`
 * (electron/core/diagnostics/diagnostics.ts), never dropped silently.
 */
import { AppError, type FailureKind } from './envelope';

/** The message of anything thrown. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A failure with its kind; `cause` (kept in this process, never sent) is the error behind it. */
export function failure(kind: FailureKind, message: string, options: { cause?: unknown } = {}): AppError {
  return new AppError('failed', message, { kind, ...(options.cause !== undefined ? { cause: options.cause } : {}) });
}
