/** Configuring servers: list, add, remove. */
import { z } from 'zod';
import { ServerConfigSchema, ServerNameSchema, type ServerConfig, type ServerName } from '../config/server-config';
import type { ServerView } from '../domain';
import type { ChannelTable } from './channel-table';

export interface AddServerRequest {
  name: ServerName;
  config: ServerConfig;
}

export interface ServerRef {
  name: ServerName;
}

export interface ServersApi {
  /** Every configured server with its live connection state. */
  listServers(): Promise<ServerView[]>;
  /** Saves a new server and starts connecting it. */
  addServer(request: AddServerRequest): Promise<ServerView>;
  removeServer(request: ServerRef): Promise<void>;
}

export const ServerRefSchema = z.strictObject({ name: ServerNameSchema });

export const serversChannels: ChannelTable<ServersApi> = {
  listServers: { channel: 'servers:list', request: z.undefined() },
  addServer: { channel: 'servers:add', request: z.strictObject({ name: ServerNameSchema, config: ServerConfigSchema }) },
  removeServer: { channel: 'servers:remove', request: ServerRefSchema },
};
