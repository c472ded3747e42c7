/** Builds the transport for a stdio server entry. */
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { StdioServerConfig } from '../../../shared/config/server-config';

export function createStdioTransport(config: StdioServerConfig): StdioClientTransport {
  return new StdioClientTransport({
    command: config.command,
    args: config.args ?? [],
    // The SDK's default env keeps only a handful of variables; the entry's own env wins.
    env: { ...getDefaultEnvironment(), ...config.env },
    ...(config.cwd ? { cwd: config.cwd } : {}),
    // Piped so the server's console can show what it printed.
    stderr: 'pipe',
  });
}
