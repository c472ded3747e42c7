/**
 * Variable syntaxes of other clients, and ours. We use Claude Code's: `${VAR}` and
 * `${VAR:-default}`. Cursor and VS Code write `${env:VAR}`, `${userHome}` and
 * `${workspaceFolder}`; VS Code adds `${input:id}` prompts.
 */
import path from 'node:path';

const REFERENCE = /\$\{([^}]*)\}/g;

/** Applies `fn` to every string the app expands (command, args, env, cwd, envFile, url, headers, the OAuth client's id and secret). */
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
  const oauth = asObject(out.oauth);
  if (oauth && (typeof oauth.clientId === 'string' || typeof oauth.clientSecret === 'string')) {
    out.oauth = {
      ...oauth,
      ...(typeof oauth.clientId === 'string' ? { clientId: fn(oauth.clientId) } : {}),
      ...(typeof oauth.clientSecret === 'string' ? { clientSecret: fn(oauth.clientSecret) } : {}),
    };
  }
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

/**
 * Our variables as Continue's secrets (`${{ secrets.NAME }}`), as Continue's own converter
 * writes them (packages/config-yaml/src/schemas/mcp/convertJson.ts); it has no defaults.
 */
export function toContinueVariables(value: string, droppedDefaults: Set<string>): string {
  return value.replace(REFERENCE, (whole, inner: string) => {
    if (inner.startsWith('input:') || inner.startsWith('secret:') || inner.startsWith('{')) return whole;
    const cut = inner.indexOf(':-');
    const name = cut === -1 ? inner : inner.slice(0, cut);
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) return whole;
    if (cut !== -1) droppedDefaults.add(name);
    return `\${{ secrets.${name} }}`;
  });
}

/** Continue's `${{ secrets.NAME }}` and `${{ inputs.NAME }}` as our `${NAME}`, read from the environment. */
export function fromContinueVariables(value: string): string {
  return value.replace(/\$\{\{\s*(?:secrets|inputs)\.([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g, (_whole, name: string) => `\${${name}}`);
}

/**
 * Gemini CLI's variables in our syntax. It expands `$VAR`, `${VAR}` and `${VAR:-default}`
 * in every string of its settings file when it loads it (resolveEnvVarsInString in
 * packages/cli/src/utils/envVarResolver.ts, google-gemini/gemini-cli 0.56.0-nightly.20260806);
 * we read the last two as they are, so only the bare `$VAR` is rewritten. A `$` not
 * followed by a name (`$5`, `a$$`) stays text, as it does in Gemini CLI.
 */
export function fromGeminiVariables(value: string): string {
  return value.replace(/\$(\{[^}]*\}|[A-Za-z_][A-Za-z0-9_]*)/g, (whole, name: string) => (name.startsWith('{') ? whole : `\${${name}}`));
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
  // Cline's older files write `transportType` ("stdio", "sse", or "http" for Streamable HTTP).
  const type = out.type ?? out.transport ?? out.transportType;
  if (out.transport !== undefined && out.type === undefined && typeof out.transport === 'string') delete out.transport;
  if (out.transportType !== undefined && out.type === undefined && typeof out.transportType === 'string') delete out.transportType;
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

