/**
 * What the Tasks tab shows of a task is its latest state: a final status without a message
 * clears the running one's, and a poll taken while the task ran but answered after its final
 * status (a notification) changes nothing. The looks are applied in the order the race
 * delivers them.
 */
import { describe, expect, it } from 'vitest';
import type { TaskView } from '../../../shared/api/tasks';
import { applySnapshotTo } from './task-snapshot';

const running = (): TaskView => ({ server: 's', taskId: 't', tool: 'research', generation: 'v1', status: 'working', statusMessage: 'step 3 of 4', startedAt: 1 });

describe('applySnapshotTo', () => {
  it('takes the status message of each look, also none', () => {
    const view = running();
    expect(applySnapshotTo(view, { taskId: 't', status: 'completed' }, 10)).toBe(true);
    expect(view).toMatchObject({ status: 'completed', endedAt: 10 });
    expect(view.statusMessage).toBeUndefined();
  });

  it('a look taken while the task ran, arriving after its final status, changes nothing', () => {
    const view = running();
    // The notification says it is done…
    applySnapshotTo(view, { taskId: 't', status: 'completed', statusMessage: 'research finished' }, 10);
    // …then the poll sent before it answers.
    expect(applySnapshotTo(view, { taskId: 't', status: 'working', statusMessage: 'step 4 of 4' }, 11)).toBe(false);
    expect(view).toMatchObject({ status: 'completed', statusMessage: 'research finished', endedAt: 10 });
  });

  it('a failed look names the failure; a terminal status is never replaced by another', () => {
    const view = running();
    applySnapshotTo(view, { taskId: 't', status: 'failed', error: { code: -32000, message: 'out of quota' } }, 10);
    expect(view).toMatchObject({ status: 'failed', error: 'out of quota' });
    applySnapshotTo(view, { taskId: 't', status: 'cancelled', statusMessage: 'too late' }, 12);
    expect(view).toMatchObject({ status: 'failed', error: 'out of quota', statusMessage: 'too late', endedAt: 10 });
  });
});
