/**
 * How an error becomes an exit code: the CLI's own errors carry theirs; anything else is
 * decided by its failure kind (electron/core/errors/error-kinds.ts). Apart from exit-codes.ts
 * because the kind table loads error classes from every part of the core, which a command
 * that fails no call (`--help`) has no need to read.
 */
import type { FailureKind } from '../../shared/envelope';
import { kindOf } from '../core/errors/error-kinds';
import { CliError, EXIT, type ExitCode } from './exit-codes';

const BY_KIND: Record<FailureKind, ExitCode> = {
  connection: EXIT.connection,
  'needs-auth': EXIT.connection,
  timeout: EXIT.timeout,
  cancelled: EXIT.connection,
  'server-error': EXIT.toolError,
  disabled: EXIT.usage,
  'task-gone': EXIT.taskGone,
  // Refused until the user accepts the new definition (--accept-changes).
  'tool-changed': EXIT.usage,
  // The request named something that does not exist, or did not pass its schema.
  'invalid-input': EXIT.usage,
  'not-found': EXIT.usage,
  conflict: EXIT.usage,
  // Anything else kept us from getting an answer from the server.
  refused: EXIT.connection,
  unavailable: EXIT.connection,
  storage: EXIT.connection,
  unexpected: EXIT.connection,
};

/** The CLI's own errors carry their exit code; anything else is decided by its kind (electron/core/errors/error-kinds.ts). */
export function exitCodeOf(error: unknown): ExitCode {
  if (error instanceof CliError) return error.exitCode;
  return BY_KIND[kindOf(error)];
}
