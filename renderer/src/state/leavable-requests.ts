/**
 * Requests the user may leave before they answer (a list, a read, a prompt): each gets an
 * id the core knows it by, and leaving it (the user switched server, closed the tab, or
 * pressed Cancel by its spinner) cancels it through `api.cancelCall`, as a tool call's Cancel
 * does, so the core stops waiting for the connection or the answer at once.
 */
import type { AppApi } from '../../../shared/api';

/** Why a request was cancelled: the page left it (forget it), or the user said Cancel (say so). */
export type CancelReason = 'left' | 'cancelled';
/** How a request ended for the page: cancelled (and why), replaced by a newer one for its key (ignore its answer), or neither. */
type Ending = CancelReason | 'superseded' | undefined;

export interface LeavableRequests {
  /** A new id for what `key` names (a server's resource list, say); it replaces any earlier one. */
  start(key: string): string;
  /** The request ended: why it was cancelled, or that a newer one for its key has taken over. */
  end(key: string, callId: string): Ending;
  /** Cancels what runs for `key` now; nothing when nothing runs. */
  cancel(key: string, reason: CancelReason): void;
}

export function createLeavableRequests(api: Pick<AppApi, 'cancelCall'>): LeavableRequests {
  const running = new Map<string, string>();
  const reasons = new Map<string, CancelReason>();
  return {
    start(key) {
      const callId = crypto.randomUUID();
      running.set(key, callId);
      return callId;
    },
    end(key, callId) {
      const reason = reasons.get(callId);
      reasons.delete(callId);
      if (reason) return reason;
      if (running.get(key) !== callId) return 'superseded';
      running.delete(key);
      return undefined;
    },
    cancel(key, reason) {
      const callId = running.get(key);
      if (!callId) return;
      running.delete(key);
      reasons.set(callId, reason);
      // false: it had already ended; its own answer settles it.
      void api.cancelCall({ callId }).catch(() => false);
    },
  };
}
