/**
 * How a tool may run, from what its server declared: as a task always ("required",
 * 2025-11-25 taskSupport), as a task on request ("optional", or any tool of a 2026-07-28
 * server with the io.modelcontextprotocol/tasks extension, where the server decides),
 * never, or not at all (a required-task tool on a server that declares no task support).
 */
import type { ServerView, ToolInfo } from '../../../shared/domain';

export type TaskMode = 'required' | 'optional' | 'forbidden' | 'unavailable';

const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

export function taskModeOf(tool: ToolInfo | undefined, server: ServerView | undefined): TaskMode {
  const support = tool?.execution?.taskSupport;
  const capabilities = server?.capabilities ?? {};
  if (server?.protocolEra === 'modern') {
    const extensions = capabilities.extensions as Record<string, unknown> | undefined;
    if (extensions?.[TASKS_EXTENSION] !== undefined) return 'optional';
    return support === 'required' ? 'unavailable' : 'forbidden';
  }
  const tasks = capabilities.tasks as { requests?: { tools?: { call?: unknown } } } | undefined;
  const serverRunsTasks = tasks?.requests?.tools?.call !== undefined;
  if (support === 'required') return serverRunsTasks ? 'required' : 'unavailable';
  if (support === 'optional' && serverRunsTasks) return 'optional';
  return 'forbidden';
}
