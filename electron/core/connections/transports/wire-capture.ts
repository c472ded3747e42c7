/**
 * The responses to a caller's requests as they came over the wire, for a "raw" view that
 * shows what the server sent and nothing the SDK's parsing added, dropped or reordered (it
 * fills in defaults, drops fields it does not know, and puts keys in its schema's order).
 *
 * A caller sends its tool call through captureResponses(), which hands it an `arguments`
 * object of this call's own (a copy: the same keys in the same order). The logging
 * transport, which sees every message with its text, knows a request of the capture by that
 * very object in its params, and keeps the text of its response. So calls running side by
 * side, even with equal arguments, never see each other's answers, and nothing follows the
 * caller through its awaits: an AsyncLocalStorage did, and with it every promise of the
 * process paid Node's promise hooks. Texts above a size limit are not kept: holding a 20 MB
 * answer twice is not worth a raw view, which is cut anyway.
 */

/** Responses longer than this are not kept (the raw view falls back to the parsed result). */
export const WIRE_CAPTURE_LIMIT_CHARS = 1024 * 1024;

export interface CapturedResponses {
  /** The text of each response to a request sent within the capture, as it arrived; undefined for one too long to keep. */
  texts: Array<string | undefined>;
}

/** Each capture under way, by the arguments object its requests carry. */
const byArguments = new WeakMap<object, CapturedResponses>();

/** Runs `run` with a copy of `args` of its own, keeping the texts of the responses to the requests that carry that copy. */
export async function captureResponses<T>(args: Record<string, unknown>, run: (args: Record<string, unknown>) => Promise<T>): Promise<{ value: T; captured: CapturedResponses }> {
  const captured: CapturedResponses = { texts: [] };
  const own = { ...args };
  byArguments.set(own, captured);
  try {
    return { value: await run(own), captured };
  } finally {
    byArguments.delete(own);
  }
}

/** The capture a request being sent belongs to, if any (found by its params' `arguments`). */
export function captureOf(message: { params?: unknown }): CapturedResponses | undefined {
  const args = (message.params as { arguments?: unknown } | undefined)?.arguments;
  return typeof args === 'object' && args !== null ? byArguments.get(args) : undefined;
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
