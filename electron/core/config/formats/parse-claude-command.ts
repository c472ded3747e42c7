/**
 * `claude mcp add …` and `claude mcp add-json …` command lines, as Claude Code's docs
 * write them:
 *
 *   claude mcp add [options] <name> -- <command> [args...]
 *   claude mcp add --transport http|sse [options] <name> <url>
 *   claude mcp add-json [-s scope] <name> '<json>'
 *
 * Options: -t/--transport stdio|sse|http, -s/--scope local|user|project, -e/--env KEY=value
 * (repeatable), -H/--header "Name: value" (repeatable), --client-id, --client-secret,
 * --callback-port. Options may stand before or after the name; `--` ends them, and
 * everything after it is positional (the name may follow it too). As in Claude Code,
 * `MCP_CLIENT_SECRET=… claude mcp add … --client-secret` gives the OAuth client secret,
 * and without -s the scope is local.
 */
import type { ConfigScope } from '../../../../shared/config/scopes';
import { CONFIG_SCOPES } from '../../../../shared/config/scopes';
import { parseJsonText } from '../json-text';
import { splitCommandLines } from '../../../../shared/config/shell-words';
import { asObject, normalizeTransport } from './variables';
import { SourceError, type ParsedSource, type SourceEntry } from './types';

const ENV_ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;
const HEADER = /^[^:\s]+:/;
const URL_LIKE = /^(https?|wss?):\/\//i;
/** Where Claude Code reads the OAuth client secret from, instead of asking for it. */
const CLIENT_SECRET_VARIABLE = 'MCP_CLIENT_SECRET';

export function looksLikeClaudeCommand(text: string): boolean {
  return /^\s*(\$\s*)?([A-Za-z_][A-Za-z0-9_]*=\S*\s+)*claude\s+mcp\s+add/.test(text);
}

export function parseClaudeCommands(text: string): ParsedSource {
  let split: ReturnType<typeof splitCommandLines>;
  try {
    split = splitCommandLines(text);
  } catch (error) {
    throw new SourceError((error as Error).message);
  }
  const commands = split.commands;
  const entries: SourceEntry[] = [];
  const warnings: string[] = [...split.notes];
  if (split.windows) warnings.push('Read as a Windows command line: backslashes in paths are kept as written.');
  let suggestedScope: ConfigScope | undefined;
  let fromDesktop = false;
  for (const all of commands) {
    // `MCP_CLIENT_SECRET=… claude mcp add …`: assignments for Claude Code's own environment.
    const assignments: Record<string, string> = {};
    let start = all[0] === '$' ? 1 : 0;
    while (start < all.length && ENV_ASSIGNMENT.test(all[start]!)) {
      const word = all[start++]!;
      assignments[word.slice(0, word.indexOf('='))] = word.slice(word.indexOf('=') + 1);
    }
    for (const name of Object.keys(assignments)) {
      if (name !== CLIENT_SECRET_VARIABLE) warnings.push(`${name}=… is set for Claude Code itself, not for the server; it is not imported.`);
    }
    const words = all.slice(start);
    const sub = words[2] ?? '';
    if (words[0] !== 'claude' || words[1] !== 'mcp' || !['add', 'add-json', 'add-from-claude-desktop'].includes(sub)) {
      throw new SourceError(`Expected "claude mcp add …" or "claude mcp add-json …", found "${words.slice(0, 4).join(' ')}".`);
    }
    const clientSecret = assignments[CLIENT_SECRET_VARIABLE];
    if (sub === 'add-from-claude-desktop') {
      fromDesktop = true;
      warnings.push('"claude mcp add-from-claude-desktop" copies the servers of Claude Desktop: choose "Claude Desktop" in Import (Choose another source) to do the same here.');
      continue;
    }
    const parsed = sub === 'add' ? parseAdd(words.slice(3), warnings, clientSecret) : parseAddJson(words.slice(3), warnings, clientSecret);
    entries.push(parsed.entry);
    // Without -s, Claude Code adds to the local scope (this project, this user).
    suggestedScope ??= parsed.scope ?? 'local';
  }
  if (entries.length === 0 && fromDesktop) return { format: 'claude mcp command', entries, inputs: [], warnings, openSource: 'claude-desktop' };
  if (entries.length === 0) throw new SourceError('No command found.');
  return { format: entries.length === 1 ? 'claude mcp add command' : 'claude mcp add commands', entries, inputs: [], warnings, ...(suggestedScope ? { suggestedScope } : {}), ...(fromDesktop ? { openSource: 'claude-desktop' } : {}) };
}

const CLIENT_SECRET_PROMPT = `--client-secret without ${CLIENT_SECRET_VARIABLE}=… asks for the secret interactively: enter it in the server form (OAuth section) after importing.`;

interface Parsed {
  entry: SourceEntry;
  scope?: ConfigScope;
}

function scopeOf(value: string | undefined): ConfigScope {
  if (value && (CONFIG_SCOPES as readonly string[]).includes(value)) return value as ConfigScope;
  throw new SourceError(`--scope must be local, user or project, not "${value ?? ''}".`);
}

/** `--opt=value` or `--opt value`. */
function takeValue(words: string[], i: number, inline: string | undefined, option: string): [string, number] {
  if (inline !== undefined) return [inline, i];
  const value = words[i + 1];
  if (value === undefined) throw new SourceError(`${option} needs a value.`);
  return [value, i + 1];
}

function parseAdd(words: string[], warnings: string[], clientSecret: string | undefined): Parsed {
  const positional: string[] = [];
  const env: Record<string, string> = {};
  const headers: Record<string, string> = {};
  const oauth: Record<string, unknown> = {};
  let transport: string | undefined;
  let scope: ConfigScope | undefined;
  let rest: string[] | undefined;

  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (word === '--') {
      rest = words.slice(i + 1);
      break;
    }
    if (!word.startsWith('-') || word === '-') {
      positional.push(word);
      continue;
    }
    const eq = word.startsWith('--') ? word.indexOf('=') : -1;
    const option = eq === -1 ? word : word.slice(0, eq);
    const inline = eq === -1 ? undefined : word.slice(eq + 1);
    switch (option) {
      case '-t':
      case '--transport': {
        [transport, i] = takeValue(words, i, inline, option);
        if (!['stdio', 'sse', 'http'].includes(transport)) throw new SourceError(`--transport must be stdio, sse or http, not "${transport}".`);
        break;
      }
      case '-s':
      case '--scope': {
        let value: string;
        [value, i] = takeValue(words, i, inline, option);
        scope = scopeOf(value);
        break;
      }
      case '-e':
      case '--env': {
        // Repeatable, and like Claude Code's it takes several values: every following KEY=value.
        let value: string;
        [value, i] = takeValue(words, i, inline, option);
        const values = [value];
        while (inline === undefined && words[i + 1] !== undefined && ENV_ASSIGNMENT.test(words[i + 1]!)) values.push(words[++i]!);
        for (const assignment of values) {
          const cut = assignment.indexOf('=');
          if (cut <= 0) throw new SourceError(`${option} takes KEY=value, not "${assignment}".`);
          env[assignment.slice(0, cut)] = assignment.slice(cut + 1);
        }
        break;
      }
      case '-H':
      case '--header': {
        let value: string;
        [value, i] = takeValue(words, i, inline, option);
        const values = [value];
        while (inline === undefined && words[i + 1] !== undefined && HEADER.test(words[i + 1]!) && !URL_LIKE.test(words[i + 1]!)) values.push(words[++i]!);
        for (const header of values) {
          const cut = header.indexOf(':');
          if (cut <= 0) throw new SourceError(`${option} takes "Name: value", not "${header}".`);
          headers[header.slice(0, cut).trim()] = header.slice(cut + 1).trim();
        }
        break;
      }
      case '--client-id':
        [oauth.clientId, i] = takeValue(words, i, inline, option);
        break;
      case '--callback-port': {
        let value: string;
        [value, i] = takeValue(words, i, inline, option);
        const port = Number(value);
        if (!Number.isInteger(port) || port < 1 || port > 65535) throw new SourceError(`--callback-port must be a port number, not "${value}".`);
        oauth.callbackPort = port;
        break;
      }
      case '--client-secret':
        if (clientSecret !== undefined) oauth.clientSecret = clientSecret;
        else warnings.push(CLIENT_SECRET_PROMPT);
        break;
      default:
        throw new SourceError(`Unknown option "${word}". If it belongs to the server's command, put "--" before the command: claude mcp add <name> -- <command> [args...]`);
    }
  }

  // After `--` the words are still positional: `-- name cmd …` is as valid as `name -- cmd …`.
  const [name, target, ...args] = [...positional, ...(rest ?? [])];
  if (!name) throw new SourceError('The command has no server name: claude mcp add <name> …');
  if (target === undefined) throw new SourceError(`"${name}" has no command or URL.`);

  if (!transport && URL_LIKE.test(target) && args.length === 0) {
    transport = /\/sse\/?$/.test(target) ? 'sse' : 'http';
    warnings.push(`"${name}": no --transport was given for a URL; taken as ${transport}.`);
  }
  const withOauth = Object.keys(oauth).length > 0 ? { oauth } : {};
  if (transport === 'sse' || transport === 'http') {
    if (args.length > 0) throw new SourceError(`"${name}": a ${transport} server takes a URL and no arguments (found "${args.join(' ')}").`);
    if (Object.keys(env).length > 0) warnings.push(`"${name}": --env is ignored for a ${transport} server.`);
    return { entry: { key: name, raw: { type: transport, url: target, ...(Object.keys(headers).length ? { headers } : {}), ...withOauth } }, ...(scope ? { scope } : {}) };
  }
  if (Object.keys(headers).length > 0) warnings.push(`"${name}": --header is ignored for a stdio server.`);
  return {
    entry: { key: name, raw: { command: target, ...(args.length ? { args } : {}), ...(Object.keys(env).length ? { env } : {}), ...withOauth } },
    ...(scope ? { scope } : {}),
  };
}

function parseAddJson(words: string[], warnings: string[], clientSecret: string | undefined): Parsed {
  const positional: string[] = [];
  let scope: ConfigScope | undefined;
  let wantsSecret = false;
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (word === '--client-secret') wantsSecret = true;
    else if (word === '-s' || word === '--scope' || word.startsWith('--scope=')) {
      let value: string;
      [value, i] = takeValue(words, i, word.startsWith('--scope=') ? word.slice(8) : undefined, '--scope');
      scope = scopeOf(value);
    } else if (word.startsWith('-') && word !== '-') {
      throw new SourceError(`Unknown option "${word}" for claude mcp add-json.`);
    } else positional.push(word);
  }
  const [name, json] = positional;
  if (!name || json === undefined) throw new SourceError("claude mcp add-json needs a name and the entry's JSON: claude mcp add-json <name> '<json>'");
  const parsed = parseJsonText(json);
  if (!parsed.ok) throw new SourceError(`The JSON of "${name}" does not parse: ${parsed.problem.message}.`);
  let raw = normalizeTransport(asObject(parsed.value) ?? {});
  if (wantsSecret && clientSecret !== undefined) raw = { ...raw, oauth: { ...(asObject(raw.oauth) ?? {}), clientSecret } };
  else if (wantsSecret) warnings.push(CLIENT_SECRET_PROMPT);
  return { entry: { key: name, raw }, ...(scope ? { scope } : {}) };
}
