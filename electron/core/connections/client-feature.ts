/**
 * A client-side MCP feature (elicitation, sampling, roots, log messages, resource
 * updates…): the capabilities it declares and the handlers it installs on each new
 * Client before that client connects. Features live beside the code that owns them and
 * are handed to the ConnectionManager, so adding one never touches the connect logic.
 */
import type { Client, ClientCapabilities } from '@modelcontextprotocol/client';
import type { ServerConfig, ServerName } from '../../../shared/config/server-config';

export interface ClientFeature {
  /** Capabilities to declare in initialize for this server (merged with the others'). */
  capabilities?(server: ServerName, config: ServerConfig): ClientCapabilities;
  /** Installs request and notification handlers on a new, not yet connected client. */
  install(server: ServerName, config: ServerConfig, client: Client): void;
}

/** Shallow-merges each capability's object, so two features may both add to e.g. `experimental`. */
export function mergeCapabilities(parts: readonly ClientCapabilities[]): ClientCapabilities {
  const merged: Record<string, unknown> = {};
  for (const part of parts) {
    for (const [key, value] of Object.entries(part)) {
      const existing = merged[key];
      merged[key] =
        existing && typeof existing === 'object' && value && typeof value === 'object' ? { ...existing, ...value } : value;
    }
  }
  return merged as ClientCapabilities;
}
