/** A valid server name for an entry: its own, cleaned up, or one made from its package or host. */
import { RESERVED_SERVER_NAMES, ServerNameSchema } from '../../../../shared/config/server-config';
import { asObject } from './variables';

export function cleanName(name: string): string {
  const cleaned = name
    .trim()
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64);
  if (RESERVED_SERVER_NAMES.includes(cleaned)) return `server-${cleaned}`;
  return cleaned || 'server';
}

/** `@scope/server-github@1.2` → `github`; `mcp-server-fetch` → `fetch`; `https://mcp.notion.com/mcp` → `notion`. */
export function nameFromEntry(raw: unknown): string {
  const entry = asObject(raw) ?? {};
  if (typeof entry.url === 'string') {
    try {
      const labels = new URL(entry.url).hostname.split('.').filter((l) => !['mcp', 'www', 'api', 'server'].includes(l));
      if (labels[0] && !/^\d+$/.test(labels[0])) return cleanName(labels[0]);
    } catch {
      // not a URL: fall through
    }
  }
  const args = Array.isArray(entry.args) ? entry.args.filter((a): a is string => typeof a === 'string') : [];
  const candidates = [...args].reverse().filter((a) => !a.startsWith('-') && !a.includes('=') && !a.startsWith('$'));
  const pkg = candidates.find((a) => /^(@[\w.-]+\/)?[\w.-]+(@[\w.^~-]+)?$/.test(a) && !/^\d/.test(a)) ?? (typeof entry.command === 'string' ? entry.command : undefined);
  if (pkg) {
    const base = pkg
      .replace(/^@[\w.-]+\//, '')
      .replace(/@[\w.^~-]+$/, '')
      .split(/[\\/]/)
      .pop()!
      .replace(/\.(m?js|py|exe)$/, '')
      .replace(/^(mcp-server-|server-|mcp-)/, '')
      .replace(/(-mcp-server|-mcp|-server)$/, '');
    if (base) return cleanName(base);
  }
  return 'server';
}

/** The entry's own name when it is valid here, else a cleaned-up one. */
export function validNameFor(key: string): string {
  return ServerNameSchema.safeParse(key).success ? key : cleanName(key);
}

/** `name`, or `name-2`, `name-3`… whichever is not taken. */
export function uniqueName(name: string, taken: (candidate: string) => boolean): string {
  if (!taken(name)) return name;
  for (let i = 2; ; i++) {
    const suffix = `-${i}`;
    const candidate = name.slice(0, 64 - suffix.length) + suffix;
    if (!taken(candidate)) return candidate;
  }
}
