/**
 * Fills in an entry right before it is launched: `${VAR}` and `${VAR:-default}` from the
 * environment (as Claude Code does, in command, args, env, url and headers; and in the
 * OAuth client's id and secret), and
 * `${secret:KEY}` from the secret store. The stored entry is never changed; the expanded
 * copy is used for one launch only.
 *
 * A secret is filled in only where a secret can live (env and header values, the IDE
 * auth token, the OAuth client secret) and only when the entry owns the key (it was
 * made for that field of that server). Anything else is refused before the launch, so
 * an entry from a project file or a paste cannot send another server's secret or the
 * user's OAuth tokens to an address of its choosing.
 */
import type { SecretFieldPath } from '../../../shared/config/secret-ref';
import type { ServerConfig, ServerName } from '../../../shared/config/server-config';
import { ownsSecretKey } from './secret-fields';
import { failure } from '../../../shared/errors';

export interface ExpandContext {
  server: ServerName;
  env: Readonly<Record<string, string | undefined>>;
  /** A secret's value, or undefined when the store has none under that key. */
  secret(key: string): Promise<string | undefined>;
  /** Told every secret value used, so logs can mask it. */
  onSecret?(value: string): void;
  /** Why this entry may not use a key it owns by name (another scope's, saved for another destination); undefined when it may. */
  secretRefusal?(key: string, field: string): Promise<string | undefined>;
}

const REFERENCE = /\$\{([^}]*)\}/g;

/** The variables a string refers to (secrets excluded), with their defaults. */
export function variablesIn(value: string): Array<{ name: string; fallback?: string }> {
  const out: Array<{ name: string; fallback?: string }> = [];
  for (const match of value.matchAll(REFERENCE)) {
    const inner = match[1] ?? '';
    if (inner.startsWith('secret:')) continue;
    const cut = inner.indexOf(':-');
    out.push(cut === -1 ? { name: variableName(inner) } : { name: variableName(inner.slice(0, cut)), fallback: inner.slice(cut + 2) });
  }
  return out;
}

/** `${env:HOME}` (Cursor's and VS Code's spelling, common in hand-written files) is `${HOME}`. */
function variableName(reference: string): string {
  return reference.startsWith('env:') ? reference.slice(4) : reference;
}

const SECRET_FIELDS_TEXT = 'env values, header values, the IDE auth token and the OAuth client secret';

/** Why a reference is not filled in, or undefined when it may be. */
function refusal(key: string, field: string, secretField: SecretFieldPath | undefined, ctx: ExpandContext): string | undefined {
  const start = `Server "${ctx.server}": ${field} refers to the stored secret "${key}"`;
  if (!secretField) return `${start}, but stored secrets are filled in only in ${SECRET_FIELDS_TEXT}. Nothing was sent.`;
  if (ownsSecretKey(ctx.server, secretField, key)) return undefined;
  const what = key.startsWith('oauth:') ? 'it is sign-in material kept by the app' : 'it was not saved for this field of this server';
  return `${start}, which it may not use: ${what}. A server uses only the secrets saved in its own form; nothing was sent. Enter the value again in this server's form.`;
}

/**
 * Expands one string; `field` names it in errors (e.g. `env.API_KEY`, `args[2]`).
 * `secretField` is the field's path when it may hold a secret; without it any
 * `${secret:…}` is refused.
 */
export async function expandString(value: string, field: string, ctx: ExpandContext, secretField?: SecretFieldPath): Promise<string> {
  if (!value.includes('${')) return value;
  const missing: string[] = [];
  const missingSecrets: string[] = [];
  const replacements: string[] = [];
  for (const match of value.matchAll(REFERENCE)) {
    const inner = match[1] ?? '';
    if (inner.startsWith('secret:')) {
      const key = inner.slice('secret:'.length);
      const refused = refusal(key, field, secretField, ctx) ?? (await ctx.secretRefusal?.(key, field));
      if (refused) throw failure('refused', refused);
      const secret = await ctx.secret(key);
      if (secret === undefined) missingSecrets.push(inner);
      else ctx.onSecret?.(secret);
      replacements.push(secret ?? '');
      continue;
    }
    const cut = inner.indexOf(':-');
    const name = variableName(cut === -1 ? inner : inner.slice(0, cut));
    const fromEnv = ctx.env[name];
    if (fromEnv !== undefined) replacements.push(fromEnv);
    else if (cut !== -1) replacements.push(inner.slice(cut + 2));
    else {
      missing.push(name);
      replacements.push('');
    }
  }
  if (missingSecrets.length > 0) {
    throw failure(
      'unavailable',
      `Server "${ctx.server}": the secret value of ${field} is not in this app's secret store. Open the server's form and enter it again.`,
    );
  }
  if (missing.length > 0) {
    const list = missing.map((name) => `\${${name}}`).join(', ');
    const first = missing[0];
    throw failure(
      'invalid-input',
      `Server "${ctx.server}": ${field} uses ${list}, which ${missing.length === 1 ? 'is' : 'are'} not set. Set ${missing.length === 1 ? 'it' : 'them'} in the environment, or give a default like \${${first}:-value}.`,
    );
  }
  // Replacements are inserted as they are: a value holding "${" is not expanded again.
  let index = 0;
  return value.replace(REFERENCE, () => replacements[index++] ?? '');
}

async function expandMap(map: Record<string, string> | undefined, field: 'env' | 'headers', ctx: ExpandContext): Promise<Record<string, string> | undefined> {
  if (!map) return undefined;
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(map)) out[key] = await expandString(value, `${field}.${key}`, ctx, [field, key]);
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
  if (typeof record.authToken === 'string') record.authToken = await expandString(record.authToken, 'authToken', ctx, ['authToken']);
  const oauth = record.oauth as Record<string, unknown> | undefined;
  if (oauth && typeof oauth.clientSecret === 'string') {
    record.oauth = { ...oauth, clientSecret: await expandString(oauth.clientSecret, 'oauth.clientSecret', ctx, ['oauth', 'clientSecret']) };
  }
  // Cursor writes its static client's id as ${env:NAME} too; an id is no secret.
  if (oauth && typeof oauth.clientId === 'string') {
    record.oauth = { ...(record.oauth as Record<string, unknown>), clientId: await expandString(oauth.clientId, 'oauth.clientId', ctx) };
  }
  return record as ServerConfig;
}
