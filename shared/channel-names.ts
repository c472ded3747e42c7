/**
 * IPC channel names per AppApi method, apart from their schemas so the sandboxed
 * preload can use them without bundling zod.
 */
import type { AppApiMethod } from './api';

export const channelNames: { readonly [M in AppApiMethod]: `${string}:${string}` } = {
  listServers: 'servers:list',
  addServer: 'servers:add',
  removeServer: 'servers:remove',
  connectServer: 'servers:connect',
  disconnectServer: 'servers:disconnect',
  listTools: 'tools:list',
  callTool: 'tools:call',
};

export const appApiMethods = Object.keys(channelNames) as AppApiMethod[];

/** The one channel main uses to push AppEvents to the renderer. */
export const EVENT_CHANNEL = 'app:event';

export function isAppApiMethod(name: unknown): name is AppApiMethod {
  return typeof name === 'string' && Object.hasOwn(channelNames, name);
}
