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
 * everything after it is the command and its arguments.
 */
import type { ConfigScope } from '../../../../shared/config/scopes';
import { CONFIG_SCOPES } from '../../../../shared/config/scopes';
import { parseJsonText } from '../json-text';
import { splitCommandLines } from './shell-words';
import { asObject, normalizeTransport } from './variables';
import { SourceError, type ParsedSource, type SourceEntry } from './types';

const ENV_ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;
const HEADER = /^[^:\s]+:/;
const URL_LIKE = /^(https?|wss?):\/\//i;

export function looksLikeClaudeCommand(text: string): boolean {
  return /^\s*(\$\s*)?claude\s+mcp\s+add/.test(text);
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
  for (const words of commands) {
    const start = words[0] === '$' ? 1 : 0;
    if (words[start] !== 'claude' || words[start + 1] !== 'mcp' || !['add', 'add-json'].includes(words[start + 2] ?? '')) {
      throw new SourceError(`Expected "claude mcp add …" or "claude mcp add-json …", found "${words.slice(0, 4).join(' ')}".`);
    }
    const parsed = words[start + 2] === 'add' ? parseAdd(words.slice(start + 3), warnings) : parseAddJson(words.slice(start + 3));
    entries.push(parsed.entry);
    suggestedScope ??= parsed.scope;
  }
  if (entries.length === 0) throw new SourceError('No command found.');
  return { format: entries.length === 1 ? 'claude mcp add command' : 'claude mcp add commands', entries, inputs: [], warnings, ...(suggestedScope ? { suggestedScope } : {}) };
}

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

function parseAdd(words: string[], warnings: string[]): Parsed {
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
        warnings.push('--client-secret asks for the secret interactively: enter it in the server form (OAuth section) after importing.');
        break;
      default:
        throw new SourceError(`Unknown option "${word}". If it belongs to the server's command, put "--" before the command: claude mcp add <name> -- <command> [args...]`);
    }
  }

  const [name, commandOrUrl, ...extra] = positional;
  if (!name) throw new SourceError('The command has no server name: claude mcp add <name> …');
  const args = [...extra, ...(rest ?? [])];
  let target = commandOrUrl;
  if (target === undefined && rest && rest.length > 0) {
    target = rest[0];
    args.splice(extra.length, 1);
  }
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

function parseAddJson(words: string[]): Parsed {
  const positional: string[] = [];
  let scope: ConfigScope | undefined;
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (word === '-s' || word === '--scope' || word.startsWith('--scope=')) {
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
  return { entry: { key: name, raw: normalizeTransport(asObject(parsed.value) ?? {}) }, ...(scope ? { scope } : {}) };
}
