/** Prompts: list them (every page) and get one with arguments, shown as a conversation. */
import { z } from 'zod';
import { CallIdSchema, type CancellableRequest } from './call-id';
import { ServerNameSchema, type ServerName } from '../config/server-config';
import type { ContentView } from '../content-view';
import type { ChannelTable } from './channel-table';
import type { ListResourcesRequest } from './resources';

const ListPromptsRequestSchema = z.strictObject({ server: ServerNameSchema, refresh: z.boolean().optional(), callId: CallIdSchema.optional() });

interface PromptArgumentInfo {
  name: string;
  title?: string;
  description?: string;
  required?: boolean;
}

export interface PromptInfo {
  name: string;
  title?: string;
  description?: string;
  arguments: PromptArgumentInfo[];
}

interface GetPromptRequest extends CancellableRequest {
  server: ServerName;
  name: string;
  /** Prompt arguments are strings; an empty optional one is best left out. */
  arguments: Record<string, string>;
}

export interface PromptMessageView {
  role: 'user' | 'assistant';
  content: ContentView;
}

export interface PromptResult {
  description?: string;
  messages: PromptMessageView[];
  durationMs: number;
}

export interface PromptsApi {
  /** `refresh`: ask the server even when a cached list is still fresh. */
  listPrompts(request: ListResourcesRequest): Promise<PromptInfo[]>;
  getPrompt(request: GetPromptRequest): Promise<PromptResult>;
}

export const promptsChannels: ChannelTable<PromptsApi> = {
  listPrompts: { channel: 'prompts:list', request: ListPromptsRequestSchema },
  getPrompt: {
    channel: 'prompts:get',
    request: z.strictObject({
      server: ServerNameSchema,
      name: z.string().min(1).max(512),
      arguments: z.record(z.string().max(512), z.string().max(65_536)),
      callId: CallIdSchema.optional(),
    }),
  },
};
