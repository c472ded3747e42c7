/**
 * Codex's two ways of taking values from the environment at connect time, which an
 * imported Codex entry keeps under its own names (Codex's config reference,
 * developers.openai.com/codex/config-reference, `[mcp_servers.<name>]`):
 *
 * - `env_vars = ["NAME", …]` on a stdio server: these variables of the app's environment
 *   are passed to the server as they are (Codex starts servers with a short list of
 *   variables, as we do, plus these). A variable that is not set is not passed; `env`
 *   wins over it.
 * - `env_http_headers = { "Header" = "VAR" }` on an HTTP server: the header gets the
 *   variable's value; a variable that is unset or empty adds no header. Written headers
 *   (`headers`, from Codex's `http_headers`) win.
 */
import type { ServerConfig } from '../../../shared/config/server-config';
import type { Env } from './login-shell-env';

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

function stringMap(value: unknown): Record<string, string> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value as Record<string, unknown>).filter((pair): pair is [string, string] => typeof pair[1] === 'string'));
}

/** The variables `env_vars` passes through, with their values here. */
export function passedThroughEnv(config: ServerConfig, env: Env): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of stringList((config as { env_vars?: unknown }).env_vars)) {
    const value = env[name];
    if (value !== undefined) out[name] = value;
  }
  return out;
}

/** The headers `env_http_headers` adds, with their values here. */
export function headersFromEnv(config: ServerConfig, env: Env): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [header, variable] of Object.entries(stringMap((config as { env_http_headers?: unknown }).env_http_headers))) {
    const value = env[variable];
    if (value !== undefined && value.trim() !== '') out[header] = value;
  }
  return out;
}
