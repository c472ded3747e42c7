/**
 * The tasks known per server, kept in `tasks.json` in the app data folder so a restart
 * finds them again (the server may still have them: their polling resumes once it is
 * connected). Results are not kept here: a finished task's result is asked of the
 * server again when wanted. At most MAX_TASKS_PER_SERVER per server, newest first.
 */
import path from 'node:path';
import { z } from 'zod';
import type { TaskView } from '../../../shared/api/tasks';
import { JsonFile } from '../util/json-file';
import { logFailure } from '../diagnostics/diagnostics';

export const TASKS_FILE = 'tasks.json';
export const MAX_TASKS_PER_SERVER = 50;

const StoredTaskSchema = z.looseObject({
  server: z.string(),
  taskId: z.string(),
  tool: z.string(),
  generation: z.enum(['v1', 'v2']),
  status: z.enum(['working', 'input_required', 'completed', 'failed', 'cancelled', 'expired', 'unknown']),
  statusMessage: z.string().optional(),
  startedAt: z.number(),
  endedAt: z.number().optional(),
  ttlMs: z.number().nullable().optional(),
  pollIntervalMs: z.number().optional(),
  error: z.string().optional(),
});
const FileSchema = z.looseObject({ tasks: z.array(StoredTaskSchema).default([]) });
type TasksFile = z.infer<typeof FileSchema>;

export class TaskStore {
  private readonly file: JsonFile<TasksFile>;

  constructor(dataDir: string) {
    this.file = new JsonFile(path.join(dataDir, TASKS_FILE), FileSchema, () => ({ tasks: [] }));
  }

  async load(): Promise<TaskView[]> {
    return (await this.file.read()).tasks as TaskView[];
  }

  /** Resolves once every write asked for so far is done. */
  flush(): Promise<void> {
    return this.file.idle();
  }

  /** Writes the list (one write at a time, the latest wins); the transient fields stay out. */
  save(tasks: readonly TaskView[]): Promise<void> {
    const perServer = new Map<string, number>();
    const kept = [...tasks]
      .sort((a, b) => b.startedAt - a.startedAt)
      .filter((task) => {
        const count = (perServer.get(task.server) ?? 0) + 1;
        perServer.set(task.server, count);
        return count <= MAX_TASKS_PER_SERVER;
      })
      .map(({ progress: _progress, waiting: _waiting, callId: _callId, ...stored }) => stored);
    // A failed write only costs the record.
    return this.file.write({ tasks: kept }).catch(logFailure('Saving the task list failed; the tasks under way are not remembered after a restart'));
  }
}
