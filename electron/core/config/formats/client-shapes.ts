/**
 * Each client's spelling of an entry and of its file. The export pipeline (./export.ts)
 * has already chosen the fields a client reads and rewritten variables; this renames them
 * (Windsurf's `serverUrl`, Cline's `streamableHttp`, Gemini's `excludeTools`, Codex's
 * snake_case keys, Continue's `requestOptions`) and serializes the file: JSON, TOML for
 * Codex, YAML for Continue.
 */
import { stringify as toToml } from 'smol-toml';
import { stringify as toYaml } from 'yaml';
import type { ExportFormat } from '../../../../shared/api/transfer';
import type { TransportType } from '../../../../shared/config/server-config';
import type { ClientFormat } from './client-fields';
import { asObject } from './variables';

export interface ShapeInput {
  name: string;
  record: Record<string, unknown>;
  /** The transport the file should say, after any SSE fallback seen here was taken into account. */
  transport: TransportType;
  /** A URL-only entry the client itself reads as "Streamable HTTP, else SSE". */
  inferred: boolean;
  /** Our OAuth settings, already cut to what the client takes. */
  oauth?: Record<string, unknown>;
  warn: (text: string) => void;
}

function moveKey(record: Record<string, unknown>, from: string, to: string): void {
  if (record[from] === undefined) return;
  record[to] = record[from];
  delete record[from];
}

/** Codex reads no variables: a header that is only `${VAR}` goes to env_http_headers, a bearer one to bearer_token_env_var. */
function codexHeaders(record: Record<string, unknown>): void {
  const headers = asObject(record.headers);
  delete record.headers;
  if (!headers) return;
  const literal: Record<string, string> = {};
  const fromEnv: Record<string, string> = { ...((asObject(record.env_http_headers) as Record<string, string> | undefined) ?? {}) };
  for (const [header, value] of Object.entries(headers)) {
    if (typeof value !== 'string') continue;
    const bearer = /^Bearer \$\{([A-Za-z_][A-Za-z0-9_]*)\}$/.exec(value);
    const whole = /^\$\{([A-Za-z_][A-Za-z0-9_]*)\}$/.exec(value);
    if (bearer && header.toLowerCase() === 'authorization' && record.bearer_token_env_var === undefined) record.bearer_token_env_var = bearer[1];
    else if (whole) fromEnv[header] = whole[1]!;
    else literal[header] = value;
  }
  if (Object.keys(literal).length > 0) record.http_headers = literal;
  if (Object.keys(fromEnv).length > 0) record.env_http_headers = fromEnv;
  else delete record.env_http_headers;
}

/** Codex passes an env var through by name (`env_vars`), but expands nothing in `env`. */
function codexEnv(record: Record<string, unknown>): void {
  const env = asObject(record.env);
  if (!env) return;
  const kept: Record<string, unknown> = {};
  const passed = new Set<string>(Array.isArray(record.env_vars) ? (record.env_vars as string[]) : []);
  for (const [key, value] of Object.entries(env)) {
    if (value === `\${${key}}`) passed.add(key);
    else kept[key] = value;
  }
  if (Object.keys(kept).length > 0) record.env = kept;
  else delete record.env;
  if (passed.size > 0) record.env_vars = [...passed];
}

/** One entry in the client's spelling. */
export function shapeEntry(format: ClientFormat, input: ShapeInput): Record<string, unknown> {
  const record = { ...input.record };
  const { transport, oauth } = input;
  const remote = transport !== 'stdio';
  switch (format) {
    case 'claude-code':
      return { ...(remote ? { type: transport } : {}), ...record, ...(oauth ? { oauth } : {}) };
    case 'claude-desktop':
      return record;
    case 'cursor': {
      // Cursor reads a bare URL as Streamable HTTP (then SSE); SSE is written out.
      const out: Record<string, unknown> = { ...(transport === 'sse' ? { type: 'sse' } : {}), ...record };
      // Cursor's static OAuth: "auth": { "CLIENT_ID", "CLIENT_SECRET", "scopes" }, and only with a client ID.
      if (oauth && typeof oauth.clientId === 'string') {
        out.auth = {
          CLIENT_ID: oauth.clientId,
          ...(oauth.clientSecret !== undefined ? { CLIENT_SECRET: oauth.clientSecret } : {}),
          ...(oauth.scopes !== undefined ? { scopes: oauth.scopes } : {}),
        };
      } else if (oauth) input.warn(`"${input.name}": Cursor takes OAuth settings only with a client ID (auth.CLIENT_ID); ${Object.keys(oauth).map((k) => `oauth.${k}`).join(', ')} left out.`);
      return out;
    }
    case 'vscode':
      return { type: transport, ...record };
    case 'windsurf':
      if (transport === 'sse') input.warn(`"${input.name}": Windsurf's file has no transport field: it is written as serverUrl, and Windsurf works out the transport when it connects.`);
      moveKey(record, 'url', 'serverUrl');
      return record;
    case 'cline':
      // Cline reads a URL without a type as SSE, so the type is always written.
      return { type: transport === 'http' ? 'streamableHttp' : transport, ...record };
    case 'zed':
      return remote ? record : { source: 'custom', ...record };
    case 'gemini': {
      // Gemini CLI reads a `url` without `type` as Streamable HTTP, then SSE (packages/core/src/tools/mcp-client.ts).
      const out: Record<string, unknown> = { ...record, ...(remote && !input.inferred ? { type: transport } : {}) };
      moveKey(out, 'disabledTools', 'excludeTools');
      if (oauth) out.oauth = oauth;
      return out;
    }
    case 'codex':
      codexEnv(record);
      codexHeaders(record);
      moveKey(record, 'disabledTools', 'disabled_tools');
      return record;
    case 'continue': {
      const { headers, ...rest } = record;
      // Continue tries Streamable HTTP, then SSE, for a URL without a type.
      const type = !remote ? 'stdio' : input.inferred ? undefined : transport === 'http' ? 'streamable-http' : 'sse';
      return { name: input.name, ...(type ? { type } : {}), ...rest, ...(headers !== undefined ? { requestOptions: { headers } } : {}) };
    }
  }
}

export const FILE_NAMES: Record<ExportFormat, string> = {
  'mcp-servers': 'mcp-servers.json',
  'claude-code': '.mcp.json',
  'claude-desktop': 'claude_desktop_config.json',
  cursor: 'mcp.json',
  vscode: 'mcp.json',
  windsurf: 'mcp_config.json',
  cline: 'cline_mcp_settings.json',
  zed: 'settings.json',
  gemini: 'settings.json',
  codex: 'config.toml',
  continue: 'mcp-servers.yaml',
};

export const CLIENT_NAMES: Record<ExportFormat, string> = {
  'mcp-servers': 'the other client',
  'claude-code': 'Claude Code',
  'claude-desktop': 'Claude Desktop',
  cursor: 'Cursor',
  vscode: 'VS Code',
  windsurf: 'Windsurf',
  cline: 'Cline',
  zed: 'Zed',
  gemini: 'Gemini CLI',
  codex: 'Codex',
  continue: 'Continue',
};

/** The whole file's text. `servers` is in the order the user chose. */
export function fileText(format: ExportFormat, servers: Array<[string, Record<string, unknown>]>, inputs: unknown[]): string {
  const map = Object.fromEntries(servers);
  switch (format) {
    case 'vscode':
      return json({ ...(inputs.length > 0 ? { inputs } : {}), servers: map });
    case 'zed':
      // The part of Zed's settings.json that holds servers: merge it into yours.
      return json({ context_servers: map });
    case 'codex':
      return `${toToml({ mcp_servers: map })}\n`;
    case 'continue':
      // A block file for .continue/mcpServers/, in Continue's config-yaml schema v1.
      return toYaml({ name: 'MCP Workbench servers', version: '0.0.1', schema: 'v1', mcpServers: servers.map(([, entry]) => entry) });
    default:
      return json({ mcpServers: map });
  }
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
