/** Small promise and signal helpers for the connection manager. */
import { ConnectTimeoutError } from './describe-error';

/** Rejects with ConnectTimeoutError after `ms` (and calls onTimeout); the timer never holds the process. */
export function withDeadline<T>(promise: Promise<T>, ms: number, onTimeout: () => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      onTimeout();
      reject(new ConnectTimeoutError(ms));
    }, ms);
    timer.unref?.();
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * Waits for `promise` unless the signal aborts first: then rejects at once with `cancelled()`.
 * What was waited for goes on (a connect other calls share, a list others wait for); only
 * this caller stops waiting. No signal: the promise itself.
 */
export function unlessAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined, cancelled: () => unknown): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) {
    // Its own failure is reported where it happens (the server's state): not an unhandled rejection here.
    promise.catch(() => undefined);
    return Promise.reject(cancelled());
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(cancelled());
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
