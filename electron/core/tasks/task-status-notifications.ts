/**
 * notifications/tasks/status (MCP 2025-11-25 tasks): the server tells the task's state
 * without being asked. It is the newest look at the task, so the Tasks tab and a call
 * waiting on the task show it (its status message too), not our last poll's.
 */
import { TaskV1Schema } from '@modelcontextprotocol/ext-tasks/core/v1';
import type { ServerName } from '../../../shared/config/server-config';
import type { ClientFeature } from '../connections/client-feature';
import { fromV1, type TaskSnapshot } from './task-wire';

export function taskStatusNotifications(onStatus: (server: ServerName, snapshot: TaskSnapshot) => void): ClientFeature {
  return {
    install(server, _config, client) {
      // Not a method of the SDK's own: the tasks extension's schema parses its params (the task).
      client.setNotificationHandler('notifications/tasks/status', { params: TaskV1Schema }, (task) => onStatus(server, fromV1(task)));
    },
  };
}
