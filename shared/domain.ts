/**
 * Domain types shared by every part of the product. Each type is inferred from its
 * zod schema so the schema stays the single source of truth.
 */
import { z } from 'zod';

/** Server names become part of `mcp__<server>__<tool>`, so they keep to a safe alphabet. */
export const ServerNameSchema = z
  .string()
  .min(1, 'Name is required')
  .max(64, 'Name must be at most 64 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'Name may contain only letters, digits, "-" and "_"');
export type ServerName = z.infer<typeof ServerNameSchema>;

/**
 * A stdio server entry in the `mcpServers` shape. `type` is optional because stdio is
 * the default when it is absent. Unknown fields written by other tools are kept.
 */
export const StdioServerConfigSchema = z.looseObject({
  type: z.literal('stdio').optional(),
  command: z.string().trim().min(1, 'Command is required'),
  args: z.array(z.string()).optional(),
  env: z.record(z.string(), z.string()).optional(),
  cwd: z.string().optional(),
});
export type StdioServerConfig = z.infer<typeof StdioServerConfigSchema>;

export const ServerConfigSchema = StdioServerConfigSchema;
export type ServerConfig = z.infer<typeof ServerConfigSchema>;

export const CONNECTION_STATUSES = ['disconnected', 'pending', 'connected', 'failed', 'needs-auth', 'disabled'] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

export interface ServerInfo {
  name: string;
  version: string;
  title?: string;
}

/** What the UI knows about one configured server: its config and its live state. */
export interface ServerView {
  name: ServerName;
  config: ServerConfig;
  status: ConnectionStatus;
  /** Why the last connection attempt failed or the server went away. */
  error?: string;
  /** The last lines the server wrote to stderr before it failed. */
  stderrTail?: string[];
  serverInfo?: ServerInfo;
  instructions?: string;
  capabilities?: Record<string, unknown>;
}

export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

export interface ToolInfo {
  server: ServerName;
  name: string;
  /** `mcp__<server>__<tool>`: the name model clients see and permission rules match. */
  fullName: string;
  title?: string;
  description?: string;
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
  annotations?: ToolAnnotations;
}

/** One block of a tool result, as the MCP spec defines it (kept open for new kinds). */
export type ContentBlock =
  | { type: 'text'; text: string }
  | { type: 'image'; data: string; mimeType: string }
  | { type: 'audio'; data: string; mimeType: string }
  | { type: 'resource_link'; uri: string; name?: string; mimeType?: string }
  | { type: 'resource'; resource: { uri: string; mimeType?: string; text?: string; blob?: string } }
  | { type: string; [key: string]: unknown };

export interface ToolCallResult {
  content: ContentBlock[];
  structuredContent?: Record<string, unknown>;
  /** The tool itself reported failure (as opposed to a protocol or connection error). */
  isError: boolean;
  durationMs: number;
}

export function mcpToolName(server: string, tool: string): string {
  return `mcp__${server}__${tool}`;
}
