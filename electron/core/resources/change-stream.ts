/**
 * MCP 2026-07-28 has no `resources/subscribe` and sends no unsolicited change
 * notifications: everything arrives on a `subscriptions/listen` stream the client opens.
 * Per server this keeps one stream asking for the list changes the server advertises and
 * for updates of every subscribed URI. A changed subscription set opens a new stream (the
 * filter cannot change) and closes the old one; a new connection opens a new one.
 * The notifications dispatch to the handlers already installed for the 2025 era, so the
 * tools/resources/prompts refreshes and the resource re-reads work unchanged.
 */
import type { Client, McpSubscription } from '@modelcontextprotocol/client';
import type { ServerConfig, ServerName } from '../../../shared/config/server-config';
import type { ConnectionManager } from '../connections/connection-manager';
import { requestTimeoutMs } from '../connections/request-timeout';
import { logFailure } from '../diagnostics/diagnostics';

type Filter = Parameters<Client['listen']>[0];

export function isModern(client: Client): boolean {
  return client.getProtocolEra() === 'modern';
}

/** What to ask for: the list changes the server advertises, and the URIs when it offers subscriptions. */
function listenFilter(capabilities: Record<string, unknown> | undefined, uris: readonly string[]): Filter {
  const flag = (name: string, key: string) => Boolean((capabilities?.[name] as Record<string, unknown> | undefined)?.[key]);
  return {
    ...(flag('tools', 'listChanged') ? { toolsListChanged: true } : {}),
    ...(flag('prompts', 'listChanged') ? { promptsListChanged: true } : {}),
    ...(flag('resources', 'listChanged') ? { resourcesListChanged: true } : {}),
    ...(flag('resources', 'subscribe') && uris.length > 0 ? { resourceSubscriptions: [...uris] } : {}),
  };
}

export class ChangeStreams {
  private readonly open = new Map<ServerName, { client: Client; subscription: McpSubscription }>();

  constructor(private readonly connections: ConnectionManager) {}

  /** Opens the server's stream for these URIs (replacing the one it had); nothing on a 2025 connection. */
  async renew(name: ServerName, config: ServerConfig, uris: readonly string[]): Promise<void> {
    await this.connections.request(name, config, async (client) => {
      if (!isModern(client)) return;
      const previous = this.open.get(name);
      const filter = listenFilter(client.getServerCapabilities() as Record<string, unknown> | undefined, uris);
      if (Object.keys(filter).length > 0) {
        const subscription = await client.listen(filter, { timeout: requestTimeoutMs(this.connections, config) });
        this.open.set(name, { client, subscription });
      } else {
        this.open.delete(name);
      }
      // Closed after the new one is acknowledged, so no update falls between the two.
      if (previous?.client === client) await previous.subscription.close().catch(logFailure(`Closing the previous change stream of ${name} failed`, 'debug'));
    });
  }
}
