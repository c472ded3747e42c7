/**
 * The channel table: for each AppApi method, the IPC channel it travels on and the
 * zod schema its payload must pass before any handler sees it. The mapped types make
 * the compiler reject a method without a channel or a schema that disagrees with the
 * interface.
 */
import { z } from 'zod';
import type { AppApiMethod, AppApiRequest } from './api';
import { appApiMethods, channelNames } from './channel-names';
import { ServerConfigSchema, ServerNameSchema } from './domain';

export { appApiMethods, EVENT_CHANNEL, isAppApiMethod } from './channel-names';

export interface ChannelSpec<M extends AppApiMethod> {
  channel: `${string}:${string}`;
  request: z.ZodType<AppApiRequest<M>>;
}

const NoPayload = z.undefined();
const ServerRefSchema = z.strictObject({ name: ServerNameSchema });

const requestSchemas: { readonly [M in AppApiMethod]: z.ZodType<AppApiRequest<M>> } = {
  listServers: NoPayload,
  addServer: z.strictObject({ name: ServerNameSchema, config: ServerConfigSchema }),
  removeServer: ServerRefSchema,
  connectServer: ServerRefSchema,
  disconnectServer: ServerRefSchema,
  listTools: ServerRefSchema,
  callTool: z.strictObject({
    server: ServerNameSchema,
    tool: z.string().min(1).max(512),
    arguments: z.record(z.string(), z.unknown()),
    callId: z.string().min(1).max(128).optional(),
    timeoutMs: z.number().int().positive().max(24 * 60 * 60 * 1000).optional(),
  }),
};

export const channels = Object.fromEntries(
  appApiMethods.map((method) => [method, { channel: channelNames[method], request: requestSchemas[method] }]),
) as { readonly [M in AppApiMethod]: ChannelSpec<M> };
