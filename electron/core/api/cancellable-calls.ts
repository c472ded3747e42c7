/**
 * Calls a front end can cancel by the id it chose (`callId` in the request, then
 * `cancelCall({callId})`), besides the signal of its CallContext: the page's way to cancel a
 * list, a read or a connect the user left. Tool calls keep their own registry (the tool
 * runner); cancelCall asks both.
 */
import { AppError } from '../../../shared/envelope';
import type { CallContext } from './call-context';

export class CancellableCalls {
  private readonly running = new Map<string, AbortController>();

  /**
   * Runs `work` with a signal that aborts when the caller's does or when cancel(callId) is
   * asked. Registered before anything waits, so a cancel at any moment is heard; without an
   * id the caller's signal is passed on as it is.
   */
  async run<T>(callId: string | undefined, context: CallContext | undefined, work: (signal: AbortSignal | undefined) => Promise<T>): Promise<T> {
    const outer = context?.signal;
    if (callId === undefined) return work(outer);
    const registered = this.running.get(callId);
    if (registered) {
      // The same call, registered by the layer that started it (a lazy area's method is
      // registered before its area loads, and the area registers it again): its signal is
      // the one handed down, so it carries on under that registration.
      if (outer !== undefined && outer === registered.signal) return work(outer);
      throw new AppError('conflict', `A call with id ${callId} is already running.`);
    }
    const controller = new AbortController();
    const abort = () => controller.abort();
    if (outer?.aborted) abort();
    else outer?.addEventListener('abort', abort, { once: true });
    this.running.set(callId, controller);
    try {
      return await work(controller.signal);
    } finally {
      this.running.delete(callId);
      outer?.removeEventListener('abort', abort);
    }
  }

  /** Cancels the call with this id; false when none is running. */
  cancel(callId: string): boolean {
    const controller = this.running.get(callId);
    if (!controller) return false;
    controller.abort();
    return true;
  }
}
