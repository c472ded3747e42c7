/**
 * Every call's answer crosses IPC and the browser host's WebSocket as an envelope, so
 * errors travel as data (a code and a readable message), never as stack traces.
 */
export type ErrorCode = 'invalid-request' | 'unknown-method' | 'untrusted-sender' | 'not-found' | 'conflict' | 'failed';

/**
 * What kind of failure an error is: front ends tell failures apart by this, never by the
 * message or the class that was thrown (the CLI turns it into its exit code). Every AppError
 * has one; errors of other classes get theirs from one table (electron/core/errors/error-kinds.ts).
 * - connection: the server could not be started or reached, or the connection was lost;
 * - needs-auth: the server requires sign-in;
 * - timeout: the server did not answer in time (initialize or a request);
 * - cancelled: the caller cancelled the request;
 * - server-error: the server (or a model provider) answered the request with an error;
 * - disabled: the server's entry is switched off;
 * - task-gone: the server no longer knows the task (expired after its ttl, or unknown);
 * - tool-changed: a tool's definition changed since the user allowed it (see tool pins);
 * - invalid-input: what was asked for, or a file, entry or argument it reads, is not usable as given;
 * - not-found: it names something that does not exist;
 * - conflict: it would replace or clash with something that exists;
 * - refused: the user, a rule or a limit declined it (a project server not approved, a declined step);
 * - unavailable: it cannot be done here and now (no project open, a file locked by another program,
 *   a mode without dialogs, a program it needs is missing);
 * - storage: a file or folder could not be read or written;
 * - unexpected: none of these; the message says what happened.
 */
export const FAILURE_KINDS = [
  'connection',
  'needs-auth',
  'timeout',
  'cancelled',
  'server-error',
  'disabled',
  'task-gone',
  'tool-changed',
  'invalid-input',
  'not-found',
  'conflict',
  'refused',
  'unavailable',
  'storage',
  'unexpected',
] as const;
export type FailureKind = (typeof FAILURE_KINDS)[number];

/** The kind an error of each code has unless it says otherwise; a `failed` error always says. */
const KIND_OF_CODE: Record<Exclude<ErrorCode, 'failed'>, FailureKind> = {
  'invalid-request': 'invalid-input',
  'unknown-method': 'invalid-input',
  'untrusted-sender': 'refused',
  'not-found': 'not-found',
  conflict: 'conflict',
};

export interface AppErrorData {
  code: ErrorCode;
  message: string;
  kind: FailureKind;
  /** For `server-error`: the JSON-RPC error code the server answered with (e.g. -32602 invalid params). */
  rpcCode?: number;
}

export type Envelope<T> = { ok: true; value: T } | { ok: false; error: AppErrorData };

interface AppErrorOptions extends ErrorOptions {
  /** What sort of failure it is (sent along). */
  kind?: FailureKind | undefined;
  rpcCode?: number | undefined;
}

/**
 * An error whose message is written for the user; safe to show as-is. A `failed` error
 * names its kind (`failure(kind, message)` in errors.ts makes one); the other codes have the
 * kind of their code unless given one. `cause` is the underlying error, for code in the same
 * process that needs its details (never sent).
 */
export class AppError extends Error {
  readonly kind: FailureKind;
  readonly rpcCode?: number;
  readonly code: ErrorCode;

  constructor(code: Exclude<ErrorCode, 'failed'>, message: string, options?: AppErrorOptions);
  constructor(code: ErrorCode, message: string, options: AppErrorOptions & { kind: FailureKind });
  constructor(code: ErrorCode, message: string, options: AppErrorOptions = {}) {
    super(message, options.cause !== undefined ? { cause: options.cause } : undefined);
    this.name = 'AppError';
    this.code = code;
    // Only a caller that broke the types (or an old peer's envelope) leaves a failed error without its kind.
    this.kind = options.kind ?? (code === 'failed' ? 'unexpected' : KIND_OF_CODE[code]);
    if (options.rpcCode !== undefined) this.rpcCode = options.rpcCode;
  }

  /** The error as it crosses IPC or the WebSocket. */
  toData(): AppErrorData {
    return { code: this.code, message: this.message, kind: this.kind, ...(this.rpcCode !== undefined ? { rpcCode: this.rpcCode } : {}) };
  }
}

export function unwrapEnvelope<T>(envelope: Envelope<T>): T {
  if (envelope.ok) return envelope.value;
  throw new AppError(envelope.error.code, envelope.error.message, { kind: envelope.error.kind, rpcCode: envelope.error.rpcCode });
}
