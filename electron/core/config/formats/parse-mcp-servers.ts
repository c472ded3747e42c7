/**
 * `{"mcpServers": {...}}`: Claude Desktop's config, Claude Code's `.mcp.json` and
 * `~/.claude.json`, Cursor's `mcp.json`, and most READMEs. One tolerant reader for all of
 * them: Cursor's `${env:VAR}` and URL-only entries are converted as they go.
 */
import { asObject, fromEditorVariables, mapConfigStrings, normalizeTransport } from './variables';
import { SourceError, type ParseContext, type ParsedSource, type SourceEntry } from './types';

export function entriesFromMap(map: Record<string, unknown>, ctx: ParseContext, warnings: Set<string>): SourceEntry[] {
  return Object.entries(map).map(([key, value]) => {
    const object = asObject(value);
    if (!object) return { key, raw: value };
    return { key, raw: mapConfigStrings(cursorAuthAsOAuth(normalizeTransport(object)), (s) => fromEditorVariables(s, ctx.projectDir, warnings)) };
  });
}

/**
 * Cursor's static OAuth client (`"auth": {"CLIENT_ID", "CLIENT_SECRET", "scopes"}`, from
 * Cursor's MCP documentation) as our `oauth`. The secret then goes to the secret store
 * like every OAuth client secret; left as `auth` it would sit in servers.json in clear.
 * Our own `oauth`, when the entry has both, wins field by field.
 */
function cursorAuthAsOAuth(raw: Record<string, unknown>): Record<string, unknown> {
  const auth = asObject(raw.auth);
  if (!auth || !('CLIENT_ID' in auth || 'CLIENT_SECRET' in auth || 'scopes' in auth)) return raw;
  const { auth: _auth, ...rest } = raw;
  void _auth;
  const mapped: Record<string, unknown> = {
    ...(auth.CLIENT_ID !== undefined ? { clientId: auth.CLIENT_ID } : {}),
    ...(auth.CLIENT_SECRET !== undefined ? { clientSecret: auth.CLIENT_SECRET } : {}),
    ...(auth.scopes !== undefined ? { scopes: auth.scopes } : {}),
  };
  const others = Object.fromEntries(Object.entries(auth).filter(([key]) => !['CLIENT_ID', 'CLIENT_SECRET', 'scopes'].includes(key)));
  return { ...rest, oauth: { ...mapped, ...(asObject(raw.oauth) ?? {}) }, ...(Object.keys(others).length > 0 ? { auth: others } : {}) };
}

export function parseMcpServers(value: Record<string, unknown>, ctx: ParseContext, format = 'mcpServers JSON'): ParsedSource {
  const map = value.mcpServers;
  if (map === undefined) return { format, entries: [], inputs: [], warnings: [] };
  const object = asObject(map);
  if (!object) throw new SourceError('"mcpServers" must be an object of server entries.');
  const warnings = new Set<string>();
  return { format, entries: entriesFromMap(object, ctx, warnings), inputs: [], warnings: [...warnings] };
}

/**
 * Claude Code's `~/.claude.json`: user entries at the top, local entries under
 * `projects["/abs/path"].mcpServers`.
 */
export function parseClaudeJson(value: Record<string, unknown>, ctx: ParseContext, project?: string): ParsedSource {
  if (!project) return parseMcpServers(value, ctx, 'Claude Code (user scope)');
  const projects = asObject(value.projects) ?? {};
  const entry = asObject(projects[project]);
  if (!entry) throw new SourceError(`~/.claude.json has no entries for the project ${project}.`);
  return parseMcpServers(entry, { projectDir: project }, `Claude Code (local scope of ${project})`);
}

/** The projects in a ~/.claude.json that have local servers. */
export function claudeJsonProjects(value: Record<string, unknown>): Array<{ project: string; count: number }> {
  const projects = asObject(value.projects) ?? {};
  return Object.entries(projects)
    .map(([project, entry]) => ({ project, count: Object.keys(asObject(asObject(entry)?.mcpServers) ?? {}).length }))
    .filter((p) => p.count > 0);
}

/** Whether a value is a whole ~/.claude.json with local servers under `projects`. */
export function hasProjectServers(value: Record<string, unknown>): boolean {
  return claudeJsonProjects(value).length > 0;
}

/**
 * A whole ~/.claude.json: the user entries and every project's local entries, each
 * marked with where it comes from so the user can pick (a project's `${workspaceFolder}`
 * style paths are that project's).
 */
export function parseWholeClaudeJson(value: Record<string, unknown>, ctx: ParseContext): ParsedSource {
  const user = parseMcpServers(value, ctx, 'Claude Code ~/.claude.json');
  const entries: SourceEntry[] = user.entries.map((entry) => ({ ...entry, origin: 'user scope' }));
  const warnings = new Set(user.warnings);
  const projects = asObject(value.projects) ?? {};
  for (const { project } of claudeJsonProjects(value)) {
    const map = asObject(asObject(projects[project])?.mcpServers) ?? {};
    for (const entry of entriesFromMap(map, { projectDir: project }, warnings)) {
      entries.push({ key: `projects[${project}].${entry.key}`, raw: entry.raw, name: entry.key, origin: `local scope of ${project}` });
    }
  }
  return { format: 'Claude Code ~/.claude.json (user and local scopes)', entries, inputs: [], warnings: [...warnings] };
}
