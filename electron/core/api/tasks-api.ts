/** TasksApi: the tasks each server runs for us (the service does the work: electron/core/tasks/). */
import type { TasksApi } from '../../../shared/api/tasks';
import type { CoreApi } from './call-context';
import type { TaskService } from '../tasks/task-service';
import type { CoreContext } from './core-context';

export function createTasksApi(ctx: CoreContext, tasks: TaskService): Pick<CoreApi, keyof TasksApi> {
  return {
    listTasks: async ({ name }, context) => {
      ctx.configOf(name);
      // A connected server is asked for what it has (2025-11-25 tasks/list); otherwise the kept list.
      return ctx.connections.state(name).status === 'connected' ? tasks.refresh(name, context?.signal) : tasks.list(name);
    },
    getTask: ({ name, taskId }) => tasks.get(name, taskId),
    getTaskResult: ({ name, taskId }) => tasks.result(name, taskId),
    cancelTask: ({ name, taskId }) => tasks.cancel(name, taskId),
    forgetTask: ({ name, taskId }) => tasks.forget(name, taskId),
  };
}
