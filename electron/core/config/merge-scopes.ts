/**
 * Joins the three scopes into the servers the app works with: for each name the entry
 * of the highest-precedence scope (local over project over user), remembering which
 * lower scopes it shadows.
 *
 * One exception: a project entry (a `.mcp.json` that came with a repository) never takes
 * a name the user's own user-scope entry has unless the user approved that exact project
 * entry (`mayShadow`). Until then the user's entry keeps the name, and the project entry is
 * listed as `held`, so it is shown beside it and the user picks; a History re-run, a saved
 * request or a collection step naming that server keeps reaching the user's own server.
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
  /** A project entry of the same name that is not used: it would hide this one, and the user has not approved it. */
  held?: ScopedEntry;
}

export type ScopeEntries = Partial<Record<ConfigScope, ReadonlyMap<ServerName, ServerConfig>>>;

/** Whether this project entry may take the name of the user's entry (the user approved exactly it). */
export type MayShadow = (name: ServerName, project: ServerConfig) => boolean;

export function mergeScopes(scopes: ScopeEntries, mayShadow: MayShadow = () => false): EffectiveEntry[] {
  const byName = new Map<ServerName, EffectiveEntry>();
  for (const scope of SCOPE_PRECEDENCE) {
    for (const [name, config] of scopes[scope] ?? []) {
      const lower = byName.get(name);
      if (lower && scope === 'project' && lower.scope === 'user' && !mayShadow(name, config)) {
        byName.set(name, { ...lower, held: { name, scope, config } });
        continue;
      }
      // Map keeps the first insertion's position: a server keeps its place in the list.
      byName.set(name, { name, scope, config, shadows: lower ? [...(lower.held ? [lower.held.scope] : []), lower.scope, ...lower.shadows] : [] });
    }
  }
  return [...byName.values()];
}
