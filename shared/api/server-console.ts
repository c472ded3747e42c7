/**
 * The server console: what a server says about itself — its stderr lines (stdio
 * servers) and its log messages (`notifications/message`, with level and logger) —
 * plus the log level asked of it (`logging/setLevel`) and ping.
 */
import { z } from 'zod';
import { ServerNameSchema, type ServerName } from '../config/server-config';
import type { ChannelTable } from './channel-table';
import { ServerRequestSchema, type ServerRequest } from './resources';

/** MCP's log levels (syslog's), least severe first. */
export const LOG_LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export type ConsoleSource = 'stderr' | 'log' | 'event';

export interface ConsoleEntry {
  /** Increases across all servers: merges a snapshot with live events. */
  seq: number;
  server: ServerName;
  time: number;
  /** stderr: a line the process wrote; log: a notifications/message; event: connected, lost… */
  source: ConsoleSource;
  level?: LogLevel;
  logger?: string;
  text: string;
  /** The text was cut to the console's limit. */
  truncated?: true;
}

export interface ServerConsoleView {
  entries: ConsoleEntry[];
  /** The level last asked of the server (re-sent after every reconnect); absent: its own default. */
  level?: LogLevel;
}

interface SetLogLevelRequest {
  server: ServerName;
  level: LogLevel;
}

export interface PingResult {
  roundTripMs: number;
  /** When the answer came (epoch ms). */
  time: number;
}

export interface ServerConsoleApi {
  getServerConsole(request: ServerRequest): Promise<ServerConsoleView>;
  clearServerConsole(request: ServerRequest): Promise<void>;
  /** Asks the server for log messages at this level and above; remembered for reconnects. */
  setLogLevel(request: SetLogLevelRequest): Promise<LogLevel>;
  pingServer(request: ServerRequest): Promise<PingResult>;
}

export const serverConsoleChannels: ChannelTable<ServerConsoleApi> = {
  getServerConsole: { channel: 'console:get', request: ServerRequestSchema },
  clearServerConsole: { channel: 'console:clear', request: ServerRequestSchema },
  setLogLevel: { channel: 'console:set-level', request: z.strictObject({ server: ServerNameSchema, level: z.enum(LOG_LEVELS) }) },
  pingServer: { channel: 'console:ping', request: ServerRequestSchema },
};
