/**
 * The CLI's exit codes, and its own errors. Scripts and CI rely on these, so they are
 * decided from what the core knows about a failure (its error code and kind), never from
 * the wording of a message (exit-code-of.ts). Every command reads this file, `--help` too:
 * it stays free of the core's error table, which names classes from every part of the core.
 */
import { AppError, type FailureKind } from '../../shared/envelope';

export const EXIT = {
  ok: 0,
  /** The tool returned isError, or the server answered the request with an error. */
  toolError: 1,
  /** The command line or the config is wrong. */
  usage: 2,
  /** The server could not be started or reached, lost the connection, or needs sign-in. */
  connection: 3,
  /** The server did not answer in time. */
  timeout: 4,
  /** The task is gone: the server no longer knows it (expired after its ttl, or never had it). */
  taskGone: 5,
  /** Stopped with Ctrl+C (128 + SIGINT), as shells report it. */
  interrupted: 130,
} as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** An error the CLI itself found, with its exit code and what the user can do about it. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode,
    readonly hint?: string,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

export function usageError(message: string, hint?: string): CliError {
  return new CliError(message, EXIT.usage, hint);
}

/** The failure kind of an error from the core, if it has one. */
export function failureKindOf(error: unknown): FailureKind | undefined {
  return error instanceof AppError ? error.kind : undefined;
}
