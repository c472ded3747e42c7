/** Every tool call made (kept in the app data folder), and requests saved under a name. */
import { z } from 'zod';
import { ServerNameSchema, type ServerName } from '../config/server-config';
import type { ChannelTable } from './channel-table';

export type CallOutcome = 'ok' | 'tool-error' | 'failed' | 'cancelled';

export interface HistoryEntry {
  id: string;
  /** When the call started (epoch ms). */
  time: number;
  server: ServerName;
  tool: string;
  /** `mcp__<server>__<tool>`. */
  fullName: string;
  arguments: Record<string, unknown>;
  /** The arguments were too big to keep whole; `arguments` is empty and the call cannot be re-run. */
  argumentsTooLarge?: boolean;
  outcome: CallOutcome;
  /** A line or two about the result or the error. */
  summary: string;
  durationMs: number;
  /** Size of the result as the server sent it (bytes), when there was one. */
  sizeBytes?: number;
}

export interface SavedRequest {
  id: string;
  name: string;
  /** Requests are listed by group; "" is the ungrouped list. */
  group: string;
  server: ServerName;
  tool: string;
  arguments: Record<string, unknown>;
  savedAt: number;
}

export interface HistoryQuery {
  /** Words that must all appear in the server, tool, arguments or summary (case-insensitive). */
  search?: string;
  server?: ServerName;
  limit?: number;
}

export interface SaveRequestRequest {
  name: string;
  group?: string;
  server: ServerName;
  tool: string;
  arguments: Record<string, unknown>;
}

export interface HistoryApi {
  /** Newest first. */
  listHistory(request: HistoryQuery): Promise<HistoryEntry[]>;
  clearHistory(): Promise<void>;
  deleteHistoryEntry(request: { id: string }): Promise<void>;
  listSavedRequests(): Promise<SavedRequest[]>;
  /** Saves a request; one with the same name in the same group is replaced. */
  saveRequest(request: SaveRequestRequest): Promise<SavedRequest>;
  deleteSavedRequest(request: { id: string }): Promise<void>;
}

const Id = z.string().min(1).max(64);

export const historyChannels: ChannelTable<HistoryApi> = {
  listHistory: {
    channel: 'history:list',
    request: z.strictObject({ search: z.string().max(500).optional(), server: ServerNameSchema.optional(), limit: z.number().int().min(1).max(5000).optional() }),
  },
  clearHistory: { channel: 'history:clear', request: z.undefined() },
  deleteHistoryEntry: { channel: 'history:delete', request: z.strictObject({ id: Id }) },
  listSavedRequests: { channel: 'history:list-saved', request: z.undefined() },
  saveRequest: {
    channel: 'history:save',
    request: z.strictObject({
      name: z.string().trim().min(1, 'A name is required').max(200),
      group: z.string().trim().max(200).optional(),
      server: ServerNameSchema,
      tool: z.string().min(1).max(512),
      arguments: z.record(z.string(), z.unknown()),
    }),
  },
  deleteSavedRequest: { channel: 'history:delete-saved', request: z.strictObject({ id: Id }) },
};
