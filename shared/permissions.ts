/**
 * Permission rules for tool calls, as in Claude Code: MCP tools default to "ask"; a rule
 * names a tool by its full `mcp__<server>__<tool>` name, or every tool of a server by
 * `mcp__<server>` (also written `mcp__<server>__*`). Deny wins over allow, allow over ask.
 * We add one default of our own: a tool marked read-only runs without asking.
 */
import { z } from 'zod';
import type { ToolAnnotations } from './domain';

export const PERMISSION_DECISIONS = ['allow', 'ask', 'deny'] as const;
export type PermissionDecision = (typeof PERMISSION_DECISIONS)[number];

export const PermissionPatternSchema = z
  .string()
  .min(6)
  .max(200)
  .regex(/^mcp__[A-Za-z0-9_-]+?(__(\*|[^\s]+))?$/, 'A rule names a tool as mcp__<server>__<tool>, or a whole server as mcp__<server> or mcp__<server>__*');

export const PermissionRuleSchema = z.strictObject({
  pattern: PermissionPatternSchema,
  decision: z.enum(PERMISSION_DECISIONS),
});
export type PermissionRule = z.infer<typeof PermissionRuleSchema>;

export interface PermissionVerdict {
  decision: PermissionDecision;
  /** The rule that decided, or absent for the default. */
  rule?: PermissionRule;
  /** Why, in words: "rule mcp__fs__write: allow", "read-only tool", "not marked read-only". */
  reason: string;
}

/** Whether a rule's pattern covers this tool. */
export function ruleMatches(pattern: string, server: string, fullName: string): boolean {
  if (pattern === fullName) return true;
  const serverPrefix = `mcp__${server}`;
  return pattern === serverPrefix || pattern === `${serverPrefix}__*`;
}

export function decidePermission(rules: readonly PermissionRule[], server: string, fullName: string, annotations?: ToolAnnotations): PermissionVerdict {
  for (const decision of ['deny', 'allow', 'ask'] as const) {
    const rule = rules.find((r) => r.decision === decision && ruleMatches(r.pattern, server, fullName));
    if (rule) return { decision, rule, reason: `rule ${rule.pattern}: ${rule.decision}` };
  }
  if (annotations?.readOnlyHint === true) return { decision: 'allow', reason: 'the tool is marked read-only' };
  return { decision: 'ask', reason: 'the tool is not marked read-only' };
}
