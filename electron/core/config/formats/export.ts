/**
 * Writes servers in the formats other clients read. Secret values never leave the
 * secret store: a secret becomes an environment variable reference (`${GITHUB_TOKEN}`)
 * the other client expands, or, for VS Code, a password input it asks for.
 */
import type { ExportFormat } from '../../../../shared/api/transfer';
import { secretCapableFields, secretKeyOf, type SecretFieldPath } from '../../../../shared/config/secret-ref';
import { isEnabled, transportOf, WORKBENCH_ONLY_FIELDS, type ServerConfig } from '../../../../shared/config/server-config';
import { setAtPath } from '../secret-fields';
import { CLIENT_FIELDS, CLIENT_OAUTH_FIELDS, type ClientFormat } from './client-fields';
import { asObject, mapConfigStrings, toEditorVariables } from './variables';

export interface ExportEntry {
  name: string;
  config: ServerConfig;
}

export interface Exported {
  text: string;
  warnings: string[];
  fileName: string;
}

const FILE_NAMES: Record<ExportFormat, string> = {
  'mcp-servers': 'mcp-servers.json',
  'claude-code': '.mcp.json',
  'claude-desktop': 'claude_desktop_config.json',
  cursor: 'mcp.json',
  vscode: 'mcp.json',
};

const CLIENT_NAMES: Record<ExportFormat, string> = {
  'mcp-servers': 'the other client',
  'claude-code': 'Claude Code',
  'claude-desktop': 'Claude Desktop',
  cursor: 'Cursor',
  vscode: 'VS Code',
};

const snake = (value: string) => value.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_+|_+$/g, '').toUpperCase();

/** The environment variable a secret field becomes in another client's file. */
function variableForSecret(server: string, path: SecretFieldPath): string {
  if (path[0] === 'env') return path[1];
  if (path[0] === 'headers') return `${snake(server)}_${snake(path[1])}`;
  return `${snake(server)}_AUTH_TOKEN`;
}

function stripFields(config: ServerConfig, fields: readonly string[]): Record<string, unknown> {
  const out = { ...(config as Record<string, unknown>) };
  for (const field of fields) delete out[field];
  return out;
}

/** Our `oauth` in the client's shape; what it cannot take is named in `dropped`. */
function oauthFor(format: ClientFormat, oauth: Record<string, unknown>, dropped: string[]): Record<string, unknown> | undefined {
  const allowed = CLIENT_OAUTH_FIELDS[format];
  for (const key of Object.keys(oauth)) if (!allowed.includes(key)) dropped.push(`oauth.${key}`);
  const kept = Object.fromEntries(Object.entries(oauth).filter(([key]) => allowed.includes(key)));
  if (Object.keys(kept).length === 0) return undefined;
  // Cursor's static OAuth: "auth": { "CLIENT_ID", "scopes" }, and only with a client ID.
  if (format === 'cursor') {
    if (typeof kept.clientId !== 'string') {
      if (kept.scopes !== undefined) dropped.push('oauth.scopes');
      return undefined;
    }
    return { CLIENT_ID: kept.clientId, ...(kept.scopes !== undefined ? { scopes: kept.scopes } : {}) };
  }
  return kept;
}

export function exportServers(entries: ExportEntry[], format: ExportFormat): Exported {
  const warnings: string[] = [];
  const secretsAsVariables: string[] = [];
  const droppedDefaults = new Set<string>();
  const inputs: Array<{ type: 'promptString'; id: string; description: string; password: true }> = [];
  const servers: Record<string, unknown> = {};
  const client = CLIENT_NAMES[format];
  for (const { name, config } of entries) {
    const transport = transportOf(config);
    const fields = format === 'mcp-servers' ? undefined : CLIENT_FIELDS[format][transport];
    if (format !== 'mcp-servers' && !fields) {
      warnings.push(`"${name}" was left out: ${client} does not support the ${transport} transport.`);
      continue;
    }
    if (format !== 'mcp-servers' && !isEnabled(config)) {
      warnings.push(`"${name}" was left out: it is switched off here, and ${client}'s file has no way to switch a server off. Switch it on to export it.`);
      continue;
    }
    let out: ServerConfig = config;
    for (const field of secretCapableFields(config)) {
      if (!secretKeyOf(field.value)) continue;
      if (field.path[0] === 'oauth') {
        const oauth = { ...(out.oauth ?? {}) };
        delete oauth.clientSecret;
        out = { ...out, oauth };
        warnings.push(`"${name}": the OAuth client secret is not exported; enter it in ${client}.`);
        continue;
      }
      if (format === 'vscode') {
        const id = `${name}-${field.path.join('-')}`;
        inputs.push({ type: 'promptString', id, description: `${name}: ${field.path.join('.')}`, password: true });
        out = setAtPath(out, field.path, `\${input:${id}}`);
      } else {
        const variable = variableForSecret(name, field.path);
        secretsAsVariables.push(variable);
        out = setAtPath(out, field.path, `\${${variable}}`);
      }
    }
    if (format === 'mcp-servers') {
      servers[name] = { ...out };
      continue;
    }
    let record = stripFields(out, WORKBENCH_ONLY_FIELDS);
    const dropped: string[] = [];
    const oauthSettings = asObject(record.oauth);
    delete record.oauth;
    for (const key of Object.keys(record)) {
      if (!fields!.includes(key)) {
        dropped.push(key);
        delete record[key];
      }
    }
    if (oauthSettings) {
      const oauth = oauthFor(format, oauthSettings, dropped);
      if (oauth && transport === 'stdio') dropped.push('oauth');
      else if (oauth) record[format === 'cursor' ? 'auth' : 'oauth'] = oauth;
    }
    if (dropped.length > 0) warnings.push(`"${name}": ${client} does not read ${dropped.join(', ')}; ${dropped.length === 1 ? 'it was' : 'they were'} left out.`);
    if (format === 'cursor' || format === 'vscode') record = mapConfigStrings(record, (value) => toEditorVariables(value, droppedDefaults));
    if (format === 'vscode') {
      record = { type: transport, ...stripFields(record as ServerConfig, ['type']) };
      // VS Code's schema wants the url to start with http(s)://.
      if (typeof record.url === 'string' && !/^https?:\/\//.test(record.url)) {
        warnings.push(`"${name}" was left out: its URL ${record.url} does not start with http:// or https://, which VS Code's mcp.json requires.`);
        continue;
      }
    }
    if (format === 'cursor' && transport === 'http') delete record.type;
    if (format === 'cursor' && transport === 'stdio') delete record.type;
    if (format === 'claude-desktop') delete record.type;
    servers[name] = record;
  }
  if (secretsAsVariables.length > 0) {
    const names = [...new Set(secretsAsVariables)].join(', ');
    warnings.push(
      format === 'claude-desktop'
        ? `Secret values are not exported, and Claude Desktop does not expand \${VAR}: it would pass the text \${${secretsAsVariables[0]}} to the server as it is. Replace ${names} in the file with the real values.`
        : `Secret values are not exported. ${client} reads them from environment variables: set ${names} before starting it.`,
    );
  }
  if (droppedDefaults.size > 0) {
    warnings.push(`${client} has no \${VAR:-default}: the defaults of ${[...droppedDefaults].join(', ')} were dropped.`);
  }
  if (format === 'claude-desktop' && secretsAsVariables.length === 0 && JSON.stringify(servers).includes('${')) {
    warnings.push('Claude Desktop does not expand ${VAR}: values that use one reach the server as written. Replace them with the real values.');
  }
  const body = format === 'vscode' ? { ...(inputs.length > 0 ? { inputs } : {}), servers } : { mcpServers: servers };
  return { text: `${JSON.stringify(body, null, 2)}\n`, warnings, fileName: FILE_NAMES[format] };
}
