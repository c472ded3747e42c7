/**
 * The responses to a caller's requests as they came over the wire, for a "raw" view that
 * shows what the server sent and nothing the SDK's parsing added, dropped or reordered (it
 * fills in defaults, drops fields it does not know, and puts keys in its schema's order).
 *
 * A caller runs its requests inside captureResponses(); the logging transport, which sees
 * every message with its text, notes the ids of requests sent from inside and keeps the text
 * of their responses. The context follows the caller through awaits (AsyncLocalStorage), so
 * calls running side by side never see each other's answers. Texts above a size limit are
 * not kept: holding a 20 MB answer twice is not worth a raw view, which is cut anyway.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/** Responses longer than this are not kept (the raw view falls back to the parsed result). */
export const WIRE_CAPTURE_LIMIT_CHARS = 1024 * 1024;

export interface CapturedResponses {
  /** The text of each response to a request sent within the capture, as it arrived; undefined for one too long to keep. */
  texts: Array<string | undefined>;
}

const capturing = new AsyncLocalStorage<CapturedResponses>();

/** Runs `run`, keeping the texts of the responses to the requests it sends. */
export async function captureResponses<T>(run: () => Promise<T>): Promise<{ value: T; captured: CapturedResponses }> {
  const captured: CapturedResponses = { texts: [] };
  const value = await capturing.run(captured, run);
  return { value, captured };
}

/** The capture a request being sent now belongs to, if any. */
export function currentCapture(): CapturedResponses | undefined {
  return capturing.getStore();
}

/** The `result` member of a response's text, as the server wrote it (its keys, their order, nothing added), or undefined. */
export function resultOfResponse(text: string | undefined): Record<string, unknown> | undefined {
  if (text === undefined) return undefined;
  try {
    const message = JSON.parse(text) as { result?: unknown };
    return message.result && typeof message.result === 'object' && !Array.isArray(message.result) ? (message.result as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
