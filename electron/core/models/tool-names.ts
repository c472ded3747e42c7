/**
 * The names the model sees for the exposed tools. Providers accept function names of
 * letters, digits, `_` and `-`, at most 64 characters (OpenAI, Anthropic; Gemini accepts
 * a superset), so `<server>__<tool>` is spelled within that; two tools that would end up
 * with one name get a numbered suffix. The map leads every name back to its server and tool.
 */
import type { ServerName } from '../../../shared/config/server-config';

const MAX_NAME = 64;

export interface ExposedTool {
  server: ServerName;
  tool: string;
}

export function modelToolNames(tools: readonly ExposedTool[]): Map<string, ExposedTool> {
  const names = new Map<string, ExposedTool>();
  for (const entry of tools) {
    const base = `${entry.server}__${entry.tool}`.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, MAX_NAME);
    let name = base;
    for (let n = 2; names.has(name); n++) name = `${base.slice(0, MAX_NAME - String(n).length - 1)}_${n}`;
    names.set(name, entry);
  }
  return names;
}
