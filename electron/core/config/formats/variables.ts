/**
 * Variable syntaxes of other clients, and ours. We use Claude Code's: `${VAR}` and
 * `${VAR:-default}`. Cursor and VS Code write `${env:VAR}`, `${userHome}` and
 * `${workspaceFolder}`; VS Code adds `${input:id}` prompts.
 */
import path from 'node:path';

const REFERENCE = /\$\{([^}]*)\}/g;

/** Applies `fn` to every string the app expands (command, args, env, cwd, envFile, url, headers). */
export function mapConfigStrings(raw: Record<string, unknown>, fn: (value: string) => string): Record<string, unknown> {
  const out = { ...raw };
  const mapMap = (value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, typeof v === 'string' ? fn(v) : v]))
      : value;
  for (const key of ['command', 'url', 'cwd', 'authToken', 'envFile'] as const) if (typeof out[key] === 'string') out[key] = fn(out[key] as string);
  if (Array.isArray(out.args)) out.args = out.args.map((arg) => (typeof arg === 'string' ? fn(arg) : arg));
  if (out.env !== undefined) out.env = mapMap(out.env);
  if (out.headers !== undefined) out.headers = mapMap(out.headers);
  return out;
}

/** Cursor's and VS Code's variables in our syntax; notes what could not be converted. */
export function fromEditorVariables(value: string, projectDir: string | undefined, warnings: Set<string>): string {
  return value.replace(REFERENCE, (whole, inner: string) => {
    if (inner.startsWith('env:')) return `\${${inner.slice(4)}}`;
    if (inner === 'userHome') return '${HOME}';
    if (inner === 'workspaceFolder' || inner === 'workspaceRoot') {
      if (projectDir) return projectDir;
      warnings.add(`\${${inner}} is kept as written: open the project it belongs to and import again to fill it in.`);
      return whole;
    }
    if (inner === 'workspaceFolderBasename' && projectDir) return path.basename(projectDir);
    if (inner === 'pathSeparator' || inner === '/') return path.sep;
    if (inner.startsWith('input:') || inner.startsWith('secret:')) return whole;
    if (/^[A-Za-z_][A-Za-z0-9_]*(:-.*)?$/.test(inner)) return whole;
    warnings.add(`\${${inner}} is a variable MCP Workbench cannot fill in; it is kept as written.`);
    return whole;
  });
}

/** Our variables in Cursor's and VS Code's syntax (`${env:VAR}`); they have no defaults. */
export function toEditorVariables(value: string, droppedDefaults: Set<string>): string {
  return value.replace(REFERENCE, (whole, inner: string) => {
    if (inner.startsWith('input:') || inner.startsWith('secret:') || inner.startsWith('env:')) return whole;
    const cut = inner.indexOf(':-');
    if (cut === -1) return /^[A-Za-z_][A-Za-z0-9_]*$/.test(inner) ? `\${env:${inner}}` : whole;
    droppedDefaults.add(inner.slice(0, cut));
    return `\${env:${inner.slice(0, cut)}}`;
  });
}

/** Other tools' names for the streamable HTTP transport. */
const HTTP_ALIASES = new Set(['streamable-http', 'streamableHttp', 'streamable_http', 'streamablehttp', 'http']);

/**
 * Normalizes an entry written for another client: the transport spelled our way
 * (stdio as no `type`, as Claude Code writes it; a URL without a type is streamable
 * HTTP, as Cursor reads it, marked `typeInferred`).
 */
export function normalizeTransport(raw: Record<string, unknown>): Record<string, unknown> {
  const out = { ...raw };
  // Windsurf writes a remote server's address as `serverUrl`.
  if (typeof out.serverUrl === 'string' && out.url === undefined) {
    out.url = out.serverUrl;
    delete out.serverUrl;
  }
  const type = out.type ?? out.transport;
  if (out.transport !== undefined && out.type === undefined && typeof out.transport === 'string') delete out.transport;
  if (type === 'stdio') delete out.type;
  else if (typeof type === 'string' && HTTP_ALIASES.has(type)) out.type = 'http';
  else if (typeof type === 'string') out.type = type;
  else if (out.command === undefined && typeof out.url === 'string') {
    // Cursor's reading; marked, so a server that turns out to be SSE-only is still reached.
    out.type = 'http';
    out.typeInferred = true;
  }
  return out;
}

export function asObject(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

