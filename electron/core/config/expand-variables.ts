/**
 * Fills in an entry right before it is launched: `${VAR}` and `${VAR:-default}` from the
 * environment (as Claude Code does, in command, args, env, url and headers), and
 * `${secret:KEY}` from the secret store (in the fields that can hold secrets). The stored
 * entry is never changed; the expanded copy is used for one launch only.
 */
import { AppError } from '../../../shared/envelope';
import type { ServerConfig, ServerName } from '../../../shared/config/server-config';

export interface ExpandContext {
  server: ServerName;
  env: Readonly<Record<string, string | undefined>>;
  /** A secret's value, or undefined when the store has none under that key. */
  secret(key: string): Promise<string | undefined>;
  /** Told every secret value used, so logs can mask it. */
  onSecret?(value: string): void;
}

const REFERENCE = /\$\{([^}]*)\}/g;

/** The variables a string refers to (secrets excluded), with their defaults. */
export function variablesIn(value: string): Array<{ name: string; fallback?: string }> {
  const out: Array<{ name: string; fallback?: string }> = [];
  for (const match of value.matchAll(REFERENCE)) {
    const inner = match[1] ?? '';
    if (inner.startsWith('secret:')) continue;
    const cut = inner.indexOf(':-');
    out.push(cut === -1 ? { name: inner } : { name: inner.slice(0, cut), fallback: inner.slice(cut + 2) });
  }
  return out;
}

/** Expands one string; `field` names it in errors (e.g. `env.API_KEY`, `args[2]`). */
export async function expandString(value: string, field: string, ctx: ExpandContext): Promise<string> {
  if (!value.includes('${')) return value;
  const missing: string[] = [];
  const missingSecrets: string[] = [];
  const replacements: string[] = [];
  for (const match of value.matchAll(REFERENCE)) {
    const inner = match[1] ?? '';
    if (inner.startsWith('secret:')) {
      const secret = await ctx.secret(inner.slice('secret:'.length));
      if (secret === undefined) missingSecrets.push(inner);
      else ctx.onSecret?.(secret);
      replacements.push(secret ?? '');
      continue;
    }
    const cut = inner.indexOf(':-');
    const name = cut === -1 ? inner : inner.slice(0, cut);
    const fromEnv = ctx.env[name];
    if (fromEnv !== undefined) replacements.push(fromEnv);
    else if (cut !== -1) replacements.push(inner.slice(cut + 2));
    else {
      missing.push(name);
      replacements.push('');
    }
  }
  if (missingSecrets.length > 0) {
    throw new AppError(
      'failed',
      `Server "${ctx.server}": the secret value of ${field} is not in this app's secret store. Open the server's form and enter it again.`,
    );
  }
  if (missing.length > 0) {
    const list = missing.map((name) => `\${${name}}`).join(', ');
    const first = missing[0];
    throw new AppError(
      'failed',
      `Server "${ctx.server}": ${field} uses ${list}, which ${missing.length === 1 ? 'is' : 'are'} not set. Set ${missing.length === 1 ? 'it' : 'them'} in the environment, or give a default like \${${first}:-value}.`,
    );
  }
  // Replacements are inserted as they are: a value holding "${" is not expanded again.
  let index = 0;
  return value.replace(REFERENCE, () => replacements[index++] ?? '');
}

async function expandMap(map: Record<string, string> | undefined, field: string, ctx: ExpandContext): Promise<Record<string, string> | undefined> {
  if (!map) return undefined;
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(map)) out[key] = await expandString(value, `${field}.${key}`, ctx);
  return out;
}

/** A copy of the entry with every expandable field expanded. */
export async function expandConfig(config: ServerConfig, ctx: ExpandContext): Promise<ServerConfig> {
  const record = { ...(config as Record<string, unknown>) };
  if (typeof record.command === 'string') record.command = await expandString(record.command, 'command', ctx);
  if (Array.isArray(record.args)) {
    const args: string[] = [];
    for (const [i, arg] of (record.args as string[]).entries()) args.push(await expandString(arg, `args[${i}]`, ctx));
    record.args = args;
  }
  if (record.env) record.env = await expandMap(record.env as Record<string, string>, 'env', ctx);
  if (typeof record.url === 'string') record.url = await expandString(record.url, 'url', ctx);
  if (record.headers) record.headers = await expandMap(record.headers as Record<string, string>, 'headers', ctx);
  if (typeof record.authToken === 'string') record.authToken = await expandString(record.authToken, 'authToken', ctx);
  const oauth = record.oauth as Record<string, unknown> | undefined;
  if (oauth && typeof oauth.clientSecret === 'string') {
    record.oauth = { ...oauth, clientSecret: await expandString(oauth.clientSecret, 'oauth.clientSecret', ctx) };
  }
  return record as ServerConfig;
}
