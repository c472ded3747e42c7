/**
 * The configured servers, in three scopes:
 * - user: `servers.json` in the app data folder (`mcpServers`);
 * - project: `.mcp.json` in the folder the user opened as a project (`mcpServers`);
 * - local: `local-servers.json` in the app data folder, under the project's absolute
 *   path (`projects["/abs/path"].mcpServers`, the shape of Claude Code's ~/.claude.json).
 *
 * Entries are validated one by one: an invalid entry is reported and skipped, never
 * dropped from its file. A file that does not parse is never overwritten, and the other
 * scopes keep working. Files are watched, so edits made with other tools show up live.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { JSONPath } from 'jsonc-parser';
import type { z } from 'zod';
import { AppError } from '../../../shared/envelope';
import { ServerConfigSchema, ServerNameSchema, type ServerConfig, type ServerName } from '../../../shared/config/server-config';
import { SCOPE_LABELS, type ConfigScope } from '../../../shared/config/scopes';
import { ConfigFile } from './config-file';
import { locate, type JsonObject, type JsonProblem } from './json-text';
import { mergeScopes, type EffectiveEntry, type MayShadow, type ScopedEntry } from './merge-scopes';
import { failure } from '../../../shared/errors';

export const SERVERS_FILE = 'servers.json';
export const LOCAL_SERVERS_FILE = 'local-servers.json';
export const PROJECT_FILE = '.mcp.json';
const BACKUP_DIR = 'backups';

interface EntryProblem {
  name: string;
  message: string;
  line?: number;
  column?: number;
}

export interface ScopeFileStatus {
  scope: ConfigScope;
  path: string;
  exists: boolean;
  /** The file does not parse: its last good version (if any) stays in use. */
  problem?: JsonProblem;
  /** Entries that parse as JSON but are not valid server entries. */
  entryProblems: EntryProblem[];
}

export interface RegistryChange {
  scopes: ConfigScope[];
  /** True when another program changed the file. */
  external: boolean;
  /** True when a project was opened or closed. */
  project?: boolean;
  /** An entry added in the app. */
  added?: ServerName;
  /** An entry renamed in the app: the same server under a new name. */
  renamed?: { from: ServerName; to: ServerName };
}

/**
 * Servers given for one run only, in place of the three scopes (the CLI's `--config`
 * file and its ad-hoc servers). They are reported as user-scope entries — yours, not a
 * project's — but nothing is ever read from or written to the scope files.
 */
export interface FixedServers {
  /** Where they come from, for messages ("/path/servers.json", "the command line"). */
  source: string;
  entries: ReadonlyArray<readonly [ServerName, ServerConfig]>;
}

export interface ServerRegistryOptions {
  watch?: boolean;
  fixed?: FixedServers;
}

interface ParsedScope {
  source: JsonObject | undefined;
  project: string | undefined;
  entries: Map<ServerName, ServerConfig>;
  problems: EntryProblem[];
}

export class ServerRegistry {
  private readonly userFile: ConfigFile;
  private readonly localFile: ConfigFile;
  private projectFile: ConfigFile | undefined;
  private projectDir: string | undefined;
  private readonly parsed = new Map<ConfigScope, ParsedScope>();
  /** The last merge and the parsed scopes it was made from. */
  private merged: { user: ParsedScope; project: ParsedScope | undefined; local: ParsedScope | undefined; entries: readonly EffectiveEntry[] } | undefined;
  private readonly watching: boolean;
  private readonly fixed: FixedServers | undefined;

  /** Called after every change of any scope, ours or another program's. */
  onChange?: (change: RegistryChange) => void;

  /**
   * Whether a project entry may take the name of a user entry (the user approved exactly
   * that project entry); until set, none may. See mergeScopes.
   */
  private mayShadow: MayShadow = () => false;

  constructor(
    private readonly dataDir: string,
    options: ServerRegistryOptions = {},
  ) {
    this.fixed = options.fixed;
    this.watching = (options.watch ?? false) && !this.fixed;
    this.userFile = new ConfigFile(path.join(dataDir, SERVERS_FILE), { backupPath: path.join(dataDir, `${SERVERS_FILE}.bak`), mode: 0o600 });
    this.localFile = new ConfigFile(path.join(dataDir, LOCAL_SERVERS_FILE), { backupPath: path.join(dataDir, `${LOCAL_SERVERS_FILE}.bak`), mode: 0o600 });
  }

  async load(): Promise<void> {
    await fs.mkdir(this.dataDir, { recursive: true });
    if (this.fixed) return;
    await Promise.all([this.userFile.load(), this.localFile.load()]);
    if (this.watching) {
      this.userFile.watch(() => this.changed(['user'], true));
      this.localFile.watch(() => this.projectDir && this.changed(['local'], true));
    }
  }

  /** Sets who decides whether a project entry may take a user entry's name (the project approvals). */
  setShadowPolicy(mayShadow: MayShadow): void {
    this.mayShadow = mayShadow;
    this.merged = undefined;
  }

  /** The user decided about a project entry: merged again, and the change goes out like any edit made here. */
  approvalsChanged(): void {
    this.merged = undefined;
    this.changed(['project'], false);
  }

  /** The app data folder, where the user and local scope files live. */
  get dataFolder(): string {
    return this.dataDir;
  }

  /** The open project's absolute path. */
  get project(): string | undefined {
    return this.projectDir;
  }

  /** Opens a folder as the project: its `.mcp.json` and its local entries join the list. */
  async openProject(dir: string): Promise<string> {
    this.refuseWhenFixed();
    const resolved = await canonicalDir(dir);
    if (resolved === this.projectDir) return resolved;
    this.projectFile?.unwatch();
    const file = new ConfigFile(path.join(resolved, PROJECT_FILE), { backupPath: this.backupPathFor(path.join(resolved, PROJECT_FILE)) });
    await file.load();
    this.projectFile = file;
    this.projectDir = resolved;
    if (this.watching) file.watch(() => this.changed(['project'], true));
    this.onChange?.({ scopes: ['project', 'local'], external: false, project: true });
    return resolved;
  }

  closeProject(): void {
    if (!this.projectDir) return;
    this.projectFile?.unwatch();
    this.projectFile = undefined;
    this.projectDir = undefined;
    this.onChange?.({ scopes: ['project', 'local'], external: false, project: true });
  }

  /** The servers in use: each name from its highest-precedence scope (merged again only when a scope changed). */
  effective(): readonly EffectiveEntry[] {
    if (this.fixed) return this.fixed.entries.map(([name, config]) => ({ name, scope: 'user', config, shadows: [] }));
    const user = this.scope('user');
    const project = this.projectDir ? this.scope('project') : undefined;
    const local = this.projectDir ? this.scope('local') : undefined;
    const last = this.merged;
    if (last && last.user === user && last.project === project && last.local === local) return last.entries;
    const entries = mergeScopes({ user: user.entries, ...(project && local ? { project: project.entries, local: local.entries } : {}) }, this.mayShadow);
    this.merged = { user, project, local, entries };
    return entries;
  }

  list(): Array<[ServerName, ServerConfig]> {
    return this.effective().map((entry) => [entry.name, entry.config]);
  }

  /** The effective entry for a name. */
  get(name: ServerName): ServerConfig | undefined {
    return this.find(name)?.config;
  }

  /** The entry of one scope, or the effective one when no scope is given. */
  find(name: ServerName, scope?: ConfigScope): ScopedEntry | undefined {
    if (this.fixed) return scope === undefined || scope === 'user' ? this.effective().find((entry) => entry.name === name) : undefined;
    if (!scope) return this.effective().find((entry) => entry.name === name);
    if (scope !== 'user' && !this.projectDir) return undefined;
    const config = this.scope(scope).entries.get(name);
    return config ? { name, scope, config } : undefined;
  }

  /**
   * Which scope an entry handed to a launch came from: the scope holding exactly this
   * entry under this name, the effective one first. An entry found in no scope (the file
   * changed since) counts as the open project's, the scope that is asked about most.
   */
  originOf(name: ServerName, config: ServerConfig): { scope: ConfigScope; project?: string } {
    const json = JSON.stringify(config);
    const same = (entry: ScopedEntry | undefined) => entry !== undefined && (entry.config === config || JSON.stringify(entry.config) === json);
    const effective = this.find(name);
    const scope = same(effective) ? effective!.scope : (['local', 'project', 'user'] as const).find((s) => same(this.find(name, s))) ?? (this.projectDir ? 'project' : 'user');
    return { scope, ...(scope !== 'user' && this.projectDir ? { project: this.projectDir } : {}) };
  }

  /** Every valid entry of one scope. */
  entriesOf(scope: ConfigScope): ScopedEntry[] {
    if (this.fixed) return scope === 'user' ? [...this.effective()] : [];
    if (scope !== 'user' && !this.projectDir) return [];
    return [...this.scope(scope).entries].map(([name, config]) => ({ name, scope, config }));
  }

  /** The scopes that can be written now (project and local need an open project). */
  availableScopes(): ConfigScope[] {
    if (this.fixed) return [];
    return this.projectDir ? ['user', 'project', 'local'] : ['user'];
  }

  // Each check runs inside the edit, on the file as it is on disk now (another process may
  // have changed it since this one last read it), while the file's lock is held.

  async add(scope: ConfigScope, name: ServerName, config: ServerConfig): Promise<void> {
    checkName(name);
    checkEntry(name, config);
    const { file, base } = this.target(scope);
    await file.edit((value) => {
      if (hasRawIn(value, base, name)) throw new AppError('conflict', `A server named "${name}" already exists in the ${scopeName(scope)} scope.`);
      return [{ path: [...base, name], value: config }];
    });
    this.changed([scope], false, { added: name });
  }

  /** Replaces an entry, optionally renaming it. */
  async replace(scope: ConfigScope, name: ServerName, config: ServerConfig, newName: ServerName = name): Promise<void> {
    checkName(newName);
    checkEntry(newName, config);
    const { file, base } = this.target(scope);
    await file.edit((value) => {
      if (!hasRawIn(value, base, name)) throw new AppError('not-found', `No server named "${name}" in the ${scopeName(scope)} scope.`);
      if (newName !== name && hasRawIn(value, base, newName)) {
        throw new AppError('conflict', `A server named "${newName}" already exists in the ${scopeName(scope)} scope.`);
      }
      return [...(newName !== name ? [{ path: [...base, name], value: undefined }] : []), { path: [...base, newName], value: config }];
    });
    this.changed([scope], false, newName !== name ? { renamed: { from: name, to: newName } } : {});
  }

  async remove(scope: ConfigScope, name: ServerName): Promise<void> {
    const { file, base } = this.target(scope);
    await file.edit((value) => {
      if (!hasRawIn(value, base, name)) throw new AppError('not-found', `No server named "${name}" in the ${scopeName(scope)} scope.`);
      return [{ path: [...base, name], value: undefined }];
    });
    this.changed([scope], false);
  }

  /**
   * Moves an entry to another scope. The target is written first, so a failure half way
   * leaves the server in both scopes rather than in none.
   */
  async move(name: ServerName, from: ConfigScope, to: ConfigScope): Promise<void> {
    if (from === to) return;
    const entry = this.find(name, from);
    if (!entry) throw new AppError('not-found', `No server named "${name}" in the ${scopeName(from)} scope.`);
    const source = this.target(from);
    const target = this.target(to);
    await target.file.edit((value) => {
      if (hasRawIn(value, target.base, name)) throw new AppError('conflict', `A server named "${name}" already exists in the ${scopeName(to)} scope.`);
      return [{ path: [...target.base, name], value: entry.config }];
    });
    await source.file.edit(() => [{ path: [...source.base, name], value: undefined }]);
    this.changed([from, to], false);
  }

  /** Each scope's file, and what is wrong with it. */
  status(): ScopeFileStatus[] {
    if (this.fixed) return [];
    const out: ScopeFileStatus[] = [this.statusOf('user', this.userFile)];
    if (this.projectDir && this.projectFile) {
      out.push(this.statusOf('project', this.projectFile), this.statusOf('local', this.localFile));
    }
    return out;
  }

  pathOf(scope: ConfigScope): string | undefined {
    if (this.fixed) return undefined;
    if (scope === 'user') return this.userFile.path;
    if (!this.projectDir) return undefined;
    return scope === 'project' ? this.projectFile?.path : this.localFile.path;
  }

  close(): void {
    this.userFile.unwatch();
    this.localFile.unwatch();
    this.projectFile?.unwatch();
  }

  private statusOf(scope: ConfigScope, file: ConfigFile): ScopeFileStatus {
    const problem = file.problem;
    return {
      scope,
      path: file.path,
      exists: file.state.kind !== 'missing',
      ...(problem ? { problem } : {}),
      entryProblems: this.scope(scope).problems,
    };
  }

  private fileOf(scope: ConfigScope): { file: ConfigFile; base: JSONPath } | undefined {
    if (scope === 'user') return { file: this.userFile, base: ['mcpServers'] };
    if (!this.projectDir || !this.projectFile) return undefined;
    if (scope === 'project') return { file: this.projectFile, base: ['mcpServers'] };
    return { file: this.localFile, base: ['projects', this.projectDir, 'mcpServers'] };
  }

  private target(scope: ConfigScope): { file: ConfigFile; base: JSONPath } {
    this.refuseWhenFixed();
    const found = this.fileOf(scope);
    if (!found) throw failure('unavailable', `Open a project first: the ${scopeName(scope)} scope belongs to a project folder.`);
    return found;
  }

  /** Fixed servers are for this run only: nothing may be saved or opened. */
  private refuseWhenFixed(): void {
    if (this.fixed) throw failure('unavailable', `The servers of this run come from ${this.fixed.source}; nothing is saved.`);
  }

  /** The valid entries of a scope and the problems of the others, recomputed when the file changes. */
  private scope(scope: ConfigScope): ParsedScope {
    const found = this.fileOf(scope);
    const source = found?.file.value;
    const cached = this.parsed.get(scope);
    if (cached && cached.source === source && cached.project === this.projectDir && source !== undefined) return cached;
    const result: ParsedScope = { source, project: this.projectDir, entries: new Map(), problems: [] };
    if (found && source) {
      const text = found.file.state.kind === 'ok' ? found.file.state.text : undefined;
      let map: unknown = source;
      for (const key of found.base) map = map && typeof map === 'object' && !Array.isArray(map) ? (map as JsonObject)[key as string] : undefined;
      if (map !== undefined && (map === null || typeof map !== 'object' || Array.isArray(map))) {
        result.problems.push({ name: 'mcpServers', message: '"mcpServers" must be an object of server entries', ...(text ? locate(text, found.base) : {}) });
      } else if (map) {
        for (const [name, raw] of Object.entries(map as JsonObject)) {
          const where = text ? locate(text, [...found.base, name]) : undefined;
          const validName = ServerNameSchema.safeParse(name);
          if (!validName.success) {
            result.problems.push({ name, message: `"${name}": ${validName.error.issues[0]?.message}`, ...where });
            continue;
          }
          const parsed = ServerConfigSchema.safeParse(raw);
          if (!parsed.success) {
            result.problems.push({ name, message: entryProblem(name, parsed.error), ...where });
            continue;
          }
          result.entries.set(name, parsed.data);
        }
      }
    }
    this.parsed.set(scope, result);
    return result;
  }

  private changed(scopes: ConfigScope[], external: boolean, what: Pick<RegistryChange, 'added' | 'renamed'> = {}): void {
    this.onChange?.({ scopes, external, ...what });
  }

  /** Backups of files outside the app data folder live inside it, so a project folder gets no stray files. */
  private backupPathFor(file: string): string {
    const hash = createHash('sha256').update(file).digest('hex').slice(0, 12);
    return path.join(this.dataDir, BACKUP_DIR, `${path.basename(path.dirname(file))}-${hash}${path.basename(file)}.bak`);
  }
}

/** A name no file may get: the same rule as for reading, with the same message. */
function checkName(name: string): void {
  const valid = ServerNameSchema.safeParse(name);
  if (!valid.success) throw new AppError('invalid-request', `"${name}": ${valid.error.issues[0]?.message}`);
}

/** An entry no file may get (it would be skipped when read back), with the message reading gives. */
function checkEntry(name: string, config: ServerConfig): void {
  const parsed = ServerConfigSchema.safeParse(config);
  if (!parsed.success) throw new AppError('invalid-request', entryProblem(name, parsed.error));
}

function entryProblem(name: string, error: z.ZodError): string {
  const issue = error.issues[0];
  const field = issue?.path.length ? `${issue.path.join('.')}: ` : '';
  return `"${name}": ${field}${issue?.message ?? 'invalid entry'}`;
}

/** The object at `base` in a file's content, if there is one. */
function mapAt(value: JsonObject | undefined, base: JSONPath): JsonObject | undefined {
  let node: unknown = value;
  for (const key of base) node = node && typeof node === 'object' && !Array.isArray(node) && Object.hasOwn(node, key as string) ? (node as JsonObject)[key as string] : undefined;
  return node && typeof node === 'object' && !Array.isArray(node) ? (node as JsonObject) : undefined;
}

/** Whether the file has anything under that name, valid or not. */
function hasRawIn(value: JsonObject | undefined, base: JSONPath, name: string): boolean {
  const map = mapAt(value, base);
  return !!map && Object.hasOwn(map, name);
}

function scopeName(scope: ConfigScope): string {
  return SCOPE_LABELS[scope].toLowerCase();
}

/** The folder's absolute, symlink-free path; a clear error when it is not a folder. */
async function canonicalDir(dir: string): Promise<string> {
  const trimmed = dir.trim();
  if (!trimmed) throw new AppError('invalid-request', 'Give the path of a project folder.');
  if (!path.isAbsolute(trimmed)) throw new AppError('invalid-request', `"${trimmed}" is not an absolute path.`);
  let real: string;
  try {
    real = await fs.realpath(trimmed);
  } catch {
    throw new AppError('not-found', `No folder at "${trimmed}".`);
  }
  const stat = await fs.stat(real);
  if (!stat.isDirectory()) throw new AppError('invalid-request', `"${trimmed}" is a file, not a folder.`);
  return real;
}
