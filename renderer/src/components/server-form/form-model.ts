/**
 * The server form's values and their translation to and from a server entry. Kept
 * apart from the components so the rules (which fields each transport has, what is
 * valid, which values go to the secret store) are tested on their own.
 */
import { isSecretRef, type SecretFieldPath } from '../../../../shared/config/secret-ref';
import { OAUTH_TRANSPORTS, ProtocolSettingSchema, ServerConfigSchema, ServerNameSchema, transportOf, type ServerConfig, type TransportType } from '../../../../shared/config/server-config';
import type { ConfigScope } from '../../../../shared/config/scopes';

export interface KeyValueRow {
  id: string;
  key: string;
  /** What the user typed; empty for a stored secret they did not change. */
  value: string;
  secret: boolean;
  /** The `${secret:…}` reference of a value already in the secret store. */
  storedRef?: string;
}

interface SecretInput {
  value: string;
  storedRef?: string;
}

export interface FormValues {
  name: string;
  scope: ConfigScope;
  transport: TransportType;
  command: string;
  args: string[];
  env: KeyValueRow[];
  cwd: string;
  url: string;
  headers: KeyValueRow[];
  ideName: string;
  authToken: SecretInput;
  enabled: boolean;
  connectTimeoutMs: string;
  callTimeoutMs: string;
  /** The Protocol setting; empty is Auto. */
  protocol: string;
  notes: string;
  /** One root URI per line. */
  roots: string;
  oauthClientId: string;
  oauthClientSecret: SecretInput;
  oauthCallbackPort: string;
  /** Space- or comma-separated. */
  oauthScopes: string;
  oauthClientMetadataUrl: string;
  /** Fields of the entry the form does not show (written by other tools): kept as they are. */
  extra: Record<string, unknown>;
  oauthExtra: Record<string, unknown>;
  /** Root names by URI, so editing keeps them. */
  rootNames: Record<string, string>;
}

type FieldName =
  | 'name'
  | 'command'
  | 'args'
  | 'env'
  | 'cwd'
  | 'url'
  | 'headers'
  | 'ideName'
  | 'authToken'
  | 'connectTimeoutMs'
  | 'callTimeoutMs'
  | 'protocol'
  | 'roots'
  | 'oauth'
  | 'form';
export type FieldErrors = Partial<Record<FieldName, string>>;

export const STDIO: TransportType = 'stdio';
const REMOTE_WITH_HEADERS: TransportType[] = ['sse', 'http', 'ws'];
const IDE: TransportType[] = ['sse-ide', 'ws-ide'];
/** Transports that sign in with OAuth. */

export const hasHeaders = (t: TransportType) => REMOTE_WITH_HEADERS.includes(t);
export const isIde = (t: TransportType) => IDE.includes(t);

const KNOWN_FIELDS = new Set(['type', 'command', 'args', 'env', 'cwd', 'url', 'headers', 'ideName', 'authToken', 'enabled', 'connectTimeoutMs', 'callTimeoutMs', 'protocol', 'oauth', 'roots', 'notes']);
const KNOWN_OAUTH = new Set(['clientId', 'clientSecret', 'callbackPort', 'scopes', 'clientMetadataUrl']);

let nextRowId = 0;
const newRowId = () => `row-${++nextRowId}`;

export function emptyRow(): KeyValueRow {
  return { id: newRowId(), key: '', value: '', secret: false };
}

export function emptyValues(scope: ConfigScope, transport: TransportType = STDIO): FormValues {
  return {
    name: '',
    scope,
    transport,
    command: '',
    args: [],
    env: [],
    cwd: '',
    url: '',
    headers: [],
    ideName: '',
    authToken: { value: '' },
    enabled: true,
    connectTimeoutMs: '',
    callTimeoutMs: '',
    protocol: '',
    notes: '',
    roots: '',
    oauthClientId: '',
    oauthClientSecret: { value: '' },
    oauthCallbackPort: '',
    oauthScopes: '',
    oauthClientMetadataUrl: '',
    extra: {},
    oauthExtra: {},
    rootNames: {},
  };
}

function rowsFrom(map: Record<string, string> | undefined): KeyValueRow[] {
  return Object.entries(map ?? {}).map(([key, value]) =>
    isSecretRef(value) ? { id: newRowId(), key, value: '', secret: true, storedRef: value } : { id: newRowId(), key, value, secret: false },
  );
}

function secretFrom(value: unknown): SecretInput {
  if (typeof value !== 'string') return { value: '' };
  return isSecretRef(value) ? { value: '', storedRef: value } : { value };
}

/** The form for an existing entry. */
export function valuesFromConfig(name: string, scope: ConfigScope, config: ServerConfig): FormValues {
  const record = config as Record<string, unknown>;
  const oauth = (record.oauth ?? {}) as Record<string, unknown>;
  const roots = Array.isArray(record.roots) ? (record.roots as Array<{ uri: string; name?: string }>) : [];
  return {
    ...emptyValues(scope, transportOf(config)),
    name,
    command: typeof record.command === 'string' ? record.command : '',
    args: Array.isArray(record.args) ? (record.args as string[]) : [],
    env: rowsFrom(record.env as Record<string, string> | undefined),
    cwd: typeof record.cwd === 'string' ? record.cwd : '',
    url: typeof record.url === 'string' ? record.url : '',
    headers: rowsFrom(record.headers as Record<string, string> | undefined),
    ideName: typeof record.ideName === 'string' ? record.ideName : '',
    authToken: secretFrom(record.authToken),
    enabled: record.enabled !== false,
    connectTimeoutMs: typeof record.connectTimeoutMs === 'number' ? String(record.connectTimeoutMs) : '',
    callTimeoutMs: typeof record.callTimeoutMs === 'number' ? String(record.callTimeoutMs) : '',
    protocol: typeof record.protocol === 'string' && record.protocol !== 'auto' ? record.protocol : '',
    notes: typeof record.notes === 'string' ? record.notes : '',
    roots: roots.map((r) => r.uri).join('\n'),
    rootNames: Object.fromEntries(roots.filter((r) => r.name).map((r) => [r.uri, r.name!])),
    oauthClientId: typeof oauth.clientId === 'string' ? oauth.clientId : '',
    oauthClientSecret: secretFrom(oauth.clientSecret),
    oauthCallbackPort: typeof oauth.callbackPort === 'number' ? String(oauth.callbackPort) : '',
    oauthScopes: Array.isArray(oauth.scopes) ? (oauth.scopes as string[]).join(' ') : '',
    oauthClientMetadataUrl: typeof oauth.clientMetadataUrl === 'string' ? oauth.clientMetadataUrl : '',
    extra: Object.fromEntries(Object.entries(record).filter(([key]) => !KNOWN_FIELDS.has(key))),
    oauthExtra: Object.fromEntries(Object.entries(oauth).filter(([key]) => !KNOWN_OAUTH.has(key))),
  };
}

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** RFC 9110 token characters. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

function schemesFor(transport: TransportType): string[] {
  return transport === 'ws' || transport === 'ws-ide' ? ['ws:', 'wss:'] : ['http:', 'https:'];
}

/** A URL for the transport; `${VAR}` references are allowed (they are expanded when connecting). */
export function checkUrl(url: string, transport: TransportType): string | undefined {
  if (!url.trim()) return 'URL: a URL is required';
  const schemes = schemesFor(transport);
  if (url.includes('${')) {
    return url.startsWith('${') || schemes.some((s) => url.startsWith(`${s}//`)) ? undefined : `URL: must start with ${schemes.map((s) => `${s}//`).join(' or ')}`;
  }
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return `URL: "${url}" is not a valid URL`;
  }
  return schemes.includes(parsed.protocol) ? undefined : `URL: must start with ${schemes.map((s) => `${s}//`).join(' or ')}`;
}

function rowsToMap(
  rows: KeyValueRow[],
  field: 'env' | 'headers',
  errors: FieldErrors,
  secretFields: SecretFieldPath[],
): Record<string, string> | undefined {
  const label = field === 'env' ? 'Variable' : 'Header';
  const out: Record<string, string> = {};
  for (const [index, row] of rows.entries()) {
    const where = `${field === 'env' ? 'Environment' : 'Headers'}: ${label.toLowerCase()} ${index + 1}`;
    const key = row.key.trim();
    if (!key && !row.value && !row.storedRef) continue;
    if (!key) return void (errors[field] = `${where} has no name`);
    if (field === 'env' && !ENV_NAME.test(key)) return void (errors[field] = `${where}: "${key}" is not a valid variable name (letters, digits and _, not starting with a digit)`);
    if (field === 'headers' && !HEADER_NAME.test(key)) return void (errors[field] = `${where}: "${key}" is not a valid header name`);
    if (Object.hasOwn(out, key)) return void (errors[field] = `${where}: "${key}" is given twice`);
    if (row.secret && row.value === '' && row.storedRef) {
      out[key] = row.storedRef;
      continue;
    }
    if (!row.secret && row.value === '' && row.storedRef) {
      return void (errors[field] = `${where}: "${key}" is no longer secret; type its value (the stored one is never shown)`);
    }
    if (row.secret && row.value.includes('${')) {
      return void (errors[field] = `${where}: a secret value cannot use \${…} variables; turn Secret off to use a variable`);
    }
    out[key] = row.value;
    if (row.secret) secretFields.push([field, key]);
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

function secretValue(input: SecretInput, path: SecretFieldPath, secretFields: SecretFieldPath[]): string | undefined {
  if (input.value !== '') {
    // A variable reference is not a secret itself: it is expanded when connecting.
    if (!input.value.includes('${')) secretFields.push(path);
    return input.value;
  }
  return input.storedRef;
}

function positiveInt(text: string, label: string, field: FieldName, errors: FieldErrors, max = Number.MAX_SAFE_INTEGER): number | undefined {
  if (!text.trim()) return undefined;
  const value = Number(text.trim());
  if (!Number.isInteger(value) || value <= 0 || value > max) {
    errors[field] = `${label}: must be a whole number from 1 to ${max === Number.MAX_SAFE_INTEGER ? 'up' : max}`;
    return undefined;
  }
  return value;
}

export type BuildResult =
  | { ok: true; name: string; config: ServerConfig; secretFields: SecretFieldPath[] }
  | { ok: false; errors: FieldErrors };

/** The entry the form describes, the fields whose values go to the secret store, or an error per field. */
export function buildRequest(values: FormValues): BuildResult {
  const errors: FieldErrors = {};
  const secretFields: SecretFieldPath[] = [];
  const name = ServerNameSchema.safeParse(values.name.trim());
  if (!name.success) errors.name = `Name: ${name.error.issues[0]?.message}`;
  const transport = values.transport;
  const config: Record<string, unknown> = { ...values.extra };

  if (transport === STDIO) {
    if (!values.command.trim()) errors.command = 'Command: a command is required (for example npx, uvx, docker or a full path)';
    config.command = values.command.trim();
    const args = values.args.filter((arg, i) => arg !== '' || i < values.args.length - 1);
    if (args.length > 0) config.args = args;
    const env = rowsToMap(values.env, 'env', errors, secretFields);
    if (env) config.env = env;
    if (values.cwd.trim()) config.cwd = values.cwd.trim();
  } else {
    config.type = transport;
    const urlProblem = checkUrl(values.url, transport);
    if (urlProblem) errors.url = urlProblem;
    config.url = values.url.trim();
    if (hasHeaders(transport)) {
      const headers = rowsToMap(values.headers, 'headers', errors, secretFields);
      if (headers) config.headers = headers;
    }
    if (isIde(transport)) {
      if (!values.ideName.trim()) errors.ideName = 'IDE name: the IDE name is required (for example vscode)';
      config.ideName = values.ideName.trim();
      const token = secretValue(values.authToken, ['authToken'], secretFields);
      if (token) config.authToken = token;
    }
    if (OAUTH_TRANSPORTS.has(transport)) {
      const oauth: Record<string, unknown> = { ...values.oauthExtra };
      if (values.oauthClientId.trim()) oauth.clientId = values.oauthClientId.trim();
      const clientSecret = secretValue(values.oauthClientSecret, ['oauth', 'clientSecret'], secretFields);
      if (clientSecret) oauth.clientSecret = clientSecret;
      const port = positiveInt(values.oauthCallbackPort, 'OAuth callback port', 'oauth', errors, 65535);
      if (port) oauth.callbackPort = port;
      const scopes = values.oauthScopes.split(/[\s,]+/).filter(Boolean);
      if (scopes.length > 0) oauth.scopes = scopes;
      const metadata = values.oauthClientMetadataUrl.trim();
      if (metadata) {
        if (!/^https:\/\//.test(metadata)) errors.oauth = 'OAuth client metadata URL: must be an https:// URL';
        oauth.clientMetadataUrl = metadata;
      }
      if (Object.keys(oauth).length > 0) config.oauth = oauth;
    }
  }

  if (!values.enabled) config.enabled = false;
  const connect = positiveInt(values.connectTimeoutMs, 'Connect timeout', 'connectTimeoutMs', errors);
  if (connect) config.connectTimeoutMs = connect;
  const call = positiveInt(values.callTimeoutMs, 'Call timeout', 'callTimeoutMs', errors);
  if (call) config.callTimeoutMs = call;
  const protocol = values.protocol.trim();
  if (protocol && protocol !== 'auto') {
    if (ProtocolSettingSchema.safeParse(protocol).success) config.protocol = protocol;
    else errors.protocol = 'Protocol: auto, legacy, or a protocol version such as 2026-07-28 or 2025-06-18';
  }
  if (values.notes.trim()) config.notes = values.notes;
  const roots = values.roots.split('\n').map((line) => line.trim()).filter(Boolean);
  for (const uri of roots) {
    if (!/^[a-z][a-z0-9+.-]*:/i.test(uri)) {
      errors.roots = `Roots: "${uri}" is not a URI (roots look like file:///path/to/folder)`;
      break;
    }
  }
  if (roots.length > 0) config.roots = roots.map((uri) => (values.rootNames[uri] ? { uri, name: values.rootNames[uri] } : { uri }));

  if (Object.keys(errors).length > 0 || !name.success) return { ok: false, errors };
  const parsed = ServerConfigSchema.safeParse(config);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, errors: { form: `${issue?.path.join('.') || 'Entry'}: ${issue?.message}` } };
  }
  return { ok: true, name: name.data, config: parsed.data, secretFields };
}
