/**
 * Joins the three scopes into the servers the app works with: for each name the entry
 * of the highest-precedence scope (local over project over user), remembering which
 * lower scopes it shadows.
 */
import type { ServerConfig, ServerName } from '../../../shared/config/server-config';
import { SCOPE_PRECEDENCE, type ConfigScope } from '../../../shared/config/scopes';

export interface ScopedEntry {
  name: ServerName;
  scope: ConfigScope;
  config: ServerConfig;
}

export interface EffectiveEntry extends ScopedEntry {
  /** Lower-precedence scopes that also define this name, nearest first. */
  shadows: ConfigScope[];
}

export type ScopeEntries = Partial<Record<ConfigScope, ReadonlyMap<ServerName, ServerConfig>>>;

export function mergeScopes(scopes: ScopeEntries): EffectiveEntry[] {
  const byName = new Map<ServerName, EffectiveEntry>();
  for (const scope of SCOPE_PRECEDENCE) {
    for (const [name, config] of scopes[scope] ?? []) {
      const lower = byName.get(name);
      // Map keeps the first insertion's position: a server keeps its place in the list.
      byName.set(name, { name, scope, config, shadows: lower ? [lower.scope, ...lower.shadows] : [] });
    }
  }
  return [...byName.values()];
}
