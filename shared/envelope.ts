/**
 * Every call's answer crosses IPC and the browser host's WebSocket as an envelope, so
 * errors travel as data (a code and a readable message), never as stack traces.
 */
export type ErrorCode = 'invalid-request' | 'unknown-method' | 'untrusted-sender' | 'not-found' | 'conflict' | 'failed';

export interface AppErrorData {
  code: ErrorCode;
  message: string;
}

export type Envelope<T> = { ok: true; value: T } | { ok: false; error: AppErrorData };

/** An error whose message is written for the user; safe to show as-is. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** `cause`: the underlying error, for code in the same process that needs its details (never sent). */
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'AppError';
  }
}

export function unwrapEnvelope<T>(envelope: Envelope<T>): T {
  if (envelope.ok) return envelope.value;
  throw new AppError(envelope.error.code, envelope.error.message);
}
