/**
 * Bringing servers in from the clients users already have (Claude Desktop, Claude Code,
 * Cursor, VS Code) or from pasted text, and taking them out in each of those formats.
 */
import { z } from 'zod';
import { CONFIG_SCOPES, type ConfigScope } from '../config/scopes';
import { ServerNameSchema, type ServerConfig, type ServerName, type TransportType } from '../config/server-config';
import type { ChannelTable } from './channel-table';

export type ImportClient = 'claude-desktop' | 'claude-code' | 'cursor' | 'vscode' | 'windsurf' | 'cline' | 'zed' | 'gemini' | 'codex' | 'continue';

/**
 * How a file's content is read: `mcpServers` (Claude Desktop, .mcp.json, Cursor, Windsurf,
 * Cline), ~/.claude.json, VS Code's `servers` + `inputs`, Zed's `context_servers`, Gemini
 * CLI's settings.json, Codex's config.toml, or Continue's YAML (`mcpServers` as a list);
 * `cline` is `mcpServers` whose `timeout` is in seconds.
 */
const FILE_FORMATS = ['auto', 'mcp-servers', 'cline', 'claude-code', 'vscode', 'zed', 'gemini', 'codex', 'continue'] as const;
export type FileFormat = (typeof FILE_FORMATS)[number];

export type ImportSourceRef =
  | { kind: 'file'; path: string; format?: FileFormat; /** ~/.claude.json: whose local entries. */ project?: string }
  | { kind: 'text'; text: string };

export interface ImportSourceInfo {
  id: string;
  client: ImportClient;
  label: string;
  path: string;
  exists: boolean;
  /** How many entries the file has (when it parses). */
  count?: number;
  problem?: string;
  source: ImportSourceRef;
}

export interface ImportInput {
  id: string;
  description?: string;
  password: boolean;
  /** The value the client offers when it asks (VS Code's `default`), pre-filled in the form. */
  default?: string;
  /** The entries that use it. */
  usedBy: string[];
}

export interface ImportCandidate {
  /** The entry's name in the source. */
  key: string;
  /** A valid name for it here (the source's, cleaned up if needed). */
  name: ServerName;
  transport?: TransportType;
  /** Where in the source it comes from ("user scope", "local scope of /path"), when the source has several groups. */
  origin?: string;
  /** Command line or URL, for the preview. */
  summary: string;
  /** The entry as it will be saved, secret values masked. Absent when invalid. */
  config?: ServerConfig;
  /** Why it cannot be imported. */
  error?: string;
  /** Scopes that already have a server of this name. */
  existsIn: ConfigScope[];
  /** Fields that will go to the secret store (env.X, headers.Y, …). */
  secretFields: string[];
  /** VS Code input ids it uses. */
  inputs: string[];
}

export interface ImportPreview {
  /** What the source turned out to be ("VS Code mcp.json", "claude mcp add command", …). */
  format: string;
  candidates: ImportCandidate[];
  inputs: ImportInput[];
  warnings: string[];
  /** The scope a pasted `claude mcp add -s …` asked for. */
  suggestedScope?: ConfigScope;
  /** The id of a known source that does what the paste asks (`claude mcp add-from-claude-desktop`). */
  openSource?: string;
}

interface ImportChoice {
  key: string;
  /** The name to save it under. */
  name: ServerName;
  /** Replace a server of that name in the target scope. */
  replace?: boolean;
  /**
   * Save it switched on, so it connects at once: for pasted text only (the user pasted this
   * server into Add server and saved it). Imports from files are always saved switched off.
   */
  enable?: boolean;
}

export interface ApplyImportRequest {
  source: ImportSourceRef;
  scope: ConfigScope;
  choices: ImportChoice[];
  /** Values for VS Code `${input:…}` prompts. */
  inputs?: Record<string, string>;
  /** Keep values whose names look like credentials (…TOKEN, …KEY, Authorization) in the secret store. Default true. */
  secretsByName?: boolean;
}

export interface ApplyImportResult {
  added: ServerName[];
  replaced: ServerName[];
}

export const EXPORT_FORMATS = ['mcp-servers', 'claude-code', 'claude-desktop', 'cursor', 'vscode', 'windsurf', 'cline', 'zed', 'gemini', 'codex', 'continue'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_FORMAT_LABELS: Record<ExportFormat, string> = {
  'mcp-servers': 'mcpServers JSON (all fields)',
  'claude-code': 'Claude Code (.mcp.json)',
  'claude-desktop': 'Claude Desktop (claude_desktop_config.json)',
  cursor: 'Cursor (mcp.json)',
  vscode: 'VS Code (.vscode/mcp.json)',
  windsurf: 'Windsurf (mcp_config.json)',
  cline: 'Cline (cline_mcp_settings.json)',
  zed: 'Zed (settings.json context_servers)',
  gemini: 'Gemini CLI (settings.json)',
  codex: 'Codex (config.toml)',
  continue: 'Continue (.continue/mcpServers/*.yaml)',
};

export interface ExportRequest {
  names: ServerName[];
  format: ExportFormat;
  /** Also save it to this file. */
  path?: string;
  /** Replace an existing file at `path` (its previous version is kept as a backup). */
  overwrite?: boolean;
}

export interface ExportResult {
  text: string;
  warnings: string[];
  /** A sensible file name for this format. */
  fileName: string;
  savedTo?: string;
}

export interface TransferApi {
  /** The config files of other clients found on this machine (and in the open project). */
  listImportSources(): Promise<ImportSourceInfo[]>;
  /** `secretsByName` as in applyImport: which values the preview marks for the secret store. */
  previewImport(request: { source: ImportSourceRef; scope: ConfigScope; secretsByName?: boolean }): Promise<ImportPreview>;
  applyImport(request: ApplyImportRequest): Promise<ApplyImportResult>;
  exportServers(request: ExportRequest): Promise<ExportResult>;
}

const MAX_TEXT = 1024 * 1024;
const ScopeSchema = z.enum(CONFIG_SCOPES);
const ImportSourceRefSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('file'), path: z.string().min(1, 'Give a file path').max(4096), format: z.enum(FILE_FORMATS).optional(), project: z.string().max(4096).optional() }),
  z.strictObject({ kind: z.literal('text'), text: z.string().min(1, 'Paste something first').max(MAX_TEXT) }),
]);

export const transferChannels: ChannelTable<TransferApi> = {
  listImportSources: { channel: 'transfer:sources', request: z.undefined() },
  previewImport: { channel: 'transfer:preview', request: z.strictObject({ source: ImportSourceRefSchema, scope: ScopeSchema, secretsByName: z.boolean().optional() }) },
  applyImport: {
    channel: 'transfer:apply',
    request: z.strictObject({
      source: ImportSourceRefSchema,
      scope: ScopeSchema,
      choices: z.array(z.strictObject({ key: z.string(), name: ServerNameSchema, replace: z.boolean().optional(), enable: z.boolean().optional() })).min(1, 'Choose at least one server').max(500),
      inputs: z.record(z.string(), z.string().max(64 * 1024)).optional(),
      secretsByName: z.boolean().optional(),
    }),
  },
  exportServers: {
    channel: 'transfer:export',
    request: z.strictObject({
      names: z.array(ServerNameSchema).min(1, 'Choose at least one server').max(500),
      format: z.enum(EXPORT_FORMATS),
      path: z.string().min(1).max(4096).optional(),
      overwrite: z.boolean().optional(),
    }),
  },
};
