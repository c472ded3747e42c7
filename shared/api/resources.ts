/**
 * Resources: the server's resources and resource templates (every page), reading one,
 * subscribing to its updates; and argument completion, which serves both template
 * variables and prompt arguments (`completion/complete`).
 */
import { z } from 'zod';
import { ServerNameSchema, type ServerName } from '../config/server-config';
import type { EmbeddedResourceView } from '../content-view';
import { CallIdSchema, type CancellableRequest } from './call-id';
import type { ChannelTable } from './channel-table';

export interface ResourceInfo {
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  /** Size in bytes, when the server says. */
  size?: number;
}

export interface ResourceTemplateInfo {
  uriTemplate: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  /** The template's variables, in order of appearance (RFC 6570). */
  variables: string[];
}

export interface ResourceCatalog {
  resources: ResourceInfo[];
  templates: ResourceTemplateInfo[];
  /** URIs the workbench is subscribed to on this server (kept across reconnects). */
  subscriptions: string[];
  /** Set when the lists came from the cache: how long the server's `ttlMs` keeps them fresh. */
  cachedFreshForMs?: number;
}

export interface ServerRequest {
  server: ServerName;
}

interface ResourceRequest {
  server: ServerName;
  uri: string;
}

export interface ResourceReadResult {
  uri: string;
  contents: EmbeddedResourceView[];
  durationMs: number;
  /** Set when the answer came from the cache: how long the server's `ttlMs` keeps it fresh. */
  cachedFreshForMs?: number;
}

/** `refresh`: ask the server even when a cached answer is still fresh. */
export interface ListResourcesRequest extends ServerRequest, CancellableRequest {
  refresh?: boolean;
}

interface ReadResourceRequest extends ResourceRequest, CancellableRequest {
  refresh?: boolean;
}

export type CompletionRef = { type: 'ref/resource'; uri: string } | { type: 'ref/prompt'; name: string };

export interface CompleteRequest {
  server: ServerName;
  /** A resource template (its URI template) or a prompt (its name). */
  ref: CompletionRef;
  /** The argument being typed and what is typed so far. */
  argument: { name: string; value: string };
  /** The values of the other arguments, which may narrow the suggestions. */
  context?: Record<string, string>;
}

export interface CompletionResult {
  values: string[];
  total?: number;
  hasMore?: boolean;
}

export interface ResourcesApi {
  /** Resources and templates, following every page. */
  listResources(request: ListResourcesRequest): Promise<ResourceCatalog>;
  readResource(request: ReadResourceRequest): Promise<ResourceReadResult>;
  /** Subscribes to the resource's updates; answers with every subscribed URI. */
  subscribeResource(request: ResourceRequest): Promise<string[]>;
  unsubscribeResource(request: ResourceRequest): Promise<string[]>;
  /** Suggestions for a template variable or a prompt argument. */
  completeArgument(request: CompleteRequest): Promise<CompletionResult>;
}

/** Long enough for any real URI, short enough that nobody ships megabytes through it. */
export const UriSchema = z.string().min(1, 'the URI is empty').max(16_384, 'the URI is longer than 16384 characters');
const ArgumentValueSchema = z.string().max(16_384);

export const ServerRequestSchema = z.strictObject({ server: ServerNameSchema });
const ResourceRequestSchema = z.strictObject({ server: ServerNameSchema, uri: UriSchema });
const ListResourcesRequestSchema = z.strictObject({ server: ServerNameSchema, refresh: z.boolean().optional(), callId: CallIdSchema.optional() });
const ReadResourceRequestSchema = z.strictObject({ server: ServerNameSchema, uri: UriSchema, refresh: z.boolean().optional(), callId: CallIdSchema.optional() });

const CompleteRequestSchema = z.strictObject({
  server: ServerNameSchema,
  ref: z.discriminatedUnion('type', [
    z.strictObject({ type: z.literal('ref/resource'), uri: UriSchema }),
    z.strictObject({ type: z.literal('ref/prompt'), name: z.string().min(1).max(512) }),
  ]),
  argument: z.strictObject({ name: z.string().min(1).max(512), value: ArgumentValueSchema }),
  context: z.record(z.string().max(512), ArgumentValueSchema).optional(),
});

export const resourcesChannels: ChannelTable<ResourcesApi> = {
  listResources: { channel: 'resources:list', request: ListResourcesRequestSchema },
  readResource: { channel: 'resources:read', request: ReadResourceRequestSchema },
  subscribeResource: { channel: 'resources:subscribe', request: ResourceRequestSchema },
  unsubscribeResource: { channel: 'resources:unsubscribe', request: ResourceRequestSchema },
  completeArgument: { channel: 'completion:complete', request: CompleteRequestSchema },
};
