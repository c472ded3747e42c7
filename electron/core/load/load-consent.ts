/**
 * The safety rails of a load run, for every front end: a server that is not on this machine
 * is someone else's to load, and a tool that is not marked read-only may change data each
 * of the thousands of times it is called. Each returns the reason to refuse (undefined: go
 * ahead); the front end words how to consent (a flag, a checkbox).
 */
import { isStdioConfig, type ServerConfig } from '../../../shared/config/server-config';
import type { ToolAnnotationsList } from './load-run';

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\]|::1)$/i;

/** The host a remote server lives on when it is not this machine, else undefined. */
export function remoteHostOf(config: ServerConfig): string | undefined {
  if (isStdioConfig(config) || !('url' in config) || typeof config.url !== 'string') return undefined;
  const host = new URL(config.url).hostname;
  return LOOPBACK.test(host) ? undefined : host;
}

/** Why calling `tool` many times needs consent: it is missing, not marked read-only, or marked destructive. */
export function toolRefusal(server: string, tool: string, tools: ToolAnnotationsList, allowDestructive: boolean): string | undefined {
  const found = tools.find((candidate) => candidate.name === tool);
  if (!found) return `${server} has no tool named "${tool}". ${tools.length ? `Its tools: ${tools.map((t) => t.name).join(', ')}.` : `${server} offers no tools.`}`;
  if (found.annotations?.readOnlyHint === true || allowDestructive) return undefined;
  const what = found.annotations?.destructiveHint === true ? 'marked destructive' : 'not marked read-only';
  return `"${tool}" on ${server} is ${what}: a load test would call it many times.`;
}
