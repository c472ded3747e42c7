/**
 * Clients whose files are not plain `mcpServers` JSON:
 *
 * - Zed `settings.json`: `context_servers`, entries `{command, args, env}` or the older
 *   `{command: {path, args, env}}`, remote ones `{url, headers}`.
 * - Gemini CLI `~/.gemini/settings.json`: `mcpServers` where `httpUrl` is streamable HTTP,
 *   `url` with `type` is that transport and `url` alone is Streamable HTTP that falls back to
 *   SSE; `excludeTools` are tools switched off; `timeout` is the call timeout (ms); `$VAR`
 *   is expanded like `${VAR}`.
 * - Codex `~/.codex/config.toml`: `[mcp_servers.<name>]` tables with command, args, env,
 *   cwd, or url with `bearer_token_env_var` / `http_headers`; `enabled`, timeouts in
 *   seconds, `disabled_tools`.
 *
 * - Continue's YAML (`config.yaml`, or a block in `.continue/mcpServers/`): `mcpServers` is
 *   a list of entries with a `name`; `type` is stdio, sse or streamable-http (none: HTTP,
 *   then SSE); headers sit in `requestOptions`; `${{ secrets.NAME }}` is a variable.
 *
 * Each becomes our shape; fields without a counterpart are kept as written.
 */
import { parse as parseToml } from 'smol-toml';
import { parse as parseYaml } from 'yaml';
import { entriesFromMap, parseMcpServers } from './parse-mcp-servers';
import { SourceError, type ParseContext, type ParsedSource } from './types';
import { asObject, fromContinueVariables, fromGeminiVariables, mapConfigStrings } from './variables';

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
  const entries = entriesFromMap(converted, ctx, warnings).map((entry) => {
    const problem = zedExtensionProblem(asObject(servers[entry.key]));
    return problem ? { ...entry, problem } : entry;
  });
  return { format: 'Zed settings.json', entries, inputs: [], warnings: [...warnings] };
}

/**
 * A server a Zed extension provides: Zed's file holds only the extension's settings
 * (`"source": "extension"`, or `settings` and no command), and the extension knows how to
 * start it. Said in those words, instead of "Command is required".
 */
function zedExtensionProblem(entry: Record<string, unknown> | undefined): string | undefined {
  if (!entry) return undefined;
  const fromExtension = entry.source === 'extension' || (entry.command === undefined && entry.url === undefined && entry.settings !== undefined);
  if (!fromExtension) return undefined;
  return 'This server comes from a Zed extension: Zed\'s settings hold only the extension\'s settings, and the extension knows the command that starts it. Add the server here with the command from the extension\'s documentation (or its package\'s README).';
}

export function parseGemini(value: Record<string, unknown>, ctx: ParseContext): ParsedSource {
  const servers = asObject(value.mcpServers) ?? {};
  const warnings = new Set<string>();
  const converted = mapEntries(servers, (entry) => {
    const out: Record<string, unknown> = mapConfigStrings({ ...entry }, fromGeminiVariables);
    if (typeof out.httpUrl === 'string') {
      Object.assign(out, { type: 'http', url: out.httpUrl });
      delete out.httpUrl;
    } else if (typeof out.url === 'string' && out.type === undefined) {
      // No type: Gemini CLI tries Streamable HTTP, then SSE (connectToMcpServer in packages/core/src/tools/mcp-client.ts, 0.56.0-nightly.20260806).
      Object.assign(out, { type: 'http', typeInferred: true });
    }
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

/** Continue's YAML: a config.yaml or a block file, each with an `mcpServers` list. */
export function parseContinueYaml(text: string, ctx: ParseContext): ParsedSource {
  let value: unknown;
  try {
    value = parseYaml(text);
  } catch (error) {
    throw new SourceError(`The Continue config does not parse as YAML: ${(error as Error).message.split('\n')[0]}`);
  }
  const list = asObject(value)?.mcpServers;
  if (!Array.isArray(list)) throw new SourceError('A Continue config needs an "mcpServers" list.');
  const warnings = new Set<string>();
  const map: Record<string, unknown> = {};
  for (const [index, item] of list.entries()) {
    const entry = asObject(item);
    const name = typeof entry?.name === 'string' && entry.name.trim() !== '' ? entry.name : `server-${index + 1}`;
    if (!entry) {
      map[name] = item;
      continue;
    }
    const { name: _name, requestOptions, connectionTimeout, type, ...rest } = entry;
    void _name;
    const out: Record<string, unknown> = { ...rest };
    if (type === 'streamable-http') out.type = 'http';
    else if (type !== undefined) out.type = type;
    const options = asObject(requestOptions);
    if (options?.headers !== undefined) out.headers = options.headers;
    const otherOptions = Object.keys(options ?? {}).filter((key) => key !== 'headers');
    if (otherOptions.length > 0) {
      out.requestOptions = Object.fromEntries(otherOptions.map((key) => [key, options![key]]));
      warnings.add(`"${name}": requestOptions ${otherOptions.join(', ')} ${otherOptions.length === 1 ? 'is' : 'are'} kept but not used (only its headers are).`);
    }
    if (typeof connectionTimeout === 'number' && connectionTimeout > 0) out.connectTimeoutMs = Math.round(connectionTimeout);
    map[name] = mapConfigStrings(out, fromContinueVariables);
  }
  if (/\$\{\{\s*(?:secrets|inputs)\./.test(text)) warnings.add("Continue's ${{ secrets.NAME }} and ${{ inputs.NAME }} became ${NAME}, read from the environment when the server starts: set them there.");
  return { format: 'Continue config (YAML)', entries: entriesFromMap(map, ctx, warnings), inputs: [], warnings: [...warnings] };
}

/**
 * Cline's cline_mcp_settings.json: `mcpServers`, with `timeout` the call timeout in seconds
 * (at least 1, 60 when absent: src/services/mcp/schemas.ts in cline/cline).
 */
export function parseCline(value: Record<string, unknown>, ctx: ParseContext): ParsedSource {
  const source = parseMcpServers(value, ctx, 'Cline cline_mcp_settings.json');
  const entries = source.entries.map((entry) => {
    const raw = asObject(entry.raw);
    if (!raw || typeof raw.timeout !== 'number' || raw.timeout <= 0) return entry;
    const { timeout, ...rest } = raw;
    return { ...entry, raw: { ...rest, callTimeoutMs: Math.round((timeout as number) * 1000) } };
  });
  return { ...source, entries };
}
