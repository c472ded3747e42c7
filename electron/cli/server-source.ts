/**
 * Which servers a CLI run works with, when not the app's scopes: an ad-hoc server from
 * the command line (`--stdio "<command line>"`, or `--url` with `--transport` and
 * `--header`), or the servers of a file (`--config <file>`). Neither is ever written
 * anywhere: they are handed to the core as fixed servers for this run.
 */
import path from 'node:path';
import { isStdioConfig, ServerConfigSchema, ServerNameSchema, type ServerConfig, type ServerName } from '../../shared/config/server-config';
import type { FixedServers } from '../core/config/server-registry';
import { ShellSyntaxError, splitCommands } from '../../shared/config/shell-words';
import { cleanName, nameFromEntry, validNameFor } from '../core/config/formats/suggest-name';
import { mapConfigStrings } from '../core/config/formats/variables';
import { ADHOC_TRANSPORTS } from './adhoc-transports';
import { usageError } from './exit-codes';
import { splitPair } from './tool-arguments';


export interface AdhocOptions {
  stdio?: string;
  url?: string;
  transport?: string;
  header?: string[];
  env?: string[];
  name?: string;
}

export interface AdhocServer {
  name: ServerName;
  config: ServerConfig;
}

/** The ad-hoc server the options describe, or undefined when they describe none. */
export function adhocServer(options: AdhocOptions): AdhocServer | undefined {
  if (options.stdio !== undefined && options.url !== undefined) throw usageError('Give either --stdio or --url, not both.');
  if (options.url === undefined) {
    if (options.transport !== undefined) throw usageError('--transport goes with --url.');
    if (options.header?.length) throw usageError('--header goes with --url.');
  }
  if (options.stdio === undefined && options.env?.length) throw usageError('--env goes with --stdio.');
  if (options.stdio === undefined && options.url === undefined) {
    if (options.name !== undefined) throw usageError('--name names an ad-hoc server: give --stdio or --url with it.');
    return undefined;
  }
  const config = options.stdio !== undefined ? stdioConfig(options.stdio, options.env ?? []) : urlConfig(options.url!, options.transport, options.header ?? []);
  const valid = ServerConfigSchema.safeParse(config);
  if (!valid.success) {
    const issue = valid.error.issues[0];
    throw usageError(`The ad-hoc server is not valid: ${issue?.path.length ? `${issue.path.join('.')}: ` : ''}${issue?.message ?? 'invalid'}.`);
  }
  const name = options.name ?? adhocName(valid.data);
  const validName = ServerNameSchema.safeParse(name);
  if (!validName.success) throw usageError(`--name "${name}": ${validName.error.issues[0]?.message}.`);
  return { name, config: valid.data };
}

/** Runners whose first plain argument is the server itself (`node server.mjs`, `uvx mcp-server-git`). */
const RUNNERS = new Set(['node', 'nodejs', 'deno', 'bun', 'python', 'python3', 'npx', 'pnpx', 'uvx', 'uv', 'pipx', 'docker', 'bunx', 'tsx', 'ts-node']);

/** A name for an ad-hoc server: from its package, script or host, as imports name entries. */
function adhocName(config: ServerConfig): ServerName {
  const derived = nameFromEntry(config);
  if (!isStdioConfig(config)) {
    // `http://127.0.0.1:8080/mcp` gives no name of its own: its host and port say which it is.
    if (derived !== 'server' || !('url' in config)) return derived;
    const url = new URL(config.url);
    return cleanName(`${url.hostname === '127.0.0.1' || url.hostname === '[::1]' ? 'localhost' : url.hostname}-${url.port || url.protocol.replace(':', '')}`);
  }
  if (!RUNNERS.has(derived)) return derived;
  // `node /path/to/weather-server.mjs`: the script says more than the runner.
  const script = (config.args ?? []).find((arg) => !arg.startsWith('-') && arg !== 'run' && arg !== 'exec');
  return script ? cleanName(path.basename(script).replace(/\.(m?[jt]s|cjs|py)$/, '')) : derived;
}

/** A command line split the way a shell would, but run without one. */
function stdioConfig(commandLine: string, env: string[]): ServerConfig {
  let commands: string[][];
  try {
    commands = splitCommands(commandLine);
  } catch (error) {
    if (error instanceof ShellSyntaxError) throw usageError(`--stdio: ${error.message.replace('a pasted command', 'the command line')}`);
    throw error;
  }
  if (commands.length === 0) throw usageError('--stdio needs a command line, e.g. --stdio "npx -y @modelcontextprotocol/server-everything".');
  if (commands.length > 1) {
    throw usageError('--stdio takes one command: ";", "&&" and newlines are not run by a shell here.', 'Wrap it in a script, or give --stdio "sh -c \'…\'" if you really need a shell.');
  }
  const [command, ...args] = commands[0]!;
  return {
    command: command!,
    ...(args.length ? { args } : {}),
    ...(env.length ? { env: Object.fromEntries(env.map((pair) => splitPair(pair, '--env'))) } : {}),
  };
}

function urlConfig(url: string, transport: string | undefined, headers: string[]): ServerConfig {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw usageError(`--url "${url}" is not a URL.`, 'Give the whole address, e.g. --url http://127.0.0.1:3000/mcp.');
  }
  const websocket = parsed.protocol === 'ws:' || parsed.protocol === 'wss:';
  if (!websocket && parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw usageError(`--url "${url}": only http, https, ws and wss URLs can be MCP servers.`);
  }
  const type = transport ?? (websocket ? 'ws' : 'http');
  if (!(ADHOC_TRANSPORTS as readonly string[]).includes(type)) throw usageError(`--transport "${type}" is not one of ${ADHOC_TRANSPORTS.join(', ')}.`);
  if ((type === 'ws') !== websocket) {
    throw usageError(type === 'ws' ? `--transport ws needs a ws:// or wss:// URL, not "${url}".` : `A ${parsed.protocol}// URL is a WebSocket: use --transport ws (or leave --transport out).`);
  }
  return {
    type: type as 'http' | 'sse' | 'ws',
    url,
    // Without --transport, an http(s) URL is Streamable HTTP that may turn out to be SSE (the spec's fallback).
    ...(transport === undefined && type === 'http' ? { typeInferred: true } : {}),
    ...(headers.length ? { headers: Object.fromEntries(headers.map(parseHeader)) } : {}),
  };
}

/** `"Key: Value"` → [Key, Value]. */
function parseHeader(text: string): [string, string] {
  const at = text.indexOf(':');
  const name = at > 0 ? text.slice(0, at).trim() : '';
  if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) throw usageError(`--header "${text}" is not "Name: value".`, 'For example --header "Authorization: Bearer ${TOKEN}" (in single quotes, ${TOKEN} is filled in from the environment when connecting).');
  return [name, text.slice(at + 1).trim()];
}

/** The servers of an mcpServers file (also VS Code's `servers`), with what was skipped and why. */
export async function serversFromFile(file: string, cwd: string): Promise<{ fixed: FixedServers; skipped: string[] }> {
  const absolute = path.resolve(cwd, file);
  // `${workspaceFolder}` in an editor's config means the folder the config belongs to.
  const dir = path.dirname(absolute);
  const projectDir = ['.vscode', '.cursor'].includes(path.basename(dir)) ? path.dirname(dir) : dir;
  // The parsers of every client's format (YAML, TOML, JSONC) load only for a --config file.
  const { readSource } = await import('../core/config/transfer-service');
  const parsed = await readSource({ kind: 'file', path: absolute }, projectDir).catch((error: Error) => {
    throw usageError(`--config: ${error.message}`);
  });
  const entries: Array<[ServerName, ServerConfig]> = [];
  const skipped = [...parsed.warnings];
  for (const { key, raw } of parsed.entries) {
    const valid = ServerConfigSchema.safeParse(raw);
    if (!valid.success) {
      const issue = valid.error.issues[0];
      skipped.push(`"${key}" is skipped: ${issue?.path.length ? `${issue.path.join('.')}: ` : ''}${issue?.message ?? 'invalid entry'}.`);
      continue;
    }
    // VS Code asks for ${input:…} values itself; a terminal run has no one to ask.
    const inputs = [...new Set([...JSON.stringify(valid.data).matchAll(/\$\{input:([^}]+)\}/g)].map((m) => m[1]!))];
    if (inputs.length > 0) {
      const refs = inputs.map((id) => `\${input:${id}}`).join(', ');
      const example = inputs[0]!.replace(/[^A-Za-z0-9]+/g, '_').toUpperCase();
      skipped.push(
        `"${key}" is skipped: it uses ${refs}, which only VS Code asks for. In a copy of the file, write an environment variable in its place (e.g. \${${example}}) and set it, or import the file into the app, which asks for the value.`,
      );
      continue;
    }
    const name = validNameFor(key);
    if (name !== key) skipped.push(`"${key}" is not a valid server name; it is called "${name}" here.`);
    // A --config run has no open project: the file's folder is the one ${CLAUDE_PROJECT_DIR} names.
    entries.push([name, mapConfigStrings(valid.data as Record<string, unknown>, (value) => value.split('${CLAUDE_PROJECT_DIR}').join(projectDir)) as ServerConfig]);
  }
  if (parsed.entries.length === 0) skipped.push(`${absolute} has no servers (no "mcpServers" object).`);
  return { fixed: { source: absolute, entries }, skipped };
}
