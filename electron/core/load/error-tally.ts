/**
 * Failed calls, counted by class with their most frequent messages. The number of distinct
 * messages kept per class is capped, so a server that puts a counter in every message
 * cannot grow the tally without bound.
 */
import { SdkError, SdkErrorCode, SdkHttpError } from '@modelcontextprotocol/client';
import { ProtocolError } from '../connections/sdk-errors';

import type { ErrorClassReport, LoadErrorClass as ErrorClass } from '../../../shared/load-report';

export type { ErrorClass, ErrorClassReport };

const MESSAGES_PER_CLASS = 50;
const MESSAGE_LENGTH = 200;
const TOP = 5;
const OTHER_MESSAGES = '(other messages)';

/** The class of an error a call threw (a tool's isError result is counted by the caller). */
export function classifyError(error: unknown): { errorClass: ErrorClass; message: string } {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof SdkHttpError) return { errorClass: 'http', message: `HTTP ${error.status}: ${message}` };
  if (error instanceof ProtocolError) return { errorClass: 'jsonrpc', message: `${error.code}: ${message}` };
  if (error instanceof SdkError) {
    if (error.code === SdkErrorCode.RequestTimeout) return { errorClass: 'timeout', message };
    if (error.code === SdkErrorCode.ConnectionClosed || error.code === SdkErrorCode.NotConnected || error.code === SdkErrorCode.SendFailed) return { errorClass: 'connection-lost', message };
  }
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && /^(ECONNRESET|ECONNREFUSED|EPIPE|ETIMEDOUT|UND_ERR_SOCKET)$/.test(code)) return { errorClass: 'connection-lost', message };
  return { errorClass: 'other', message };
}

export class ErrorTally {
  private readonly byClass = new Map<ErrorClass, { count: number; messages: Map<string, number> }>();
  total = 0;

  add(errorClass: ErrorClass, message: string): void {
    this.total++;
    let entry = this.byClass.get(errorClass);
    if (!entry) this.byClass.set(errorClass, (entry = { count: 0, messages: new Map() }));
    entry.count++;
    const text = message.length > MESSAGE_LENGTH ? `${message.slice(0, MESSAGE_LENGTH)}…` : message;
    const key = entry.messages.has(text) || entry.messages.size < MESSAGES_PER_CLASS ? text : OTHER_MESSAGES;
    entry.messages.set(key, (entry.messages.get(key) ?? 0) + 1);
  }

  report(): Partial<Record<ErrorClass, ErrorClassReport>> {
    const out: Partial<Record<ErrorClass, ErrorClassReport>> = {};
    for (const [errorClass, entry] of this.byClass) {
      const top = [...entry.messages].sort((a, b) => b[1] - a[1]).slice(0, TOP).map(([message, count]) => ({ message, count }));
      out[errorClass] = { count: entry.count, top };
    }
    return out;
  }
}
