/**
 * Tools of every server: the list (every page, cached per server until the connection
 * closes or the server says it changed, and no longer than the `ttlMs` a 2026-07-28
 * server gives it; `refresh` asks the server anyway) and tools/call (progress, the
 * per-call timeout reset on progress, cancel), on the connections the ConnectionManager
 * keeps.
 */
import type { Client, RequestOptions } from '@modelcontextprotocol/client';
import type { ServerConfig, ServerName } from '../../../shared/config/server-config';
import { mcpToolName, type ContentBlock, type ToolCallResult, type ToolInfo } from '../../../shared/domain';
import { connectionKey, type ConnectionManager } from '../connections/connection-manager';
import { listPage } from '../connections/list-page';
import { expiryOf, type GuardedCache } from '../connections/server-caches';
import type { EventBus } from '../events/event-bus';
import { everyPage } from '../util/paging';

export interface CallOptions {
  timeoutMs?: number;
  maxTotalTimeoutMs?: number;
  resetTimeoutOnProgress?: boolean;
  onProgress?: (progress: { progress: number; total?: number; message?: string }) => void;
  /** Cancels the call (the server is sent notifications/cancelled). */
  signal?: AbortSignal;
}

interface CachedTools {
  /** The connection the list came from. */
  key: string;
  tools: ToolInfo[];
  expiresAt: number | undefined;
}

export class ToolsService {
  private readonly lists: GuardedCache<CachedTools>;

  constructor(
    private readonly connections: ConnectionManager,
    events: EventBus,
  ) {
    this.lists = connections.caches.createList<CachedTools>();
    events.subscribe((event) => {
      if (event.type === 'tools-changed') this.lists.drop(event.server);
    });
  }

  async list(name: ServerName, config: ServerConfig, { refresh = false } = {}): Promise<ToolInfo[]> {
    const key = connectionKey(name, config);
    const cached = this.lists.get(name);
    if (!refresh && cached?.key === key && (cached.expiresAt === undefined || cached.expiresAt > Date.now())) return cached.tools;
    const ticket = this.lists.begin(name);
    return this.connections.request(name, config, async (client) => {
      const pages: object[] = [];
      const tools: ToolInfo[] = [];
      await everyPage(
        (cursor) => listPage(client, 'tools/list', cursor),
        (page) => {
          pages.push(page);
          for (const tool of page.tools) tools.push(toolInfoOf(name, tool));
        },
      );
      this.lists.set(name, ticket, { key, tools, expiresAt: expiryOf(pages) });
      return tools;
    });
  }

  async call(name: ServerName, config: ServerConfig, tool: string, args: Record<string, unknown>, options: CallOptions = {}): Promise<ToolCallResult> {
    const settings = this.connections.settings();
    const maxTotal = options.maxTotalTimeoutMs ?? settings.maxTotalCallTimeoutMs;
    const timeoutMs = Math.min(options.timeoutMs ?? config.callTimeoutMs ?? settings.callTimeoutMs, maxTotal);
    const reset = options.resetTimeoutOnProgress ?? settings.resetTimeoutOnProgress;
    // A progress token is only sent when onprogress is given, and without one the server
    // sends no progress to reset the timeout with.
    const onprogress = options.onProgress ?? (reset ? () => undefined : undefined);

    return this.connections.request(
      name,
      config,
      async (client, signal) => {
        const started = performance.now();
        const result = await sendCall(client, tool, args, {
          timeout: timeoutMs,
          ...(reset ? { resetTimeoutOnProgress: true, maxTotalTimeout: maxTotal } : {}),
          ...(onprogress ? { onprogress } : {}),
          ...(signal ? { signal } : {}),
        });
        const durationMs = performance.now() - started;
        // Servers on the 2024-10-07 protocol answer with `toolResult` instead of content.
        const toolResult = (result as { toolResult?: unknown }).toolResult;
        const content: ContentBlock[] =
          result.content.length === 0 && toolResult !== undefined
            ? [{ type: 'text', text: JSON.stringify(toolResult, null, 2) }]
            : (result.content as ContentBlock[]);
        return {
          content,
          ...(result.structuredContent !== undefined && result.structuredContent !== null
            ? { structuredContent: result.structuredContent as Record<string, unknown> }
            : {}),
          isError: result.isError === true,
          durationMs,
        };
      },
      { timeoutMs, maxTotalTimeoutMs: maxTotal, ...(options.signal ? { signal: options.signal } : {}) },
    );
  }
}

/**
 * A plain request, not client.callTool: that one throws away a result whose
 * structuredContent does not match the outputSchema, and a mismatch must be shown.
 */
function sendCall(client: Client, tool: string, args: Record<string, unknown>, options: RequestOptions) {
  return client.request({ method: 'tools/call', params: { name: tool, arguments: args } }, options);
}

type ListedTool = Awaited<ReturnType<typeof listPage<'tools/list'>>>['tools'][number];

function toolInfoOf(server: ServerName, tool: ListedTool): ToolInfo {
  return {
    server,
    name: tool.name,
    fullName: mcpToolName(server, tool.name),
    ...(tool.title ? { title: tool.title } : {}),
    ...(tool.description ? { description: tool.description } : {}),
    inputSchema: tool.inputSchema as Record<string, unknown>,
    ...(tool.outputSchema ? { outputSchema: tool.outputSchema as Record<string, unknown> } : {}),
    ...(tool.annotations ? { annotations: tool.annotations } : {}),
    ...(tool.icons ? { icons: tool.icons } : {}),
    ...(tool.execution ? { execution: tool.execution } : {}),
  };
}
