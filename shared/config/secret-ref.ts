/**
 * Secret values never appear in clear in a config file. In their place the file holds a
 * reference, `${secret:KEY}`, that names an entry of the app's secret store; the value
 * is filled in only when the server is launched. The reference is an ordinary string, so
 * the file stays valid JSON and valid for every schema; other tools see a variable they
 * cannot expand.
 *
 * These are the fields a value can be kept secret in: env and header values, the IDE
 * auth token and the OAuth client secret.
 */
import type { ServerConfig } from './server-config';

const REF = /^\$\{secret:([^}\s]+)\}$/;

export function secretRef(key: string): string {
  return `\${secret:${key}}`;
}

/** The store key a value refers to, or undefined when the value is not a reference. */
export function secretKeyOf(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  return REF.exec(value)?.[1];
}

export function isSecretRef(value: unknown): boolean {
  return secretKeyOf(value) !== undefined;
}

/** Where a secret can live in an entry: `['env', NAME]`, `['headers', NAME]`, `['authToken']`, `['oauth', 'clientSecret']`. */
export type SecretFieldPath = ['env' | 'headers', string] | ['authToken'] | ['oauth', 'clientSecret'];

export function describeSecretField(path: SecretFieldPath): string {
  switch (path[0]) {
    case 'env':
      return `env.${path[1]}`;
    case 'headers':
      return `headers.${path[1]}`;
    case 'authToken':
      return 'authToken';
    case 'oauth':
      return 'oauth.clientSecret';
  }
}

/** Every field of an entry that can hold a secret, with its current value. */
export function secretCapableFields(config: ServerConfig): Array<{ path: SecretFieldPath; value: string }> {
  const out: Array<{ path: SecretFieldPath; value: string }> = [];
  const record = config as Record<string, unknown>;
  for (const field of ['env', 'headers'] as const) {
    const map = record[field];
    if (map && typeof map === 'object') {
      for (const [key, value] of Object.entries(map as Record<string, unknown>)) {
        if (typeof value === 'string') out.push({ path: [field, key], value });
      }
    }
  }
  if (typeof record.authToken === 'string') out.push({ path: ['authToken'], value: record.authToken });
  const oauth = record.oauth as Record<string, unknown> | undefined;
  if (oauth && typeof oauth.clientSecret === 'string') out.push({ path: ['oauth', 'clientSecret'], value: oauth.clientSecret });
  return out;
}

/** The store keys an entry refers to. */
export function secretKeysOf(config: ServerConfig): string[] {
  return secretCapableFields(config)
    .map((field) => secretKeyOf(field.value))
    .filter((key): key is string => key !== undefined);
}

/** Names that usually hold credentials; imports offer to keep such values secret. */
export function looksSecret(name: string): boolean {
  return /(token|secret|password|passwd|api[-_]?key|access[-_]?key|private[-_]?key|(^|[-_])key$|credential|auth|bearer|^pat$|_pat$|cookie|session)/i.test(name);
}

/**
 * A copy of an entry with every `${secret:KEY}` reference's key hidden, for output that
 * leaves the app (the CLI's `servers list --json`): a key names where a secret of the
 * user's store sits, which a shared file or a log has no use for.
 */
export function maskSecretRefs(config: ServerConfig): ServerConfig {
  const mask = (value: unknown): unknown => {
    if (typeof value === 'string') return value.replace(/\$\{secret:[^}\s]+\}/g, '${secret:••••••}');
    if (Array.isArray(value)) return value.map(mask);
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mask(v)]));
    return value;
  };
  return mask(config) as ServerConfig;
}
