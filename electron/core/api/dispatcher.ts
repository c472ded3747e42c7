/**
 * The single handler path for every AppApi call arriving from outside the core
 * (Electron IPC or the browser host's WebSocket): reject unknown methods, reject
 * payloads that fail their schema, run the call, and answer with an envelope.
 */
import type { AppApi } from '../../../shared/api';
import type { ZodType } from 'zod';
import { channels, isAppApiMethod, type AppApiMethod } from '../../../shared/api';
import { AppError, type Envelope } from '../../../shared/envelope';
import { findForbiddenKey } from './payload-guard';

export type Dispatch = (method: unknown, payload: unknown) => Promise<Envelope<unknown>>;

/**
 * The schema's verdict; a schema that throws instead (zod can, on an object without a
 * prototype where it expects a string with a length) refuses the payload like any other.
 */
function checkPayload(method: AppApiMethod, payload: unknown): ReturnType<ZodType['safeParse']> | { refused: string } {
  try {
    return (channels[method].request as ZodType).safeParse(payload);
  } catch {
    return { refused: 'it could not be checked against its schema' };
  }
}

export function createDispatcher(api: AppApi): Dispatch {
  return async (method, payload) => {
    if (!isAppApiMethod(method)) {
      return { ok: false, error: { code: 'unknown-method', message: `Unknown method: ${String(method).slice(0, 100)}` } };
    }
    const forbidden = findForbiddenKey(payload);
    if (forbidden) {
      return { ok: false, error: { code: 'invalid-request', message: `Invalid request for ${method}: ${forbidden} is not allowed` } };
    }
    const parsed = checkPayload(method, payload);
    if ('refused' in parsed) return { ok: false, error: { code: 'invalid-request', message: `Invalid request for ${method}: ${parsed.refused}` } };
    if (!parsed.success) {
      const detail = parsed.error.issues
        .slice(0, 3)
        .map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
        .join('; ');
      return { ok: false, error: { code: 'invalid-request', message: `Invalid request for ${method}: ${detail}` } };
    }
    try {
      // The table guarantees the parsed payload has the method's request type.
      const call = api[method] as (request: unknown) => Promise<unknown>;
      return { ok: true, value: await call(parsed.data) };
    } catch (error) {
      if (error instanceof AppError) return { ok: false, error: error.toData() };
      // Unexpected errors: the message only, never a stack trace.
      return { ok: false, error: { code: 'failed', message: error instanceof Error ? error.message : String(error) } };
    }
  };
}
