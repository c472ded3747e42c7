/** Connecting, disconnecting and reconnecting servers; finding running IDE servers. */
import { z } from 'zod';
import type { SseIdeServerConfig, WsIdeServerConfig } from '../config/server-config';
import type { ServerView } from '../domain';
import { CallIdSchema, type CancellableRequest } from './call-id';
import type { ChannelTable } from './channel-table';
import { ServerRefSchema, type ServerRef } from './servers';

/** A running IDE found from Claude Code's IDE lock files, offered as a server to add. */
export interface IdeServerOffer {
  /** A name to save it under (the user may pick another). */
  suggestedName: string;
  ideName: string;
  /** The entry to save: no token, it is read from the lock file at every connect. */
  config: SseIdeServerConfig | WsIdeServerConfig;
  workspaceFolders: string[];
  pid: number;
  port: number;
}

export interface ConnectionsApi {
  /** Connects; cancelling (its callId) ends the wait, not the connect, which others may share. */
  connectServer(request: ServerRef & CancellableRequest): Promise<ServerView>;
  disconnectServer(request: ServerRef): Promise<ServerView>;
  /** Closes the connection (even a healthy one) and connects again. */
  reconnectServer(request: ServerRef & CancellableRequest): Promise<ServerView>;
  listIdeServers(): Promise<IdeServerOffer[]>;
}

const ConnectRequestSchema = ServerRefSchema.extend({ callId: CallIdSchema.optional() });

export const connectionsChannels: ChannelTable<ConnectionsApi> = {
  connectServer: { channel: 'connections:connect', request: ConnectRequestSchema },
  disconnectServer: { channel: 'connections:disconnect', request: ServerRefSchema },
  reconnectServer: { channel: 'connections:reconnect', request: ConnectRequestSchema },
  listIdeServers: { channel: 'connections:list-ide', request: z.undefined() },
};
