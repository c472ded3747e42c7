/**
 * Every call's answer crosses IPC and the browser host's WebSocket as an envelope, so
 * errors travel as data (a code and a readable message), never as stack traces.
 */
export type ErrorCode = 'invalid-request' | 'unknown-method' | 'untrusted-sender' | 'not-found' | 'conflict' | 'failed';

/**
 * What kind of failure a `failed` error was, when the core knows: front ends tell them
 * apart by this, never by the message (the CLI turns it into its exit code).
 * - connection: the server could not be started or reached, or the connection was lost;
 * - needs-auth: the server requires sign-in;
 * - timeout: the server did not answer in time (initialize or a request);
 * - cancelled: the caller cancelled the request;
 * - server-error: the server answered the request with a JSON-RPC error;
 * - disabled: the server's entry is switched off;
 * - task-gone: the server no longer knows the task (expired after its ttl, or unknown).
 */
/** `tool-changed`: a tool's definition changed since the user allowed it (see tool pins). */
export const FAILURE_KINDS = ['connection', 'needs-auth', 'timeout', 'cancelled', 'server-error', 'disabled', 'task-gone', 'tool-changed'] as const;
export type FailureKind = (typeof FAILURE_KINDS)[number];

export interface AppErrorData {
  code: ErrorCode;
  message: string;
  kind?: FailureKind;
  /** For `server-error`: the JSON-RPC error code the server answered with (e.g. -32602 invalid params). */
  rpcCode?: number;
}

export type Envelope<T> = { ok: true; value: T } | { ok: false; error: AppErrorData };

/** An error whose message is written for the user; safe to show as-is. */
export class AppError extends Error {
  readonly kind?: FailureKind;
  readonly rpcCode?: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    /**
     * `kind`: what sort of failure it is (sent along); `cause`: the underlying error, for
     * code in the same process that needs its details (never sent).
     */
    options: ErrorOptions & { kind?: FailureKind | undefined; rpcCode?: number | undefined } = {},
  ) {
    super(message, options.cause !== undefined ? { cause: options.cause } : undefined);
    this.name = 'AppError';
    if (options.kind) this.kind = options.kind;
    if (options.rpcCode !== undefined) this.rpcCode = options.rpcCode;
  }

  /** The error as it crosses IPC or the WebSocket. */
  toData(): AppErrorData {
    return { code: this.code, message: this.message, ...(this.kind ? { kind: this.kind } : {}), ...(this.rpcCode !== undefined ? { rpcCode: this.rpcCode } : {}) };
  }
}

export function unwrapEnvelope<T>(envelope: Envelope<T>): T {
  if (envelope.ok) return envelope.value;
  throw new AppError(envelope.error.code, envelope.error.message, { kind: envelope.error.kind, rpcCode: envelope.error.rpcCode });
}
