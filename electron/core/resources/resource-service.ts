/**
 * Resources of every server: the lists (every page of resources and of templates,
 * cached per server until the connection closes or the server says the list changed,
 * and, when the server gives a `ttlMs` (MCP 2026-07-28), no longer than that), reads
 * (cached for their `ttlMs` only), subscriptions and argument completion. `refresh`
 * asks the server whatever the cache holds.
 *
 * Subscriptions belong to the workbench, not to one connection: after a reconnect
 * (a new session, which knows nothing of the old one's subscriptions) every
 * subscribed URI is subscribed again. On MCP 2026-07-28 connections they (and the list
 * changes) travel on a `subscriptions/listen` stream instead (change-stream.ts).
 */
import { ProtocolError, ProtocolErrorCode, UriTemplate, type Client } from '@modelcontextprotocol/client';
import type {
  CompleteRequest,
  CompletionResult,
  ResourceCatalog,
  ResourceInfo,
  ResourceReadResult,
  ResourceTemplateInfo,
} from '../../../shared/api/resources';
import type { ServerConfig, ServerName } from '../../../shared/config/server-config';
import type { ServerView } from '../../../shared/domain';
import { connectionKey, type ConnectionManager } from '../connections/connection-manager';
import { listPage } from '../connections/list-page';
import { expiryOf, freshFor } from '../connections/server-caches';
import type { EventBus } from '../events/event-bus';
import { everyPage } from '../util/paging';
import { requestTimeoutMs } from '../connections/request-timeout';
import { ChangeStreams, isModern } from './change-stream';
import { presentResourceContents } from './present-content';
import { logFailure } from '../diagnostics/diagnostics';

interface Cancellable {
  signal?: AbortSignal | undefined;
}
type Lists = Omit<ResourceCatalog, 'subscriptions' | 'cachedFreshForMs'>;
interface CachedRead {
  result: ResourceReadResult;
  expiresAt: number;
}

export class ResourceService {
  /** Per server: the lists and the connection they came from. */
  private readonly lists;
  /** Per server: the connection and, per URI, the reads still fresh for their ttlMs. */
  private readonly reads;
  private readonly subscriptions = new Map<ServerName, Set<string>>();
  readonly streams: ChangeStreams;

  constructor(
    private readonly connections: ConnectionManager,
    events: EventBus,
    /** Whether a server is still configured: a removed one's subscriptions are dropped. */
    private readonly isConfigured: (name: ServerName) => boolean,
  ) {
    this.lists = connections.caches.createList<{ key: string; lists: Lists; expiresAt: number | undefined }>();
    this.reads = connections.caches.create<{ key: string; byUri: Map<string, CachedRead> }>();
    this.streams = new ChangeStreams(connections);
    events.on('resources-changed', (event) => this.lists.drop(event.server));
    // An updated resource is read afresh, however long its last answer was to stay fresh.
    events.on('resource-updated', (event) => this.reads.get(event.server)?.byUri.delete(event.uri));
    events.on('servers-changed', () => {
      for (const name of this.subscriptions.keys()) if (!this.isConfigured(name)) this.subscriptions.delete(name);
    });
    events.on('server-state', (event) => this.onConnected(event.server));
  }

  /** `signal` (here and below) cancels the request, whatever it waits for (the connection, a page). */
  async catalog(name: ServerName, config: ServerConfig, { refresh = false, signal }: Cancellable & { refresh?: boolean } = {}): Promise<ResourceCatalog> {
    const key = connectionKey(name, config);
    const cached = this.lists.get(name);
    const now = Date.now();
    if (!refresh && cached?.key === key && (cached.expiresAt === undefined || cached.expiresAt > now)) {
      return { ...cached.lists, subscriptions: this.subscribed(name), ...freshFor(cached.expiresAt, now) };
    }
    const ticket = this.lists.begin(name);
    const lists = await this.connections.request(
      name,
      config,
      async (client, signal) => {
        const options = { timeout: requestTimeoutMs(this.connections, config), ...(signal ? { signal } : {}) };
        const pages: object[] = [];
        const fresh: Lists = { resources: await listAllResources(client, options, pages), templates: await listAllTemplates(client, options, pages) };
        this.lists.set(name, ticket, { key, lists: fresh, expiresAt: expiryOf(pages) });
        return fresh;
      },
      signal ? { signal } : {},
    );
    return { ...lists, subscriptions: this.subscribed(name) };
  }

  async read(name: ServerName, config: ServerConfig, uri: string, { refresh = false, signal }: Cancellable & { refresh?: boolean } = {}): Promise<ResourceReadResult> {
    const key = connectionKey(name, config);
    const now = Date.now();
    const held = this.reads.get(name);
    const cached = held?.key === key ? held.byUri.get(uri) : undefined;
    if (!refresh && cached && cached.expiresAt > now) return { ...cached.result, ...freshFor(cached.expiresAt, now) };
    return this.connections.request(
      name,
      config,
      async (client, signal) => {
      const started = performance.now();
      // A plain request: the SDK's readResource keeps its own cache, which Refresh could not get past.
      const result = await client.request({ method: 'resources/read', params: { uri } }, { timeout: requestTimeoutMs(this.connections, config), ...(signal ? { signal } : {}) });
      const durationMs = performance.now() - started;
      const read = { uri, contents: await Promise.all(result.contents.map((contents) => presentResourceContents(contents))), durationMs };
      const expiresAt = expiryOf([result]);
      const byUri = held?.key === key ? held.byUri : new Map<string, CachedRead>();
      if (expiresAt !== undefined && expiresAt > Date.now()) byUri.set(uri, { result: read, expiresAt });
      else byUri.delete(uri);
      this.reads.set(name, { key, byUri });
      return read;
      },
      signal ? { signal } : {},
    );
  }

  async subscribe(name: ServerName, config: ServerConfig, uri: string, { signal }: Cancellable = {}): Promise<string[]> {
    const modern = await this.connections.request(
      name,
      config,
      async (client, signal) => {
        if (isModern(client)) return true;
        await client.subscribeResource({ uri }, { timeout: requestTimeoutMs(this.connections, config), ...(signal ? { signal } : {}) });
        return false;
      },
      signal ? { signal } : {},
    );
    if (modern) await this.streams.renew(name, config, [...this.subscribed(name).filter((known) => known !== uri), uri]);
    const set = this.subscriptions.get(name) ?? new Set<string>();
    set.add(uri);
    this.subscriptions.set(name, set);
    return this.subscribed(name);
  }

  async unsubscribe(name: ServerName, config: ServerConfig, uri: string): Promise<string[]> {
    // Forgotten first: even if the server cannot be told, no update should be followed any more.
    this.subscriptions.get(name)?.delete(uri);
    const connected = this.connections.state(name, config).status === 'connected';
    if (connected && this.connections.state(name, config).protocolEra === 'modern') {
      await this.streams.renew(name, config, this.subscribed(name));
    } else if (connected) {
      await this.connections.request(name, config, (client) => client.unsubscribeResource({ uri }, { timeout: requestTimeoutMs(this.connections, config) }));
    }
    return this.subscribed(name);
  }

  async complete(name: ServerName, config: ServerConfig, request: Omit<CompleteRequest, 'server'>, { signal }: Cancellable = {}): Promise<CompletionResult> {
    return this.connections.request(
      name,
      config,
      async (client, signal) => {
        const { completion } = await client.complete(
          { ref: request.ref, argument: request.argument, ...(request.context ? { context: { arguments: request.context } } : {}) },
          { timeout: requestTimeoutMs(this.connections, config), ...(signal ? { signal } : {}) },
        );
        return {
          values: completion.values,
          ...(completion.total !== undefined ? { total: completion.total } : {}),
          ...(completion.hasMore !== undefined ? { hasMore: completion.hasMore } : {}),
        };
      },
      signal ? { signal } : {},
    );
  }

  subscribed(name: ServerName): string[] {
    return [...(this.subscriptions.get(name) ?? [])];
  }

  private onConnected(server: ServerView): void {
    if (server.status !== 'connected') return;
    const { name, config } = server;
    if (server.protocolEra === 'modern') void this.streams.renew(name, config, this.subscribed(name)).catch(logFailure(`Opening the change stream of ${name} failed`));
    else void this.resubscribe(name, config);
  }

  /** A new session knows nothing of the old one's subscriptions: subscribe again. */
  private async resubscribe(name: ServerName, config: ServerConfig): Promise<void> {
    for (const uri of this.subscribed(name)) {
      await this.connections
        .request(name, config, (client) => client.subscribeResource({ uri }, { timeout: requestTimeoutMs(this.connections, config) }))
        .catch(logFailure(`Subscribing again to ${uri} of ${name} failed`));
    }
  }
}

/** `pages` collects every page as it came (their ttlMs decide how long the lists stay fresh). */
async function listAllResources(client: Client, options: { timeout: number; signal?: AbortSignal }, pages: object[]): Promise<ResourceInfo[]> {
  const resources: ResourceInfo[] = [];
  await everyPage(
    (cursor) => listPage(client, 'resources/list', cursor, options),
    (page) => {
      pages.push(page);
      for (const resource of page.resources) {
        resources.push({
          uri: resource.uri,
          name: resource.name,
          ...(resource.title ? { title: resource.title } : {}),
          ...(resource.description ? { description: resource.description } : {}),
          ...(resource.mimeType ? { mimeType: resource.mimeType } : {}),
          ...(typeof resource.size === 'number' ? { size: resource.size } : {}),
        });
      }
    },
  );
  return resources;
}

/** Every page of templates; a server without templates/list (method not found) has none. */
async function listAllTemplates(client: Client, options: { timeout: number; signal?: AbortSignal }, pages: object[]): Promise<ResourceTemplateInfo[]> {
  const templates: ResourceTemplateInfo[] = [];
  try {
    await everyPage(
      (cursor) => listPage(client, 'resources/templates/list', cursor, options),
      (page) => {
        pages.push(page);
        for (const template of page.resourceTemplates) {
          templates.push({
            uriTemplate: template.uriTemplate,
            name: template.name,
            ...(template.title ? { title: template.title } : {}),
            ...(template.description ? { description: template.description } : {}),
            ...(template.mimeType ? { mimeType: template.mimeType } : {}),
            variables: templateVariables(template.uriTemplate),
          });
        }
      },
    );
  } catch (error) {
    if (error instanceof ProtocolError && error.code === ProtocolErrorCode.MethodNotFound) return [];
    throw error;
  }
  return templates;
}

/** The variables of an RFC 6570 template, each once; none when it does not parse. */
function templateVariables(uriTemplate: string): string[] {
  try {
    return [...new Set(new UriTemplate(uriTemplate).variableNames)];
  } catch {
    return [];
  }
}
