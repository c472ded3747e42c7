/** Connecting and disconnecting servers. */
import type { ServerView } from '../domain';
import type { ChannelTable } from './channel-table';
import { ServerRefSchema, type ServerRef } from './servers';

export interface ConnectionsApi {
  connectServer(request: ServerRef): Promise<ServerView>;
  disconnectServer(request: ServerRef): Promise<ServerView>;
}

export const connectionsChannels: ChannelTable<ConnectionsApi> = {
  connectServer: { channel: 'connections:connect', request: ServerRefSchema },
  disconnectServer: { channel: 'connections:disconnect', request: ServerRefSchema },
};
