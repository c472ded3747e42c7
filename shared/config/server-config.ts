/**
 * The server entry: the `mcpServers` shape Claude Code uses, one variant per transport,
 * plus our own optional fields. This schema is the single source of truth for what a
 * server config is; unknown fields written by other tools are kept, not dropped.
 */
import { z } from 'zod';

/**
 * Names that are properties of every JavaScript object: a server of that name is lost
 * in plain objects (`{}["__proto__"]` is the prototype), so they are refused outright.
 */
export const RESERVED_SERVER_NAMES: readonly string[] = ['__proto__', 'constructor', 'prototype'];

/** Server names become part of `mcp__<server>__<tool>`, so they keep to a safe alphabet. */
export const ServerNameSchema = z
  .string()
  .min(1, 'Name is required')
  .max(64, 'Name must be at most 64 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'Name may contain only letters, digits, "-" and "_"')
  .refine((name) => !RESERVED_SERVER_NAMES.includes(name), { message: 'Names "__proto__", "constructor" and "prototype" are reserved; choose another name' });
export type ServerName = z.infer<typeof ServerNameSchema>;

const StringMap = z.record(z.string(), z.string());

const OAuthSettingsSchema = z.looseObject({
  clientId: z.string().min(1).optional(),
  clientSecret: z.string().optional(),
  callbackPort: z.number().int().min(1).max(65535).optional(),
  /** A list, or one space-separated string as OAuth itself writes scopes (both are written in the wild). */
  scopes: z.preprocess((value) => (typeof value === 'string' ? value.split(/\s+/).filter(Boolean) : value), z.array(z.string())).optional(),
  clientMetadataUrl: z.url().optional(),
});
export type OAuthSettings = z.infer<typeof OAuthSettingsSchema>;

/**
 * Which MCP protocol era to speak: `auto` (the default) detects it, `legacy` is the 2025
 * `initialize` handshake, `2026-07-28` (or a later revision) speaks only that revision,
 * and an earlier date pins the `initialize` handshake to that version.
 */
export const PROTOCOL_LEGACY = 'legacy';
export const MODERN_PROTOCOL_VERSION = '2026-07-28';
export const ProtocolSettingSchema = z
  .string()
  .trim()
  .regex(/^(auto|legacy|\d{4}-\d{2}-\d{2})$/, 'Protocol must be auto, legacy or a protocol version such as 2026-07-28');
export type ProtocolSetting = z.infer<typeof ProtocolSettingSchema>;

/** A version date from 2026-07-28 on is the modern era (no initialize, server/discover instead). */
export function isModernVersion(version: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(version) && version >= MODERN_PROTOCOL_VERSION;
}

/**
 * The longest per-server timeout. Timers hold at most 2^31 − 1 ms (about 24.8 days) and
 * fire at once when given more, so a bigger value would end every connect or call at once.
 */
const MAX_SERVER_TIMEOUT_MS = 24 * 60 * 60 * 1000;
const serverTimeout = z
  .number()
  .int('must be a whole number of milliseconds')
  .positive('must be more than 0 ms')
  .max(MAX_SERVER_TIMEOUT_MS, `must be at most ${MAX_SERVER_TIMEOUT_MS} ms (1 day)`);

/** Hosts a server entry can connect as (see CommonFields.connectAs). */
const CONNECT_AS = ['claude-code', 'claude-desktop', 'cursor', 'vscode', 'openai'] as const;

/** Our own fields, valid on every transport. */
const CommonFields = {
  enabled: z.boolean().optional(),
  /** Overrides MCP_TIMEOUT for this server, in ms. */
  connectTimeoutMs: serverTimeout.optional(),
  /** Default per-call timeout for this server's tool calls, in ms. */
  callTimeoutMs: serverTimeout.optional(),
  oauth: OAuthSettingsSchema.optional(),
  roots: z.array(z.looseObject({ uri: z.string(), name: z.string().optional() })).optional(),
  notes: z.string().optional(),
  /** The protocol era (see ProtocolSettingSchema); absent means auto. */
  protocol: ProtocolSettingSchema.optional(),
  /** Connect with this host's clientInfo and capabilities instead of the workbench's (the doctor's "connect as"). */
  connectAs: z.enum(CONNECT_AS).optional(),
};

export const CONNECT_AS_HOSTS = CONNECT_AS;
export type ConnectAsHost = (typeof CONNECT_AS)[number];

const Url = z.string().trim().min(1, 'URL is required');

const StdioServerConfigSchema = z.looseObject({
  type: z.literal('stdio').optional(),
  command: z.string().trim().min(1, 'Command is required'),
  args: z.array(z.string()).optional(),
  env: StringMap.optional(),
  cwd: z.string().optional(),
  ...CommonFields,
});
const SseServerConfigSchema = z.looseObject({ type: z.literal('sse'), url: Url, headers: StringMap.optional(), ...CommonFields });
const HttpServerConfigSchema = z.looseObject({
  type: z.literal('http'),
  url: Url,
  headers: StringMap.optional(),
  /**
   * The source named no transport (a URL-only entry, as Cursor writes them): set at import,
   * it lets a server that refuses Streamable HTTP be reached over SSE, as the spec's
   * backwards-compatibility rule says. An entry whose `type` was written is pinned.
   */
  typeInferred: z.boolean().optional(),
  ...CommonFields,
});
const WsServerConfigSchema = z.looseObject({ type: z.literal('ws'), url: Url, headers: StringMap.optional(), ...CommonFields });
const SseIdeServerConfigSchema = z.looseObject({
  type: z.literal('sse-ide'),
  url: Url,
  ideName: z.string(),
  authToken: z.string().optional(),
  ...CommonFields,
});
const WsIdeServerConfigSchema = z.looseObject({
  type: z.literal('ws-ide'),
  url: Url,
  ideName: z.string(),
  authToken: z.string().optional(),
  ...CommonFields,
});
const ClaudeAiProxyServerConfigSchema = z.looseObject({ type: z.literal('claudeai-proxy'), url: Url, ...CommonFields });

export type StdioServerConfig = z.infer<typeof StdioServerConfigSchema>;
type SseServerConfig = z.infer<typeof SseServerConfigSchema>;
type HttpServerConfig = z.infer<typeof HttpServerConfigSchema>;
type WsServerConfig = z.infer<typeof WsServerConfigSchema>;
export type SseIdeServerConfig = z.infer<typeof SseIdeServerConfigSchema>;
export type WsIdeServerConfig = z.infer<typeof WsIdeServerConfigSchema>;
type ClaudeAiProxyServerConfig = z.infer<typeof ClaudeAiProxyServerConfigSchema>;

export type ServerConfig =
  | StdioServerConfig
  | SseServerConfig
  | HttpServerConfig
  | WsServerConfig
  | SseIdeServerConfig
  | WsIdeServerConfig
  | ClaudeAiProxyServerConfig;

export const TRANSPORT_TYPES = ['stdio', 'sse', 'http', 'ws', 'sse-ide', 'ws-ide', 'claudeai-proxy'] as const;
export type TransportType = (typeof TRANSPORT_TYPES)[number];

/** The transports that sign in with OAuth: the remote ones that carry a bearer token. */
export const OAUTH_TRANSPORTS: ReadonlySet<TransportType> = new Set(['http', 'sse', 'claudeai-proxy']);

const schemaByType: Record<TransportType, z.ZodType<ServerConfig>> = {
  stdio: StdioServerConfigSchema,
  sse: SseServerConfigSchema,
  http: HttpServerConfigSchema,
  ws: WsServerConfigSchema,
  'sse-ide': SseIdeServerConfigSchema,
  'ws-ide': WsIdeServerConfigSchema,
  'claudeai-proxy': ClaudeAiProxyServerConfigSchema,
};

/** The transport of an entry: `type`, or stdio when it is absent. */
export function transportOf(config: ServerConfig): TransportType {
  return config.type ?? 'stdio';
}

/**
 * Validates an entry against the variant its `type` names (stdio when absent), so
 * messages talk about that transport's fields instead of "no union member matched".
 */
export const ServerConfigSchema: z.ZodType<ServerConfig> = z.unknown().transform((value, ctx) => {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    ctx.addIssue({ code: 'custom', message: 'A server entry must be an object' });
    return z.NEVER;
  }
  const reserved = protoKeyPath(value);
  if (reserved) {
    ctx.addIssue({ code: 'custom', path: reserved, message: '"__proto__" cannot be used as a key' });
    return z.NEVER;
  }
  const type = (value as { type?: unknown }).type ?? 'stdio';
  if (typeof type !== 'string' || !Object.hasOwn(schemaByType, type)) {
    ctx.addIssue({ code: 'custom', path: ['type'], message: `Unknown type "${String(type)}"; expected one of ${TRANSPORT_TYPES.join(', ')}` });
    return z.NEVER;
  }
  const parsed = schemaByType[type as TransportType].safeParse(value);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    return z.NEVER;
  }
  // Other clients' `"disabled": true` is our `"enabled": false` (ours wins when both are given).
  if (parsed.data.enabled === undefined && (parsed.data as { disabled?: unknown }).disabled === true) return { ...parsed.data, enabled: false };
  return parsed.data;
});

/**
 * Where an entry holds a `__proto__` key of its own (JSON.parse makes one), if anywhere:
 * copying such a key into a plain object would swap that object's prototype.
 */
function protoKeyPath(value: unknown, at: Array<string | number> = []): Array<string | number> | undefined {
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = protoKeyPath(item, [...at, i]);
      if (found) return found;
    }
    return undefined;
  }
  if (value === null || typeof value !== 'object') return undefined;
  if (Object.hasOwn(value, '__proto__')) return [...at, '__proto__'];
  for (const [key, item] of Object.entries(value)) {
    const found = protoKeyPath(item, [...at, key]);
    if (found) return found;
  }
  return undefined;
}

export function isStdioConfig(config: ServerConfig): config is StdioServerConfig {
  return transportOf(config) === 'stdio';
}

/** Fields only MCP Workbench reads; exports for other clients leave them out. */
export const WORKBENCH_ONLY_FIELDS = ['enabled', 'connectTimeoutMs', 'callTimeoutMs', 'roots', 'notes', 'protocol', 'typeInferred', 'connectAs'] as const;

export const TRANSPORT_LABELS: Record<TransportType, string> = {
  stdio: 'stdio (local process)',
  http: 'Streamable HTTP',
  sse: 'SSE (deprecated)',
  ws: 'WebSocket',
  'sse-ide': 'IDE over SSE',
  'ws-ide': 'IDE over WebSocket',
  'claudeai-proxy': 'claude.ai proxy',
};

/**
 * Whether an entry is switched on: our `enabled` when given, else not `"disabled": true`
 * (as Cline, Windsurf and Claude Code's own files write it).
 */
export function isEnabled(config: ServerConfig): boolean {
  return config.enabled ?? (config as { disabled?: unknown }).disabled !== true;
}
