/**
 * The fields each client reads in a server entry, by transport, from the clients'
 * documentation (the JSON Schemas in ./schemas say the same, and tests hold every export
 * to them). Names are ours; ./client-shapes.ts renames them to the client's spelling. An
 * export writes only these; anything else is listed to the user.
 */
import type { ExportFormat } from '../../../../shared/api/transfer';
import type { TransportType } from '../../../../shared/config/server-config';

export type ClientFormat = Exclude<ExportFormat, 'mcp-servers'>;

export const CLIENT_FIELDS: Record<ClientFormat, Partial<Record<TransportType, readonly string[]>>> = {
  'claude-code': {
    stdio: ['type', 'command', 'args', 'env'],
    http: ['type', 'url', 'headers', 'headersHelper', 'oauth'],
    sse: ['type', 'url', 'headers', 'headersHelper', 'oauth'],
    ws: ['type', 'url', 'headers', 'headersHelper'],
  },
  'claude-desktop': { stdio: ['command', 'args', 'env'] },
  cursor: { stdio: ['type', 'command', 'args', 'env', 'envFile'], http: ['type', 'url', 'headers', 'auth'], sse: ['type', 'url', 'headers', 'auth'] },
  vscode: { stdio: ['type', 'command', 'args', 'env', 'envFile', 'cwd', 'dev'], http: ['type', 'url', 'headers', 'dev'], sse: ['type', 'url', 'headers', 'dev'] },
  // Windsurf: `serverUrl` for remote servers, whichever transport; `disabled` and `disabledTools` as its MCP panel writes them.
  windsurf: { stdio: ['command', 'args', 'env', 'disabledTools'], http: ['url', 'headers', 'disabledTools'], sse: ['url', 'headers', 'disabledTools'] },
  // Cline (src/services/mcp/schemas.ts): stdio, sse and streamableHttp, each with `type`; `timeout` in seconds.
  cline: { stdio: ['type', 'command', 'args', 'env', 'cwd'], http: ['type', 'url', 'headers'], sse: ['type', 'url', 'headers'] },
  // Zed's context_servers: a custom command, or a remote server's url and headers.
  zed: { stdio: ['command', 'args', 'env'], http: ['url', 'headers'] },
  // Gemini CLI (packages/core/src/config/config.ts, MCPServerConfig).
  gemini: {
    stdio: ['command', 'args', 'env', 'cwd', 'disabledTools'],
    http: ['type', 'url', 'headers', 'disabledTools'],
    sse: ['type', 'url', 'headers', 'disabledTools'],
  },
  // Codex's [mcp_servers.<name>] tables: stdio and Streamable HTTP only.
  codex: { stdio: ['command', 'args', 'env', 'env_vars', 'cwd', 'disabledTools'], http: ['url', 'headers', 'env_http_headers', 'disabledTools'] },
  // Continue's YAML blocks (packages/config-yaml/src/schemas/mcp/index.ts).
  continue: { stdio: ['type', 'command', 'args', 'env', 'cwd'], http: ['type', 'url', 'headers'], sse: ['type', 'url', 'headers'] },
};

/** The OAuth settings each client can be given in its file. */
export const CLIENT_OAUTH_FIELDS: Record<ClientFormat, readonly string[]> = {
  'claude-code': ['clientId', 'callbackPort'],
  'claude-desktop': [],
  cursor: ['clientId', 'clientSecret', 'scopes'],
  vscode: [],
  windsurf: [],
  cline: [],
  zed: [],
  gemini: ['clientId', 'clientSecret', 'scopes'],
  codex: [],
  continue: [],
};

/** Clients whose file can hold a switched-off server, and how it says so. */
export const CLIENT_SWITCH_OFF: Partial<Record<ClientFormat, (record: Record<string, unknown>) => void>> = {
  windsurf: (record) => (record.disabled = true),
  cline: (record) => (record.disabled = true),
  codex: (record) => (record.enabled = false),
};

/**
 * Where a client keeps our per-server timeouts: which of ours, under which name, and in
 * which unit. A client without an entry here has no per-server timeout.
 */
export const CLIENT_TIMEOUTS: Partial<Record<ClientFormat, { connect?: string; call?: string; unit: 'ms' | 's' }>> = {
  codex: { connect: 'startup_timeout_sec', call: 'tool_timeout_sec', unit: 's' },
  gemini: { call: 'timeout', unit: 'ms' },
  cline: { call: 'timeout', unit: 's' },
  continue: { connect: 'connectionTimeout', unit: 'ms' },
};

/** How a client writes `${VAR}`: its own syntax, or not at all (the value reaches the server as written). */
export type VariableSyntax = 'ours' | 'editor' | 'continue' | 'none';

export const CLIENT_VARIABLES: Record<ClientFormat, VariableSyntax> = {
  'claude-code': 'ours',
  'claude-desktop': 'none',
  cursor: 'editor',
  vscode: 'editor',
  windsurf: 'editor',
  cline: 'none',
  zed: 'none',
  // Gemini CLI expands $VAR, ${VAR} and ${VAR:-default} in its whole settings file (packages/cli/src/utils/envVarResolver.ts).
  gemini: 'ours',
  codex: 'none',
  continue: 'continue',
};

/** Clients that keep a URL-only entry's "Streamable HTTP, else SSE" reading; the others pin one transport. */
export const CLIENT_INFERS_TRANSPORT: ReadonlySet<ClientFormat> = new Set(['cursor', 'windsurf', 'gemini', 'continue']);
