/**
 * Prompts of every server: the list (every page, cached per server until the
 * connection closes or the server says it changed, and no longer than the `ttlMs` a
 * 2026-07-28 server gives it; `refresh` asks the server anyway) and prompts/get, whose messages are
 * turned into the conversation the UI shows.
 */
import type { PromptInfo, PromptResult } from '../../../shared/api/prompts';
import type { ServerConfig, ServerName } from '../../../shared/config/server-config';
import { connectionKey, type ConnectionManager } from '../connections/connection-manager';
import { listPage } from '../connections/list-page';
import { expiryOf } from '../connections/server-caches';
import type { EventBus } from '../events/event-bus';
import { presentContentBlock } from '../resources/present-content';
import { everyPage } from '../util/paging';
import { requestTimeoutMs } from '../connections/request-timeout';

export class PromptService {
  private readonly lists;

  constructor(
    private readonly connections: ConnectionManager,
    events: EventBus,
  ) {
    this.lists = connections.caches.createList<{ key: string; prompts: PromptInfo[]; expiresAt: number | undefined }>();
    events.on('prompts-changed', (event) => this.lists.drop(event.server));
  }

  /** `signal` cancels the list, whatever it waits for (the connection, a page). */
  async list(name: ServerName, config: ServerConfig, { refresh = false, signal }: { refresh?: boolean; signal?: AbortSignal | undefined } = {}): Promise<PromptInfo[]> {
    const key = connectionKey(name, config);
    const cached = this.lists.get(name);
    if (!refresh && cached?.key === key && (cached.expiresAt === undefined || cached.expiresAt > Date.now())) return cached.prompts;
    const ticket = this.lists.begin(name);
    return this.connections.request(
      name,
      config,
      async (client, signal) => {
      const prompts: PromptInfo[] = [];
      const pages: object[] = [];
      await everyPage(
        (cursor) => listPage(client, 'prompts/list', cursor, { timeout: requestTimeoutMs(this.connections, config), ...(signal ? { signal } : {}) }),
        (page) => {
          pages.push(page);
          for (const prompt of page.prompts) {
            prompts.push({
              name: prompt.name,
              ...(prompt.title ? { title: prompt.title } : {}),
              ...(prompt.description ? { description: prompt.description } : {}),
              arguments: (prompt.arguments ?? []).map((argument) => ({
                name: argument.name,
                // Newer protocol versions give arguments a display title; the SDK's type has none yet.
                ...titleOf(argument),
                ...(argument.description ? { description: argument.description } : {}),
                ...(argument.required !== undefined ? { required: argument.required } : {}),
              })),
            });
          }
        },
      );
      this.lists.set(name, ticket, { key, prompts, expiresAt: expiryOf(pages) });
      return prompts;
      },
      signal ? { signal } : {},
    );
  }

  async get(name: ServerName, config: ServerConfig, prompt: string, args: Record<string, string>, { signal }: { signal?: AbortSignal | undefined } = {}): Promise<PromptResult> {
    return this.connections.request(
      name,
      config,
      async (client, signal) => {
      const started = performance.now();
      const result = await client.getPrompt({ name: prompt, arguments: args }, { timeout: requestTimeoutMs(this.connections, config), ...(signal ? { signal } : {}) });
      const durationMs = performance.now() - started;
      const messages = await Promise.all(
        result.messages.map(async (message) => ({ role: message.role, content: await presentContentBlock(message.content as Record<string, unknown>) })),
      );
      return { ...(result.description ? { description: result.description } : {}), messages, durationMs };
      },
      signal ? { signal } : {},
    );
  }
}

function titleOf(argument: object): { title?: string } {
  const title = (argument as { title?: unknown }).title;
  return typeof title === 'string' && title ? { title } : {};
}
