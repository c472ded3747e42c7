/**
 * Writes servers in the formats other clients read. Secret values never leave the
 * secret store: a secret becomes an environment variable reference (`${GITHUB_TOKEN}`)
 * the other client expands, or, for VS Code, a password input it asks for.
 */
import type { ExportFormat } from '../../../../shared/api/transfer';
import { secretCapableFields, secretKeyOf, type SecretFieldPath } from '../../../../shared/config/secret-ref';
import { transportOf, WORKBENCH_ONLY_FIELDS, type ServerConfig, type TransportType } from '../../../../shared/config/server-config';
import { setAtPath } from '../secret-fields';
import { mapConfigStrings, toEditorVariables } from './variables';

export interface ExportEntry {
  name: string;
  config: ServerConfig;
}

export interface Exported {
  text: string;
  warnings: string[];
  fileName: string;
}

const SUPPORTED: Record<ExportFormat, readonly TransportType[] | 'all'> = {
  'mcp-servers': 'all',
  'claude-code': 'all',
  'claude-desktop': ['stdio'],
  cursor: ['stdio', 'http', 'sse'],
  vscode: ['stdio', 'http', 'sse'],
};

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
export function variableForSecret(server: string, path: SecretFieldPath): string {
  if (path[0] === 'env') return path[1];
  if (path[0] === 'headers') return `${snake(server)}_${snake(path[1])}`;
  return `${snake(server)}_AUTH_TOKEN`;
}

function stripFields(config: ServerConfig, fields: readonly string[]): Record<string, unknown> {
  const out = { ...(config as Record<string, unknown>) };
  for (const field of fields) delete out[field];
  return out;
}

export function exportServers(entries: ExportEntry[], format: ExportFormat): Exported {
  const warnings: string[] = [];
  const secretsAsVariables: string[] = [];
  const droppedDefaults = new Set<string>();
  const inputs: Array<{ type: 'promptString'; id: string; description: string; password: true }> = [];
  const servers: Record<string, unknown> = {};
  const supported = SUPPORTED[format];

  for (const { name, config } of entries) {
    const transport = transportOf(config);
    if (supported !== 'all' && !supported.includes(transport)) {
      warnings.push(`"${name}" was left out: ${CLIENT_NAMES[format]} does not support the ${transport} transport.`);
      continue;
    }
    let out: ServerConfig = config;
    for (const field of secretCapableFields(config)) {
      if (!secretKeyOf(field.value)) continue;
      if (field.path[0] === 'oauth') {
        const oauth = { ...(out.oauth ?? {}) };
        delete oauth.clientSecret;
        out = { ...out, oauth };
        warnings.push(`"${name}": the OAuth client secret is not exported; enter it in ${CLIENT_NAMES[format]}.`);
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

    let record: Record<string, unknown>;
    switch (format) {
      case 'mcp-servers':
        record = { ...out };
        break;
      case 'claude-code':
        record = stripFields(out, WORKBENCH_ONLY_FIELDS);
        break;
      default:
        record = stripFields(out, [...WORKBENCH_ONLY_FIELDS, 'oauth']);
    }
    if (format === 'cursor' || format === 'vscode') record = mapConfigStrings(record, (value) => toEditorVariables(value, droppedDefaults));
    if (format === 'vscode') record = { type: transport, ...stripFields(record as ServerConfig, ['type']) };
    if (format === 'cursor' && transport === 'http') delete record.type;
    if (format === 'claude-desktop') delete record.type;
    servers[name] = record;
  }

  if (secretsAsVariables.length > 0) {
    warnings.push(
      `Secret values are not exported. ${CLIENT_NAMES[format]} reads them from environment variables: set ${[...new Set(secretsAsVariables)].join(', ')} before starting it.`,
    );
  }
  if (droppedDefaults.size > 0) {
    warnings.push(`${CLIENT_NAMES[format]} has no \${VAR:-default}: the defaults of ${[...droppedDefaults].join(', ')} were dropped.`);
  }
  if (format === 'claude-desktop' && JSON.stringify(servers).includes('${')) {
    warnings.push('Claude Desktop may not expand ${VAR} references: check the values that use them.');
  }

  const body = format === 'vscode' ? { ...(inputs.length > 0 ? { inputs } : {}), servers } : { mcpServers: servers };
  return { text: `${JSON.stringify(body, null, 2)}\n`, warnings, fileName: FILE_NAMES[format] };
}
