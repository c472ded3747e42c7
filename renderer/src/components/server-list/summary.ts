/** The one-line summary over the server list ("9 connected, 2 failed") and the list's filter. */
import type { ConnectionStatus, ServerView } from '../../../../shared/domain';
import { transportOf } from '../../../../shared/config/server-config';

const ORDER: ConnectionStatus[] = ['connected', 'pending', 'needs-auth', 'failed', 'disconnected', 'disabled'];
const WORDS: Record<ConnectionStatus, string> = {
  connected: 'connected',
  pending: 'connecting',
  'needs-auth': 'need sign-in',
  failed: 'failed',
  disconnected: 'disconnected',
  disabled: 'disabled',
};

export function summarize(servers: readonly ServerView[]): string {
  if (servers.length === 0) return '';
  const counts = new Map<ConnectionStatus, number>();
  for (const server of servers) counts.set(server.status, (counts.get(server.status) ?? 0) + 1);
  return ORDER.filter((status) => counts.has(status))
    .map((status) => `${counts.get(status)} ${WORDS[status]}`)
    .join(', ');
}

/** Servers whose name, transport, scope, status or command/URL contain every word of `filter`. */
export function filterServers(servers: readonly ServerView[], filter: string): ServerView[] {
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...servers];
  return servers.filter((server) => {
    const config = server.config as { command?: unknown; url?: unknown };
    const text = [server.name, transportOf(server.config), server.scope ?? 'user', server.status, String(config.command ?? config.url ?? '')].join(' ').toLowerCase();
    return words.every((word) => text.includes(word));
  });
}
