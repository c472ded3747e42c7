/** Domain types shared by every part of the product. */
import type { ConfigScope } from './config/scopes';
import type { ServerConfig, ServerName } from './config/server-config';
import type { FailureKind } from './envelope';

export type ConnectionStatus = 'disconnected' | 'pending' | 'connected' | 'failed' | 'needs-auth' | 'disabled';

interface ServerInfo {
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
  /** What kind of failure `error` is (a timeout, sign-in needed, …), to act on without reading it. */
  errorKind?: FailureKind;
  /** The last lines the server wrote to stderr before it failed. */
  stderrTail?: string[];
  /** How a stdio server's process ended, when it ended on its own. */
  exit?: ProcessExit;
  serverInfo?: ServerInfo;
  instructions?: string;
  capabilities?: Record<string, unknown>;
  /** The MCP protocol version agreed at connect (initialize, or server/discover). */
  protocolVersion?: string;
  /** The protocol era of the connection: `legacy` (2025, initialize) or `modern` (2026-07-28 on). */
  protocolEra?: 'legacy' | 'modern';
  /** How the era was settled: detected now, taken from the last detection, or set in the entry. */
  protocolSource?: 'detected' | 'remembered' | 'configured';
  /** How the transport differs from the entry's, e.g. a URL-only entry reached over SSE because the server refused Streamable HTTP. */
  transportNote?: string;
  /** When the server entered this state (epoch ms). */
  since?: number;
  /**
   * A remote server that went away is tried again in the background, a little later each
   * time: set while the next try waits (status `failed`), so the row can say "retrying in 8 s".
   * Disconnect or switching the server off stops it.
   */
  retry?: ReconnectRetry;
  /** The scope the entry in use comes from (always set by listServers). */
  scope?: ConfigScope;
  /** Lower-precedence scopes that also define this name: this entry hides theirs. */
  shadows?: ConfigScope[];
  /** stdio: where the command was found, or why it cannot be launched. */
  launch?: LaunchInfo;
  /** Project servers (`.mcp.json`): what you decided about this exact entry, and what Claude Code's settings say. */
  approval?: ProjectServerApproval;
  /**
   * The open project's `.mcp.json` has an entry of this name too, which is not used: it
   * would hide your own entry, and you have not approved it. Approving it lets it take the name.
   */
  heldProjectEntry?: { config: ServerConfig; approval: ProjectServerApproval };
}

export interface ReconnectRetry {
  /** Which try comes next (1 for the first). */
  attempt: number;
  /** How many tries there are before it gives up. */
  of: number;
  /** When it comes (epoch ms). */
  at: number;
}

export type ApprovalDecision = 'approved' | 'denied';

export interface ProjectServerApproval {
  /** Approved: connects like any server; denied: never connects; absent: starts only once you approve it (you are asked when something needs it). */
  decision?: ApprovalDecision;
  /** No decision for this entry, but one for an earlier version of it: it changed since you decided. */
  changed?: boolean;
  /** Claude Code's decision (`enabledMcpjsonServers`, …) and the file it comes from, as the user reads it ("your ~/.claude.json"); only the user's own files approve. */
  claudeCode?: { decision: ApprovalDecision; source: string };
}

export interface LaunchInfo {
  commandPath?: string;
  problem?: string;
}

export interface ProcessExit {
  code: number | null;
  signal: string | null;
}

export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/** An icon a server offers for a tool (MCP `icons`). Only `data:` icons are shown: see README. */
export interface ToolIcon {
  src: string;
  mimeType?: string;
  sizes?: string[];
  theme?: 'light' | 'dark';
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
  icons?: ToolIcon[];
  /** How the tool may be run: `taskSupport: "required"` means only as a task (tools/call with task augmentation). */
  execution?: { taskSupport?: 'forbidden' | 'optional' | 'required' };
  /**
   * Set when the tool cannot be called: on MCP 2026-07-28 over Streamable HTTP its
   * `x-mcp-header` annotations break SEP-2243's rules (why, in the SDK's words). Clients
   * must leave such a tool out; the workbench shows it, struck out, and never calls it.
   */
  excludedReason?: string;
  /** MCP Apps (`_meta.ui`): the `ui://` resource that shows the tool's app, and who may call the tool. */
  ui?: ToolUi;
}

export interface ToolUi {
  resourceUri?: string;
  /** Absent: both. `["app"]` alone: hidden from the tool list, callable only by its server's apps. */
  visibility?: ('model' | 'app')[];
}

/** One block of a tool result, as the MCP spec defines it (kept open for new kinds). */
export type ContentBlock =
  | { type: 'text'; text: string }
  | { type: 'image'; data: string; mimeType: string }
  | { type: 'audio'; data: string; mimeType: string }
  | { type: 'resource_link'; uri: string; name?: string; title?: string; description?: string; mimeType?: string; size?: number }
  | { type: 'resource'; resource: { uri: string; mimeType?: string; text?: string; blob?: string } }
  | { type: string; [key: string]: unknown };

export interface ToolCallResult {
  content: ContentBlock[];
  structuredContent?: Record<string, unknown>;
  /** The tool itself reported failure (as opposed to a protocol or connection error). */
  isError: boolean;
  durationMs: number;
  /**
   * The result as the server sent it (its own fields, keys in its order, nothing added), for
   * the raw view; absent when its message was too long to keep (the raw view then shows the
   * fields above).
   */
  sent?: Record<string, unknown>;
}

export function mcpToolName(server: string, tool: string): string {
  return `mcp__${server}__${tool}`;
}
