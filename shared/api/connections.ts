/** Connecting, disconnecting and reconnecting servers; finding running IDE servers. */
import { z } from 'zod';
import type { SseIdeServerConfig, WsIdeServerConfig } from '../config/server-config';
import type { ServerView } from '../domain';
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
  connectServer(request: ServerRef): Promise<ServerView>;
  disconnectServer(request: ServerRef): Promise<ServerView>;
  /** Closes the connection (even a healthy one) and connects again. */
  reconnectServer(request: ServerRef): Promise<ServerView>;
  listIdeServers(): Promise<IdeServerOffer[]>;
}

export const connectionsChannels: ChannelTable<ConnectionsApi> = {
  connectServer: { channel: 'connections:connect', request: ServerRefSchema },
  disconnectServer: { channel: 'connections:disconnect', request: ServerRefSchema },
  reconnectServer: { channel: 'connections:reconnect', request: ServerRefSchema },
  listIdeServers: { channel: 'connections:list-ide', request: z.undefined() },
};
