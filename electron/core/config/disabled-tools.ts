/**
 * `disabledTools` (written by Cline and others): tools of a server the user switched off.
 * They are left out of the tool list and a call to one is refused before it is sent.
 */
import type { ServerConfig } from '../../../shared/config/server-config';

const NONE: ReadonlySet<string> = new Set();

export function disabledToolsOf(config: ServerConfig | undefined): ReadonlySet<string> {
  const value = (config as { disabledTools?: unknown } | undefined)?.disabledTools;
  // Every call asks: most entries switch nothing off, and need no set of their own.
  if (!Array.isArray(value) || value.length === 0) return NONE;
  return new Set(value.filter((name): name is string => typeof name === 'string'));
}

export function withoutDisabledTools<T extends { name: string }>(tools: T[], config: ServerConfig | undefined): T[] {
  const disabled = disabledToolsOf(config);
  return disabled.size === 0 ? tools : tools.filter((tool) => !disabled.has(tool.name));
}
