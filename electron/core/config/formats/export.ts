/**
 * Writes servers in the formats other clients read. Secret values never leave the
 * secret store: a secret becomes an environment variable reference (`${GITHUB_TOKEN}`)
 * the other client expands, or, for VS Code, a password input it asks for. An OAuth
 * client secret is never written, stored or not: a client that takes one gets a
 * reference to a variable instead, and the warnings say which to set.
 *
 * Everything an export cannot carry is named in the warnings: fields the client does not
 * read, timeouts it has no place for, a transport it would read differently.
 */
import type { ExportFormat } from '../../../../shared/api/transfer';
import { secretCapableFields, secretKeyOf, type SecretFieldPath } from '../../../../shared/config/secret-ref';
import { isEnabled, transportOf, WORKBENCH_ONLY_FIELDS, type ServerConfig, type TransportType } from '../../../../shared/config/server-config';
import { setAtPath } from '../secret-fields';
import { CLIENT_FIELDS, CLIENT_INFERS_TRANSPORT, CLIENT_OAUTH_FIELDS, CLIENT_SWITCH_OFF, CLIENT_TIMEOUTS, CLIENT_VARIABLES, type ClientFormat } from './client-fields';
import { CLIENT_NAMES, FILE_NAMES, fileText, shapeEntry } from './client-shapes';
import { asObject, mapConfigStrings, toContinueVariables, toEditorVariables } from './variables';

export interface ExportEntry {
  name: string;
  config: ServerConfig;
}

export interface Exported {
  text: string;
  warnings: string[];
  fileName: string;
}

export interface ExportOptions {
  /**
   * How a URL-only entry was reached here, when it is connected: `sse` when the server
   * refused Streamable HTTP and the SSE fallback connected. Clients that pin a transport
   * then get the one that works.
   */
  reachedOver?: (name: string) => 'http' | 'sse' | undefined;
}

const snake = (value: string) => value.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_+|_+$/g, '').toUpperCase();

/** The environment variable a secret field becomes in another client's file. */
function variableForSecret(server: string, path: SecretFieldPath): string {
  if (path[0] === 'env') return path[1];
  if (path[0] === 'headers') return `${snake(server)}_${snake(path[1])}`;
  if (path[0] === 'oauth') return `${snake(server)}_CLIENT_SECRET`;
  return `${snake(server)}_AUTH_TOKEN`;
}

function stripFields(config: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  const out = { ...config };
  for (const field of fields) delete out[field];
  return out;
}

/** Our `oauth` cut to what the client takes; what it cannot take is named in `dropped`. */
function oauthFor(format: ClientFormat, oauth: Record<string, unknown>, dropped: string[]): Record<string, unknown> | undefined {
  const allowed = CLIENT_OAUTH_FIELDS[format];
  for (const key of Object.keys(oauth)) if (!allowed.includes(key)) dropped.push(`oauth.${key}`);
  const kept = Object.fromEntries(Object.entries(oauth).filter(([key]) => allowed.includes(key)));
  return Object.keys(kept).length > 0 ? kept : undefined;
}

/** Timeouts in the client's own fields, or named as lost. */
function timeoutsFor(format: ClientFormat, name: string, config: ServerConfig, client: string, warn: (text: string) => void): Record<string, number> {
  const target = CLIENT_TIMEOUTS[format];
  const out: Record<string, number> = {};
  const lost: string[] = [];
  const convert = (ms: number) => (target?.unit === 's' ? Math.max(1, Math.ceil(ms / 1000)) : ms);
  for (const [ours, theirs] of [
    ['connectTimeoutMs', target?.connect],
    ['callTimeoutMs', target?.call],
  ] as const) {
    const value = config[ours];
    if (value === undefined) continue;
    if (theirs) out[theirs] = convert(value);
    else lost.push(`${ours === 'connectTimeoutMs' ? 'the connect timeout' : 'the tool call timeout'} (${value} ms)`);
  }
  if (lost.length > 0) warn(`"${name}": ${client} has no per-server setting for ${lost.join(' or ')}; ${lost.length === 1 ? 'it was' : 'they were'} left out.`);
  return out;
}

/** Codex's pass-through fields, for the clients that have none: `${VAR}` references. */
function codexPassThroughAsReferences(record: Record<string, unknown>, name: string, warn: (text: string) => void): Record<string, unknown> {
  const out = { ...record };
  const moved: string[] = [];
  if (Array.isArray(out.env_vars)) {
    const env = { ...((asObject(out.env) as Record<string, string> | undefined) ?? {}) };
    for (const variable of out.env_vars) if (typeof variable === 'string' && env[variable] === undefined) env[variable] = `\${${variable}}`;
    out.env = env;
    delete out.env_vars;
    moved.push('env_vars');
  }
  const fromEnv = asObject(out.env_http_headers);
  if (fromEnv) {
    const headers = { ...((asObject(out.headers) as Record<string, string> | undefined) ?? {}) };
    for (const [header, variable] of Object.entries(fromEnv)) if (typeof variable === 'string' && headers[header] === undefined) headers[header] = `\${${variable}}`;
    out.headers = headers;
    delete out.env_http_headers;
    moved.push('env_http_headers');
  }
  if (moved.length > 0) warn(`"${name}": Codex's ${moved.join(' and ')} ${moved.length === 1 ? 'was' : 'were'} written as \${VAR} references in ${moved.includes('env_vars') ? 'env' : 'headers'}${moved.length === 2 ? ' and headers' : ''}.`);
  return out;
}

interface SecretsPass {
  config: ServerConfig;
  /** Variables the user must set for the exported file to work. */
  variables: string[];
}

/** Every secret replaced by what the client can read instead; nothing secret is left. */
function replaceSecrets(name: string, config: ServerConfig, format: ExportFormat, inputs: unknown[], warn: (text: string) => void): SecretsPass {
  let out = config;
  const variables: string[] = [];
  const client = CLIENT_NAMES[format];
  for (const field of secretCapableFields(config)) {
    if (field.path[0] === 'oauth') {
      const oauth = { ...(out.oauth ?? {}) };
      delete oauth.clientSecret;
      const takesSecret = format === 'mcp-servers' || CLIENT_OAUTH_FIELDS[format].includes('clientSecret');
      if (takesSecret && field.value !== '') {
        const variable = variableForSecret(name, field.path);
        variables.push(variable);
        out = { ...out, oauth: { ...oauth, clientSecret: `\${${variable}}` } };
      } else {
        out = { ...out, oauth };
        if (field.value !== '') warn(`"${name}": the OAuth client secret is not exported; enter it in ${client}.`);
      }
      continue;
    }
    if (!secretKeyOf(field.value)) continue;
    if (format === 'vscode') {
      const id = `${name}-${field.path.join('-')}`;
      inputs.push({ type: 'promptString', id, description: `${name}: ${field.path.join('.')}`, password: true });
      out = setAtPath(out, field.path, `\${input:${id}}`);
    } else {
      const variable = variableForSecret(name, field.path);
      variables.push(variable);
      out = setAtPath(out, field.path, `\${${variable}}`);
    }
  }
  return { config: out, variables };
}

/** The transport to write for an entry, and whether the client keeps the "HTTP, else SSE" reading. */
function transportFor(format: ClientFormat, name: string, config: ServerConfig, options: ExportOptions, warn: (text: string) => void): { transport: TransportType; inferred: boolean } {
  const transport = transportOf(config);
  if (transport !== 'http' || config.typeInferred !== true) return { transport, inferred: false };
  const reached = options.reachedOver?.(name);
  if (reached === 'sse') return { transport: 'sse', inferred: false };
  if (CLIENT_INFERS_TRANSPORT.has(format)) return { transport, inferred: true };
  if (reached !== 'http') {
    warn(
      `"${name}" has only a URL, and it has not connected here yet, so whether it speaks Streamable HTTP or only SSE is not known. It was written as Streamable HTTP, and ${CLIENT_NAMES[format]} will not fall back to SSE: connect it here once and export again (the export then writes the transport that worked), or choose its transport in the server's form.`,
    );
  }
  return { transport, inferred: false };
}

export function exportServers(entries: ExportEntry[], format: ExportFormat, options: ExportOptions = {}): Exported {
  const warnings: string[] = [];
  const warn = (text: string) => warnings.push(text);
  const secretsAsVariables: string[] = [];
  const droppedDefaults = new Set<string>();
  const inputs: unknown[] = [];
  const servers: Array<[string, Record<string, unknown>]> = [];
  const client = CLIENT_NAMES[format];
  for (const { name, config: stored } of entries) {
    if (format === 'mcp-servers') {
      const { config, variables } = replaceSecrets(name, stored, format, inputs, warn);
      secretsAsVariables.push(...variables);
      servers.push([name, { ...config }]);
      continue;
    }
    const { transport, inferred } = transportFor(format, name, stored, options, warn);
    const fields = CLIENT_FIELDS[format][transport];
    if (!fields) {
      warn(`"${name}" was left out: ${client} does not support the ${transport} transport.`);
      continue;
    }
    const switchOff = CLIENT_SWITCH_OFF[format];
    if (!isEnabled(stored) && !switchOff) {
      warn(`"${name}" was left out: it is switched off here, and ${client}'s file has no way to switch a server off. Switch it on to export it.`);
      continue;
    }
    const { config, variables } = replaceSecrets(name, stored, format, inputs, warn);
    secretsAsVariables.push(...variables);
    const timeouts = timeoutsFor(format, name, config, client, warn);

    // The transport is written by each client's shape (./client-shapes.ts), in its own spelling.
    let record = stripFields(config as Record<string, unknown>, [...WORKBENCH_ONLY_FIELDS, 'disabled', 'type']);
    if (format !== 'codex') record = codexPassThroughAsReferences(record, name, warn);
    const dropped: string[] = [];
    const oauthSettings = asObject(record.oauth);
    delete record.oauth;
    for (const key of Object.keys(record)) {
      if (!fields.includes(key)) {
        dropped.push(key);
        delete record[key];
      }
    }
    let oauth = oauthSettings ? oauthFor(format, oauthSettings, dropped) : undefined;
    if (oauth && transport === 'stdio') {
      dropped.push('oauth');
      oauth = undefined;
    }
    if (dropped.length > 0) warn(`"${name}": ${client} does not read ${dropped.join(', ')}; ${dropped.length === 1 ? 'it was' : 'they were'} left out.`);

    const syntax = CLIENT_VARIABLES[format];
    const rewrite = syntax === 'editor' ? (value: string) => toEditorVariables(value, droppedDefaults) : syntax === 'continue' ? (value: string) => toContinueVariables(value, droppedDefaults) : undefined;
    if (rewrite) {
      record = mapConfigStrings(record, rewrite);
      if (oauth) oauth = Object.fromEntries(Object.entries(oauth).map(([key, value]) => [key, typeof value === 'string' ? rewrite(value) : value]));
    }
    // VS Code's schema wants the url to start with http(s)://.
    if (format === 'vscode' && typeof record.url === 'string' && !/^https?:\/\//.test(record.url)) {
      warn(`"${name}" was left out: its URL ${record.url} does not start with http:// or https://, which VS Code's mcp.json requires.`);
      continue;
    }
    const shaped = shapeEntry(format, { name, record, transport, inferred, ...(oauth ? { oauth } : {}), warn });
    Object.assign(shaped, timeouts);
    if (!isEnabled(stored)) switchOff?.(shaped);
    servers.push([name, shaped]);
  }
  warnings.push(...closingWarnings(format, servers, secretsAsVariables, droppedDefaults));
  return { text: fileText(format, servers, inputs), warnings, fileName: FILE_NAMES[format] };
}

/** Clients whose file holds more than servers: the export is a part of it, to merge. */
const SHARED_FILES: Partial<Record<ExportFormat, string>> = { zed: 'settings.json', gemini: 'settings.json', codex: 'config.toml' };

/** What the whole file needs from the user: variables to set, defaults lost, variables the client will not expand. */
function closingWarnings(format: ExportFormat, servers: Array<[string, Record<string, unknown>]>, secretsAsVariables: string[], droppedDefaults: Set<string>): string[] {
  const out: string[] = [];
  const client = CLIENT_NAMES[format];
  const host = SHARED_FILES[format];
  if (host && servers.length > 0) out.push(`${client}'s ${host} holds its other settings too: copy these servers into it rather than replacing the file.`);
  const expandsNothing = format !== 'mcp-servers' && format !== 'codex' && CLIENT_VARIABLES[format] === 'none';
  if (secretsAsVariables.length > 0) {
    const names = [...new Set(secretsAsVariables)].join(', ');
    if (expandsNothing) {
      out.push(
        `Secret values are not exported, and ${client} does not expand \${VAR}: it would pass the text \${${secretsAsVariables[0]}} to the server as it is. Replace ${names} in the file with the real values.`,
      );
    } else if (format === 'continue') {
      out.push(`Secret values are not exported. Continue reads them as \${{ secrets.NAME }}: set ${names} in ~/.continue/.env (or the workspace's .continue/.env).`);
    } else {
      out.push(`Secret values are not exported. ${client} reads them from environment variables: set ${names} before starting it.`);
    }
  }
  if (droppedDefaults.size > 0) out.push(`${client} has no \${VAR:-default}: the defaults of ${[...droppedDefaults].join(', ')} were dropped.`);
  const text = JSON.stringify(servers);
  if (format === 'codex' && text.includes('${')) {
    out.push('Codex does not expand ${VAR}: values that use one (other than whole env values and headers, which became env_vars and env_http_headers) reach the server as written. Replace them with the real values.');
  } else if (expandsNothing && secretsAsVariables.length === 0 && text.includes('${')) {
    out.push(`${client} does not expand \${VAR}: values that use one reach the server as written. Replace them with the real values.`);
  }
  return out;
}
