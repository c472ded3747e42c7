/** Listing, calling and cancelling tools. */
import { z } from 'zod';
import { ServerNameSchema, type ServerName } from '../config/server-config';
import type { ToolInfo } from '../domain';
import type { ToolRunResult } from '../tool-results';
import { CallIdSchema, type CancellableRequest } from './call-id';
import type { ChannelTable } from './channel-table';
import { ServerRefSchema, type ServerRef } from './servers';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface CallToolRequest {
  server: ServerName;
  tool: string;
  arguments: Record<string, unknown>;
  /** Chosen by the caller so progress events and cancelCall can name this call. */
  callId?: string;
  /** How long to wait for the answer (or, with reset on progress, for the next progress). */
  timeoutMs?: number;
  /** The most the call may take in total, however much progress it reports. */
  maxTotalTimeoutMs?: number;
  resetTimeoutOnProgress?: boolean;
  /**
   * The user confirmed this call. A tool whose permission is "ask" (every tool not
   * marked read-only, unless a rule says otherwise) is refused without it.
   */
  confirmed?: boolean;
  /**
   * Run as a task (when the tool allows it: taskSupport "optional", or any tool of a
   * server with the 2026-07-28 tasks extension). Tools whose taskSupport is "required"
   * always run as tasks.
   */
  task?: boolean;
  /** With a task: answer as soon as the task exists (its id in `task`) instead of waiting for its result. */
  detach?: boolean;
  /**
   * MCP 2026-07-28: an `input_required` answer is not fulfilled through the usual
   * dialogs but shown as an `input-required` server request, whose hand-written
   * inputResponses are sent back verbatim (for testing how a server takes odd answers).
   */
  answerInputByHand?: boolean;
  /** The user saw what changed in the tool's definition since they allowed it, and runs it anyway (it is pinned again). */
  acceptChanges?: boolean;
}

interface ListToolsRequest extends ServerRef, CancellableRequest {
  /** Ask the server even when a cached list is still fresh (within the `ttlMs` a 2026-07-28 server gave it). */
  refresh?: boolean;
}

interface CancelCallRequest {
  callId: string;
}

export interface ToolsApi {
  /** Every tool of the server (all pages), from the cache while the connection lasts and the list is fresh. */
  listTools(request: ListToolsRequest): Promise<ToolInfo[]>;
  /** Runs the tool; the result has long text cut and images resized (see ToolRunResult). */
  callTool(request: CallToolRequest): Promise<ToolRunResult>;
  /** Cancels a running call (the server is sent notifications/cancelled); false when it already ended. */
  cancelCall(request: CancelCallRequest): Promise<boolean>;
}

export const toolsChannels: ChannelTable<ToolsApi> = {
  listTools: { channel: 'tools:list', request: ServerRefSchema.extend({ refresh: z.boolean().optional(), callId: CallIdSchema.optional() }) },
  callTool: {
    channel: 'tools:call',
    request: z.strictObject({
      server: ServerNameSchema,
      tool: z.string().min(1).max(512),
      arguments: z.record(z.string(), z.unknown()),
      callId: CallIdSchema.optional(),
      timeoutMs: z.number().int().positive().max(DAY_MS).optional(),
      maxTotalTimeoutMs: z.number().int().positive().max(DAY_MS).optional(),
      resetTimeoutOnProgress: z.boolean().optional(),
      confirmed: z.boolean().optional(),
      task: z.boolean().optional(),
      detach: z.boolean().optional(),
      answerInputByHand: z.boolean().optional(),
      acceptChanges: z.boolean().optional(),
    }),
  },
  cancelCall: { channel: 'tools:cancel', request: z.strictObject({ callId: CallIdSchema }) },
};
