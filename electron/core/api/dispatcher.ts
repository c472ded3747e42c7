/**
 * The single handler path for every AppApi call arriving from outside the core
 * (Electron IPC, the browser host's WebSocket, the CLI): reject unknown methods, reject
 * payloads that fail their schema, run the call, and answer with an envelope. A front end
 * that can cancel (the CLI on Ctrl+C) passes a signal along; the call settles as cancelled.
 */
import type { ZodType } from 'zod';
import { channels, isAppApiMethod, type AppApiMethod } from '../../../shared/api';
import type { Envelope } from '../../../shared/envelope';
import type { CallContext, CoreApi } from './call-context';
import { findForbiddenKey } from './payload-guard';
import { errorDataOf } from '../errors/error-kinds';

export type Dispatch = (method: unknown, payload: unknown, context?: CallContext) => Promise<Envelope<unknown>>;

type Verdict = { ok: true; data: unknown } | { ok: false; message: string };
type PayloadCheck = (payload: unknown) => Verdict;

/** Each channel's check, made on its first request and kept for the process (every dispatcher shares them). */
const checks = new Map<AppApiMethod, PayloadCheck>();

/**
 * The payload check of one channel: its schema looked up once, and zod's parser for it
 * (which zod compiles on the first parse) reused for every request after that.
 */
export function payloadCheck(method: AppApiMethod): PayloadCheck {
  const known = checks.get(method);
  if (known) return known;
  const schema = channels[method].request as ZodType;
  const check: PayloadCheck = (payload) => {
    let parsed: ReturnType<ZodType['safeParse']>;
    try {
      parsed = schema.safeParse(payload);
    } catch {
      // zod can throw instead (on an object without a prototype where it expects a string with a length): refused like any other.
      return { ok: false, message: 'it could not be checked against its schema' };
    }
    if (parsed.success) return { ok: true, data: parsed.data };
    const detail = parsed.error.issues
      .slice(0, 3)
      .map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
      .join('; ');
    return { ok: false, message: detail };
  };
  checks.set(method, check);
  return check;
}

export function createDispatcher(api: CoreApi): Dispatch {
  return async (method, payload, context) => {
    if (!isAppApiMethod(method)) {
      return { ok: false, error: { code: 'unknown-method', message: `Unknown method: ${String(method).slice(0, 100)}`, kind: 'invalid-input' } };
    }
    const forbidden = findForbiddenKey(payload);
    if (forbidden) {
      return { ok: false, error: { code: 'invalid-request', message: `Invalid request for ${method}: ${forbidden} is not allowed`, kind: 'invalid-input' } };
    }
    const verdict = payloadCheck(method)(payload);
    if (!verdict.ok) return { ok: false, error: { code: 'invalid-request', message: `Invalid request for ${method}: ${verdict.message}`, kind: 'invalid-input' } };
    try {
      // The table guarantees the parsed payload has the method's request type.
      const call = api[method] as (request: unknown, context?: CallContext) => Promise<unknown>;
      return { ok: true, value: await call(verdict.data, context) };
    } catch (error) {
      // The message and kind only, never a stack trace.
      return { ok: false, error: errorDataOf(error) };
    }
  };
}
