/**
 * The time limit for one request other than a tool call (reading a resource, getting a
 * prompt, completion, ping): the call timeout the user set, the server's own first.
 */
import type { ServerConfig } from '../../../shared/config/server-config';
import type { ConnectionManager } from './connection-manager';

export function requestTimeoutMs(connections: ConnectionManager, config: ServerConfig): number {
  return config.callTimeoutMs ?? connections.settings().callTimeoutMs;
}
