/**
 * Tasks: tool calls a server runs in the background (MCP tasks, in both eras: the
 * 2025-11-25 experimental tasks and the 2026-07-28 extension io.modelcontextprotocol/tasks).
 * The core polls each task until it ends; its ids are kept per server across reconnects
 * and restarts.
 */
import { z } from 'zod';
import { ServerNameSchema, type ServerName } from '../config/server-config';
import type { ToolRunResult } from '../tool-results';
import type { ChannelTable } from './channel-table';
import { ServerRefSchema, type ServerRef } from './servers';

/** What the server says, plus two states of our own: it no longer knows the task (expired after its ttl, or unknown). */
export type TaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled' | 'expired' | 'unknown';

const TERMINAL_TASK_STATUSES: readonly TaskStatus[] = ['completed', 'failed', 'cancelled', 'expired', 'unknown'];

export function isTerminalTask(status: TaskStatus): boolean {
  return TERMINAL_TASK_STATUSES.includes(status);
}

export interface TaskView {
  server: ServerName;
  taskId: string;
  tool: string;
  /** Which tasks protocol the server spoke: 2025-11-25 (v1) or the 2026-07-28 extension (v2). */
  generation: 'v1' | 'v2';
  status: TaskStatus;
  statusMessage?: string;
  /** The last progress notification, when the server sends them. */
  progress?: { progress: number; total?: number; message?: string };
  /** When we created it (ms since the epoch). */
  startedAt: number;
  /** When it reached its final status. */
  endedAt?: number;
  /** How long the server keeps it (null: no limit). */
  ttlMs?: number | null;
  pollIntervalMs?: number;
  /** The failure, for failed (and for expired/unknown: what the server said). */
  error?: string;
  /** The server is not connected: polling resumes when it is. */
  waiting?: boolean;
  /** The call this task belongs to, while the tool panel waits on it. */
  callId?: string;
}

interface TaskRef {
  name: ServerName;
  taskId: string;
}

export interface TasksApi {
  /** The server's known tasks, newest first. */
  listTasks(request: ServerRef): Promise<TaskView[]>;
  /** Asks the server for the task's state now. */
  getTask(request: TaskRef): Promise<TaskView>;
  /** The result of a completed task (fetched from the server once, then kept). */
  getTaskResult(request: TaskRef): Promise<ToolRunResult>;
  /** Sends tasks/cancel; the server decides whether it stops. */
  cancelTask(request: TaskRef): Promise<TaskView>;
  /** Forgets a finished task (it leaves the list). */
  forgetTask(request: TaskRef): Promise<void>;
}

const TaskRefSchema = z.strictObject({ name: ServerNameSchema, taskId: z.string().min(1).max(512) });

export const tasksChannels: ChannelTable<TasksApi> = {
  listTasks: { channel: 'tasks:list', request: ServerRefSchema },
  getTask: { channel: 'tasks:get', request: TaskRefSchema },
  getTaskResult: { channel: 'tasks:result', request: TaskRefSchema },
  cancelTask: { channel: 'tasks:cancel', request: TaskRefSchema },
  forgetTask: { channel: 'tasks:forget', request: TaskRefSchema },
};
