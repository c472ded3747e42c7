/**
 * Roots (client side): the folders or URIs a server may work in, per server, from the
 * server entry's `roots` field (`[{"uri": "file:///…", "name": "…"}]`). Every server may
 * ask (roots/list); one without roots gets an empty list. A changed entry replaces the
 * connection, so the server always sees the current list.
 */
import type { Client } from '@modelcontextprotocol/client';
import type { ServerConfig, ServerName } from '../../../shared/config/server-config';
import type { ClientFeature } from '../connections/client-feature';

function rootsOf(config: ServerConfig): Array<{ uri: string; name?: string }> {
  return (config.roots ?? []).map((root) => ({ uri: root.uri, ...(root.name ? { name: root.name } : {}) }));
}

export const rootsFeature: ClientFeature = {
  capabilities: () => ({ roots: { listChanged: true } }),
  install(_server: ServerName, config: ServerConfig, client: Client) {
    const roots = rootsOf(config);
    client.setRequestHandler('roots/list', async () => ({ roots }));
  },
};
