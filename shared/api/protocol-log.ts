/** Reading, clearing and exporting a server's protocol log. */
import { z } from 'zod';
import { ServerNameSchema, type ServerName } from '../config/server-config';
import { PROTOCOL_LOG_DIRECTIONS, PROTOCOL_LOG_KINDS, type ProtocolLogEntry, type ProtocolLogFilter } from '../protocol-log';
import type { ChannelTable } from './channel-table';

interface ProtocolLogRequest {
  server: ServerName;
}

interface ExportProtocolLogRequest {
  server: ServerName;
  filter?: ProtocolLogFilter;
}

export interface ProtocolLogExport {
  fileName: string;
  /** JSON Lines: one entry per line. */
  text: string;
  count: number;
}

export interface ProtocolLogApi {
  /** The server's log as kept in memory (oldest first). */
  getProtocolLog(request: ProtocolLogRequest): Promise<ProtocolLogEntry[]>;
  /**
   * Which server's log this page shows live: its `protocol-log` events reach the page from
   * now on, and no other server's. Without a server (the log view closed) none do. A page
   * starts watching none; the CLI, which has no page, is not affected.
   */
  watchProtocolLog(request: { server?: ServerName }): Promise<void>;
  clearProtocolLog(request: ProtocolLogRequest): Promise<void>;
  exportProtocolLog(request: ExportProtocolLogRequest): Promise<ProtocolLogExport>;
}

const ProtocolLogFilterSchema = z.strictObject({
  direction: z.enum(PROTOCOL_LOG_DIRECTIONS).optional(),
  kind: z.enum(PROTOCOL_LOG_KINDS).optional(),
  search: z.string().max(1000).optional(),
});

const ProtocolLogRequestSchema = z.strictObject({ server: ServerNameSchema });

export const protocolLogChannels: ChannelTable<ProtocolLogApi> = {
  getProtocolLog: { channel: 'protocol-log:get', request: ProtocolLogRequestSchema },
  watchProtocolLog: { channel: 'protocol-log:watch', request: z.strictObject({ server: ServerNameSchema.optional() }) },
  clearProtocolLog: { channel: 'protocol-log:clear', request: ProtocolLogRequestSchema },
  exportProtocolLog: {
    channel: 'protocol-log:export',
    request: z.strictObject({ server: ServerNameSchema, filter: ProtocolLogFilterSchema.optional() }),
  },
};
