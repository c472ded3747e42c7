/**
 * Each server's tasks (the Tasks tab): the list the core keeps (fetched when the tab is
 * first shown, then kept up to date from `task-updated` events), a finished task's result
 * once asked for, and Cancel. A call running as a task shows its status in the tool panel.
 */
import type { StateCreator } from 'zustand';
import { isTerminalTask, type TaskView } from '../../../shared/api/tasks';
import type { ToolRunResult } from '../../../shared/tool-results';
import type { WorkbenchState } from './store';
import { messageOf } from '../../../shared/errors';

interface ServerTasksState {
  status: 'loading' | 'ready' | 'error';
  tasks: TaskView[];
  error?: string;
}

interface TaskResultState {
  status: 'loading' | 'ready' | 'error';
  result?: ToolRunResult;
  error?: string;
}

export interface TasksSlice {
  tasksByServer: Record<string, ServerTasksState>;
  taskResults: Record<string, TaskResultState>;
  /** Tasks whose Cancel was pressed and not yet answered. */
  cancellingTasks: Record<string, boolean>;
  loadTasks(server: string): Promise<void>;
  applyTaskUpdate(task: TaskView, gone?: boolean): void;
  loadTaskResult(server: string, taskId: string): Promise<void>;
  cancelTask(server: string, taskId: string): Promise<void>;
  forgetTask(server: string, taskId: string): Promise<void>;
}

export const taskKey = (server: string, taskId: string) => `${server}\u0000${taskId}`;

const newestFirst = (tasks: TaskView[]) => [...tasks].sort((a, b) => b.startedAt - a.startedAt);

export const createTasksSlice =
  (api: WorkbenchState['api']): StateCreator<WorkbenchState, [], [], TasksSlice> =>
  (set, get) => {
    // A task's update event is newer than a list asked for before it: the list must not undo it.
    let clock = 0;
    const updatedAt = new Map<string, number>();
    return {
    tasksByServer: {},
    taskResults: {},
    cancellingTasks: {},
    async loadTasks(server) {
      set((state) => ({ tasksByServer: { ...state.tasksByServer, [server]: { tasks: state.tasksByServer[server]?.tasks ?? [], status: 'loading' } } }));
      const askedAt = ++clock;
      try {
        const listed = await api.listTasks({ name: server });
        set((state) => {
          const known = state.tasksByServer[server]?.tasks ?? [];
          const newer = (task: TaskView) => (updatedAt.get(taskKey(server, task.taskId)) ?? 0) > askedAt;
          // Tasks that changed while the list was on its way keep their newer state; tasks gone meanwhile stay gone.
          const tasks = listed.filter((task) => !newer(task) || known.some((t) => t.taskId === task.taskId)).map((task) => (newer(task) ? known.find((t) => t.taskId === task.taskId)! : task));
          for (const task of known) if (newer(task) && !tasks.some((t) => t.taskId === task.taskId)) tasks.push(task);
          return { tasksByServer: { ...state.tasksByServer, [server]: { status: 'ready', tasks: newestFirst(tasks) } } };
        });
      } catch (error) {
        set((state) => ({ tasksByServer: { ...state.tasksByServer, [server]: { status: 'error', tasks: state.tasksByServer[server]?.tasks ?? [], error: messageOf(error) } } }));
      }
    },
    applyTaskUpdate(task, gone) {
      updatedAt.set(taskKey(task.server, task.taskId), ++clock);
      set((state) => {
        const current = state.tasksByServer[task.server];
        const others = (current?.tasks ?? []).filter((t) => t.taskId !== task.taskId);
        const tasks = gone ? others : newestFirst([...others, task]);
        // The tool panel's running call says which task it became, and how that task is doing.
        const calls = { ...state.calls };
        for (const [fullName, call] of Object.entries(calls)) {
          if (task.callId && call.callId === task.callId && call.running) calls[fullName] = { ...call, taskId: task.taskId, taskStatus: describeTask(task) };
        }
        return { tasksByServer: { ...state.tasksByServer, [task.server]: { status: current?.status ?? 'ready', tasks, ...(current?.error ? { error: current.error } : {}) } }, calls };
      });
    },
    async loadTaskResult(server, taskId) {
      const key = taskKey(server, taskId);
      set((state) => ({ taskResults: { ...state.taskResults, [key]: { status: 'loading' } } }));
      try {
        const result = await api.getTaskResult({ name: server, taskId });
        set((state) => ({ taskResults: { ...state.taskResults, [key]: { status: 'ready', result } } }));
      } catch (error) {
        set((state) => ({ taskResults: { ...state.taskResults, [key]: { status: 'error', error: messageOf(error) } } }));
      }
    },
    async cancelTask(server, taskId) {
      const key = taskKey(server, taskId);
      set((state) => ({ cancellingTasks: { ...state.cancellingTasks, [key]: true } }));
      try {
        get().applyTaskUpdate(await api.cancelTask({ name: server, taskId }));
      } catch (error) {
        set((state) => ({ tasksByServer: { ...state.tasksByServer, [server]: { ...(state.tasksByServer[server] ?? { status: 'ready', tasks: [] }), error: messageOf(error) } } }));
      } finally {
        set((state) => ({ cancellingTasks: { ...state.cancellingTasks, [key]: false } }));
      }
    },
    async forgetTask(server, taskId) {
      await api.forgetTask({ name: server, taskId });
    },
    };
  };

/** "working · step 2 of 4" */
function describeTask(task: TaskView): string {
  const status = task.waiting && !isTerminalTask(task.status) ? `${task.status.replace('_', ' ')} (waiting for the server)` : task.status.replace('_', ' ');
  return task.statusMessage ? `${status} · ${task.statusMessage}` : status;
}
