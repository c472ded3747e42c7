/** Configuring servers: list, add, edit, duplicate, remove, move between scopes, enable and disable. */
import { z } from 'zod';
import { CONFIG_SCOPES, type ConfigScope } from '../config/scopes';
import type { SecretFieldPath } from '../config/secret-ref';
import { ServerConfigSchema, ServerNameSchema, type ServerConfig, type ServerName } from '../config/server-config';
import type { ServerView } from '../domain';
import type { ChannelTable } from './channel-table';

export interface AddServerRequest {
  name: ServerName;
  config: ServerConfig;
  /** Where to save it; user when absent. */
  scope?: ConfigScope;
  /** Fields whose clear values go to the secret store (the entry keeps a reference). */
  secretFields?: SecretFieldPath[];
  /** See UpdateServerRequest.background. */
  background?: boolean;
}

export interface UpdateServerRequest {
  name: ServerName;
  scope: ConfigScope;
  /** Rename it at the same time. */
  newName?: ServerName;
  /**
   * The whole new entry. Secret fields left unchanged carry their `${secret:…}`
   * reference; a clear value in a field listed in secretFields replaces the secret.
   */
  config: ServerConfig;
  secretFields?: SecretFieldPath[];
  /**
   * Answer once the entry is saved, with the server as it is then (connecting, usually):
   * the connect or restart the change sets off goes on, and its states arrive as
   * `server-state` events. Without it, the answer waits until that is done (a broken
   * server may take the whole connect timeout).
   */
  background?: boolean;
}

export interface ServerRef {
  name: ServerName;
  /** A specific scope's entry; the one in use when absent. */
  scope?: ConfigScope;
}

export interface DuplicateServerRequest {
  name: ServerName;
  scope?: ConfigScope;
  newName: ServerName;
  /** The copy's scope; the original's when absent. */
  toScope?: ConfigScope;
}

export interface MoveServerRequest {
  name: ServerName;
  from: ConfigScope;
  to: ConfigScope;
}

interface SetServerEnabledRequest {
  name: ServerName;
  enabled: boolean;
}

export interface ServersApi {
  /** Every server in use (local over project over user) with its scope and live state. */
  listServers(): Promise<ServerView[]>;
  /** Saves a new server and starts connecting it. */
  addServer(request: AddServerRequest): Promise<ServerView>;
  updateServer(request: UpdateServerRequest): Promise<ServerView>;
  duplicateServer(request: DuplicateServerRequest): Promise<ServerView>;
  removeServer(request: ServerRef): Promise<void>;
  moveServer(request: MoveServerRequest): Promise<ServerView>;
  setServerEnabled(request: SetServerEnabledRequest): Promise<ServerView>;
}

const ScopeSchema = z.enum(CONFIG_SCOPES);
export const ServerRefSchema = z.strictObject({ name: ServerNameSchema, scope: ScopeSchema.optional() });

const SecretFieldPathSchema: z.ZodType<SecretFieldPath> = z.union([
  z.tuple([z.enum(['env', 'headers']), z.string().min(1)]),
  z.tuple([z.literal('authToken')]),
  z.tuple([z.literal('oauth'), z.literal('clientSecret')]),
]);
const SecretFieldsSchema = z.array(SecretFieldPathSchema).max(200).optional();

export const serversChannels: ChannelTable<ServersApi> = {
  listServers: { channel: 'servers:list', request: z.undefined() },
  addServer: {
    channel: 'servers:add',
    request: z.strictObject({ name: ServerNameSchema, config: ServerConfigSchema, scope: ScopeSchema.optional(), secretFields: SecretFieldsSchema, background: z.boolean().optional() }),
  },
  updateServer: {
    channel: 'servers:update',
    request: z.strictObject({ name: ServerNameSchema, scope: ScopeSchema, newName: ServerNameSchema.optional(), config: ServerConfigSchema, secretFields: SecretFieldsSchema, background: z.boolean().optional() }),
  },
  duplicateServer: {
    channel: 'servers:duplicate',
    request: z.strictObject({ name: ServerNameSchema, scope: ScopeSchema.optional(), newName: ServerNameSchema, toScope: ScopeSchema.optional() }),
  },
  removeServer: { channel: 'servers:remove', request: ServerRefSchema },
  moveServer: { channel: 'servers:move', request: z.strictObject({ name: ServerNameSchema, from: ScopeSchema, to: ScopeSchema }) },
  setServerEnabled: { channel: 'servers:set-enabled', request: z.strictObject({ name: ServerNameSchema, enabled: z.boolean() }) },
};
