/** Listing and calling tools. */
import { z } from 'zod';
import { ServerNameSchema, type ServerName } from '../config/server-config';
import type { ToolCallResult, ToolInfo } from '../domain';
import type { ChannelTable } from './channel-table';
import { ServerRefSchema, type ServerRef } from './servers';

export interface CallToolRequest {
  server: ServerName;
  tool: string;
  arguments: Record<string, unknown>;
  /** Chosen by the caller so progress events can be matched to this call. */
  callId?: string;
  timeoutMs?: number;
}

export interface ToolsApi {
  listTools(request: ServerRef): Promise<ToolInfo[]>;
  callTool(request: CallToolRequest): Promise<ToolCallResult>;
}

export const toolsChannels: ChannelTable<ToolsApi> = {
  listTools: { channel: 'tools:list', request: ServerRefSchema },
  callTool: {
    channel: 'tools:call',
    request: z.strictObject({
      server: ServerNameSchema,
      tool: z.string().min(1).max(512),
      arguments: z.record(z.string(), z.unknown()),
      callId: z.string().min(1).max(128).optional(),
      timeoutMs: z.number().int().positive().max(24 * 60 * 60 * 1000).optional(),
    }),
  },
};
