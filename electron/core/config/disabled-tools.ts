/**
 * `disabledTools` (written by Cline and others): tools of a server the user switched off.
 * They are left out of the tool list and a call to one is refused before it is sent.
 */
import type { ServerConfig } from '../../../shared/config/server-config';

export function disabledToolsOf(config: ServerConfig | undefined): ReadonlySet<string> {
  const value = (config as { disabledTools?: unknown } | undefined)?.disabledTools;
  return new Set(Array.isArray(value) ? value.filter((name): name is string => typeof name === 'string') : []);
}

export function withoutDisabledTools<T extends { name: string }>(tools: T[], config: ServerConfig | undefined): T[] {
  const disabled = disabledToolsOf(config);
  return disabled.size === 0 ? tools : tools.filter((tool) => !disabled.has(tool.name));
}
