/**
 * One look at a task (a tasks/get answer, a notifications/tasks/status) applied to what we
 * show of it. Each look is the whole state as the server saw it, so its status message
 * replaces ours, also by none. A look that says the task still runs, after we know it
 * ended, was taken before the end and answered late (a poll in flight when the final
 * status arrived): it is older than what we know, and changes nothing.
 */
import { isTerminalTask, type TaskView } from '../../../shared/api/tasks';
import type { TaskSnapshot } from './task-wire';

/** Applies the look; false when it was older than the view and left it as it was. */
export function applySnapshotTo(view: TaskView, snapshot: TaskSnapshot, now = Date.now()): boolean {
  if (isTerminalTask(view.status)) {
    if (!isTerminalTask(snapshot.status)) return false;
    // Ended already: a later final look may word it anew, but the outcome stays.
    if (snapshot.statusMessage !== undefined) view.statusMessage = snapshot.statusMessage;
    return true;
  }
  view.waiting = false;
  delete view.error;
  if (snapshot.statusMessage !== undefined) view.statusMessage = snapshot.statusMessage;
  else delete view.statusMessage;
  if (snapshot.ttlMs !== undefined) view.ttlMs = snapshot.ttlMs;
  if (snapshot.pollIntervalMs !== undefined) view.pollIntervalMs = snapshot.pollIntervalMs;
  if (snapshot.status === 'failed') view.error = snapshot.error?.message ?? snapshot.statusMessage ?? 'The task failed.';
  if (view.status !== snapshot.status && !isTerminalTask(view.status)) {
    view.status = snapshot.status;
    if (isTerminalTask(view.status)) view.endedAt = now;
  }
  return true;
}
