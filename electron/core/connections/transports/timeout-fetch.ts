/**
 * fetch with a time limit on every request: its own AbortController and setTimeout,
 * the timer unref()ed so it never keeps the process alive. Not AbortSignal.timeout(),
 * whose lazily collected timers cost native memory per request long after it ended.
 *
 * The limit covers the wait for the response headers; a body (an SSE stream can last
 * for hours) is not cut. The caller's own signal (the SDK aborts it on close) still
 * aborts the request and its body, and its listener is removed once the body ends, so
 * a long-lived transport does not collect one listener per request.
 */
import type { FetchLike } from '@modelcontextprotocol/client';

export class RequestTimeoutError extends Error {
  readonly code = 'ETIMEDOUT';
  constructor(readonly timeoutMs: number) {
    super(`No answer from the server within ${timeoutMs} ms (request timed out).`);
    this.name = 'RequestTimeoutError';
  }
}

/** `timeoutMs` gets each request's init, so a tool call (whose answer may be its response) can get longer. */
export function fetchWithTimeout(timeoutMs: (init: RequestInit) => number, base: FetchLike = fetch): FetchLike {
  return async (url, init = {}) => {
    const limit = timeoutMs(init);
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new RequestTimeoutError(limit)), limit);
    timer.unref?.();

    const outer = init.signal ?? undefined;
    const forwardAbort = () => controller.abort(outer?.reason);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      outer?.removeEventListener('abort', forwardAbort);
    };
    if (outer?.aborted) controller.abort(outer.reason);
    else outer?.addEventListener('abort', forwardAbort, { once: true });

    let response: Response;
    try {
      response = await base(url, { ...init, signal: controller.signal });
    } catch (error) {
      release();
      // Report our own time limit as such, not as a bare AbortError.
      throw controller.signal.reason instanceof RequestTimeoutError ? controller.signal.reason : error;
    } finally {
      clearTimeout(timer);
    }
    if (!outer || !response.body) {
      release();
      return response;
    }
    return new Response(releasingBody(response.body, release), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}

/** The same bytes, calling `release` once the body ends, fails or is cancelled. */
function releasingBody(body: ReadableStream<Uint8Array>, release: () => void): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) {
          release();
          controller.close();
        } else {
          controller.enqueue(value);
        }
      } catch (error) {
        release();
        controller.error(error);
      }
    },
    cancel(reason) {
      release();
      return reader.cancel(reason);
    },
  });
}
