/**
 * Reading the `mcp__…` strings earlier versions stored for permission rules and tool pins,
 * once, into `{server, tool}`. Server names may contain `__`, so `mcp__a__b` was both "tool
 * b of server a" and "every tool of server a__b" (and a project's `.mcp.json` can choose the
 * name a__b). A stored string is read as what it was written for:
 *
 * - `mcp__<x>__*` and a bare `mcp__<x>`: the whole server `<x>` (nothing else wrote those);
 * - otherwise, a tool of a server you have: every way of cutting the string into a
 *   configured server and a tool (the "Always allow" of a call wrote the tool of a server
 *   that existed). Several such servers: the rule stays with each of them, as it covered
 *   each of them when it was written (a new server cannot take it over later);
 * - no configured server has it as a tool, but the whole string is a configured server's
 *   name: that whole server;
 * - nothing configured fits (the server was removed): read as Claude Code reads it, the
 *   server before the first `__`.
 *
 * Whichever servers are configured when the migration runs (the first start after the
 * upgrade) decide; from then on the rule is stored by server and tool and means only that.
 */
import { parseRulePattern, type RuleTarget } from '../../../shared/permissions';

/** What an old permission rule's `mcp__…` string is read as, given the servers configured now (see above). */
export function readLegacyRule(name: string, servers: ReadonlySet<string>): RuleTarget[] {
  if (!name.startsWith('mcp__')) return [];
  const rest = name.slice('mcp__'.length);
  if (rest.endsWith('__*')) return [{ server: rest.slice(0, -3) }];
  if (!rest.includes('__')) return [{ server: rest }];
  const tools = toolsOfConfigured(rest, servers);
  if (tools.length > 0) return tools;
  if (servers.has(rest)) return [{ server: rest }];
  const claudeCode = parseRulePattern(name);
  return claudeCode ? [claudeCode] : [];
}

/** What an old tool pin's `mcp__<server>__<tool>` key is read as: always a tool (see above). */
export function readLegacyTool(name: string, servers: ReadonlySet<string>): Array<Required<RuleTarget>> {
  if (!name.startsWith('mcp__')) return [];
  const rest = name.slice('mcp__'.length);
  const tools = toolsOfConfigured(rest, servers);
  if (tools.length > 0) return tools;
  const claudeCode = parseRulePattern(name);
  return claudeCode?.tool !== undefined ? [{ server: claudeCode.server, tool: claudeCode.tool }] : [];
}

/** Every way of cutting `<server>__<tool>` into a configured server and a tool. */
function toolsOfConfigured(rest: string, servers: ReadonlySet<string>): Array<Required<RuleTarget>> {
  const cuts: Array<Required<RuleTarget>> = [];
  for (let at = rest.indexOf('__'); at >= 0; at = rest.indexOf('__', at + 1)) {
    const server = rest.slice(0, at);
    const tool = rest.slice(at + 2);
    if (server && tool && servers.has(server)) cuts.push({ server, tool });
  }
  return cuts;
}
