/** Picks and builds the transport for a server entry. A transport is single-use: build one per connect. */
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { isStdioConfig, transportOf, type ServerConfig } from '../../../shared/config/server-config';
import { AppError } from '../../../shared/envelope';
import { createStdioTransport } from './stdio-transport';

export interface BuiltTransport {
  transport: Transport;
  /** The server's stderr, for transports that have one (stdio). */
  stderr?: NodeJS.ReadableStream | null;
}

export function createTransport(config: ServerConfig): BuiltTransport {
  if (isStdioConfig(config)) {
    const transport = createStdioTransport(config);
    return { transport, stderr: transport.stderr as NodeJS.ReadableStream | null };
  }
  throw new AppError('failed', `The ${transportOf(config)} transport is not supported yet.`);
}
