/**
 * Clients whose files are not plain `mcpServers` JSON:
 *
 * - Zed `settings.json`: `context_servers`, entries `{command, args, env}` or the older
 *   `{command: {path, args, env}}`, remote ones `{url, headers}`.
 * - Gemini CLI `~/.gemini/settings.json`: `mcpServers` where `httpUrl` is streamable HTTP
 *   and `url` is SSE; `excludeTools` are tools switched off; `timeout` is the call timeout (ms).
 * - Codex `~/.codex/config.toml`: `[mcp_servers.<name>]` tables with command, args, env,
 *   cwd, or url with `bearer_token_env_var` / `http_headers`; `enabled`, timeouts in
 *   seconds, `disabled_tools`.
 *
 * Each becomes our shape; fields without a counterpart are kept as written.
 */
import { parse as parseToml } from 'smol-toml';
import { entriesFromMap } from './parse-mcp-servers';
import { SourceError, type ParseContext, type ParsedSource } from './types';
import { asObject } from './variables';

function mapEntries(map: Record<string, unknown>, convert: (entry: Record<string, unknown>) => Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(map).map(([key, value]) => [key, asObject(value) ? convert(asObject(value)!) : value]));
}

export function parseZed(value: Record<string, unknown>, ctx: ParseContext): ParsedSource {
  const servers = asObject(value.context_servers) ?? {};
  const warnings = new Set<string>();
  const converted = mapEntries(servers, (entry) => {
    const out = { ...entry };
    const command = asObject(entry.command);
    if (command) {
      delete out.command;
      Object.assign(out, { command: command.path, ...(command.args !== undefined ? { args: command.args } : {}), ...(command.env !== undefined ? { env: command.env } : {}) });
    }
    // `source: "custom"` only tells Zed it is not an extension's server.
    if (out.source === 'custom') delete out.source;
    return out;
  });
  return { format: 'Zed settings.json', entries: entriesFromMap(converted, ctx, warnings), inputs: [], warnings: [...warnings] };
}

export function parseGemini(value: Record<string, unknown>, ctx: ParseContext): ParsedSource {
  const servers = asObject(value.mcpServers) ?? {};
  const warnings = new Set<string>();
  const converted = mapEntries(servers, (entry) => {
    const out: Record<string, unknown> = { ...entry };
    if (typeof entry.httpUrl === 'string') {
      delete out.httpUrl;
      Object.assign(out, { type: 'http', url: entry.httpUrl });
    } else if (typeof entry.url === 'string' && entry.type === undefined) out.type = 'sse';
    if (Array.isArray(entry.excludeTools)) {
      delete out.excludeTools;
      out.disabledTools = entry.excludeTools;
    }
    if (typeof entry.timeout === 'number' && entry.timeout > 0) {
      delete out.timeout;
      out.callTimeoutMs = Math.round(entry.timeout);
    }
    return out;
  });
  return { format: 'Gemini CLI settings.json', entries: entriesFromMap(converted, ctx, warnings), inputs: [], warnings: [...warnings] };
}

export function parseCodexToml(text: string, ctx: ParseContext): ParsedSource {
  let value: Record<string, unknown>;
  try {
    value = parseToml(text) as Record<string, unknown>;
  } catch (error) {
    throw new SourceError(`The Codex config does not parse as TOML: ${(error as Error).message.split('\n')[0]}`);
  }
  const servers = asObject(value.mcp_servers) ?? {};
  const warnings = new Set<string>();
  const converted = mapEntries(servers, (entry) => {
    const out: Record<string, unknown> = { ...entry };
    const move = (from: string, to: string, fn: (v: unknown) => unknown = (v) => v) => {
      if (entry[from] === undefined) return;
      delete out[from];
      out[to] = fn(entry[from]);
    };
    if (typeof entry.url === 'string' && entry.command === undefined) out.type = 'http';
    move('http_headers', 'headers');
    if (typeof entry.bearer_token_env_var === 'string') {
      delete out.bearer_token_env_var;
      out.headers = { ...(asObject(out.headers) ?? {}), Authorization: `Bearer \${${entry.bearer_token_env_var}}` };
    }
    move('startup_timeout_sec', 'connectTimeoutMs', (v) => (typeof v === 'number' ? Math.round(v * 1000) : v));
    move('tool_timeout_sec', 'callTimeoutMs', (v) => (typeof v === 'number' ? Math.round(v * 1000) : v));
    move('disabled_tools', 'disabledTools');
    if (entry.enabled === false) out.enabled = false;
    else delete out.enabled;
    return out;
  });
  return { format: 'Codex config.toml', entries: entriesFromMap(converted, ctx, warnings), inputs: [], warnings: [...warnings] };
}
