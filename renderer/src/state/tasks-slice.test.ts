/** The Tasks tab's list and the task events racing it: what an event said after the list was asked for is never undone by the list. */
import { expect, it, vi } from 'vitest';
import type { TaskView } from '../../../shared/api/tasks';
import { fakeApi } from '../testing/fake-api';
import { applyEvent, createWorkbenchStore } from './store';

const task = (status: TaskView['status'], statusMessage?: string, taskId = 't1'): TaskView => ({ server: 's', taskId, tool: 'research', generation: 'v1', status, startedAt: 1, ...(statusMessage ? { statusMessage } : {}) });

it('a list answered after a task’s final status keeps the final status and its message', async () => {
  let answer: (tasks: TaskView[]) => void = () => undefined;
  const store = createWorkbenchStore(fakeApi({ listTasks: vi.fn(() => new Promise<TaskView[]>((resolve) => (answer = resolve))) }));
  const loading = store.getState().loadTasks('s');
  // The task ends while the list (taken when it still ran) is on its way.
  applyEvent(store, { type: 'task-updated', task: task('completed', 'research finished') });
  answer([task('working', 'step 3 of 4'), task('working', 'queued', 't2')]);
  await loading;
  const tasks = store.getState().tasksByServer.s!.tasks;
  expect(tasks.find((t) => t.taskId === 't1')).toMatchObject({ status: 'completed', statusMessage: 'research finished' });
  expect(tasks.find((t) => t.taskId === 't2')).toMatchObject({ status: 'working' });
});

it('a task forgotten while the list was on its way stays forgotten', async () => {
  let answer: (tasks: TaskView[]) => void = () => undefined;
  const store = createWorkbenchStore(fakeApi({ listTasks: vi.fn(() => new Promise<TaskView[]>((resolve) => (answer = resolve))) }));
  const loading = store.getState().loadTasks('s');
  applyEvent(store, { type: 'task-updated', task: task('completed'), gone: true });
  answer([task('working')]);
  await loading;
  expect(store.getState().tasksByServer.s!.tasks).toEqual([]);
});
