/**
 * How each host introduces itself to a server: the clientInfo it sends in initialize and
 * which client capabilities it declares. A server can branch on either, so a server entry
 * may connect "as" a host (its `connectAs` field) to see what that host would get.
 * The values are those the hosts were seen to send (2026-12-01); the capabilities are
 * limited to the ones the workbench itself can honour.
 */
import type { ClientCapabilities } from '@modelcontextprotocol/client';
import type { ConnectAsHost } from '../../../shared/config/server-config';

interface HostClient {
  clientInfo: { name: string; version: string };
  /** Which of the workbench's client capabilities the host declares too. */
  capabilities: Array<keyof ClientCapabilities>;
}

const HOST_CLIENTS: Record<ConnectAsHost, HostClient> = {
  'claude-code': { clientInfo: { name: 'claude-code', version: '2.1.0' }, capabilities: ['roots', 'elicitation'] },
  'claude-desktop': { clientInfo: { name: 'claude-ai', version: '0.1.0' }, capabilities: [] },
  cursor: { clientInfo: { name: 'cursor-vscode', version: '1.0.0' }, capabilities: ['roots'] },
  vscode: { clientInfo: { name: 'Visual Studio Code', version: '1.106.0' }, capabilities: ['roots', 'sampling', 'elicitation'] },
  openai: { clientInfo: { name: 'openai-mcp', version: '1.0.0' }, capabilities: [] },
};

/** The clientInfo and capabilities to connect with: the workbench's own, or the host's. */
export function clientIdentity(
  host: ConnectAsHost | undefined,
  own: { clientInfo: { name: string; version: string }; capabilities: ClientCapabilities },
): { clientInfo: { name: string; version: string }; capabilities: ClientCapabilities } {
  if (!host) return own;
  const client = HOST_CLIENTS[host];
  const capabilities = Object.fromEntries(Object.entries(own.capabilities).filter(([key]) => client.capabilities.includes(key as keyof ClientCapabilities))) as ClientCapabilities;
  return { clientInfo: client.clientInfo, capabilities };
}
