/**
 * Permission rules for tool calls, as in Claude Code: MCP tools default to "ask"; a rule
 * names one tool of one server, or every tool of a server. Deny wins over allow, allow over
 * ask. We add one default of our own: a tool marked read-only runs without asking.
 *
 * A rule is stored as `{server, tool}` (no tool: every tool of the server). The
 * `mcp__<server>__<tool>` string is only for display and for Claude Code's pattern syntax
 * (`mcp__<server>`, `mcp__<server>__*`, `mcp__<server>__<tool>`), read as Claude Code reads
 * it: the server is what comes before the first `__` after `mcp__`. Server names may contain
 * `__` themselves, so that string alone cannot say which server a rule is for: a rule for
 * such a server is given as `{server, tool}`.
 */
import { z } from 'zod';
import { ServerNameSchema } from './config/server-config';
import type { ToolAnnotations } from './domain';

export const PERMISSION_DECISIONS = ['allow', 'ask', 'deny'] as const;
export type PermissionDecision = (typeof PERMISSION_DECISIONS)[number];

export const PermissionPatternSchema = z
  .string()
  .min(6)
  .max(200)
  .regex(/^mcp__[A-Za-z0-9_-]+?(__(\*|[^\s]+))?$/, 'A rule names a tool as mcp__<server>__<tool>, or a whole server as mcp__<server> or mcp__<server>__*');

const ToolNameSchema = z.string().min(1).max(200);

/** One server's tool, or (no tool) every tool of it. */
const RuleTargetSchema = z.strictObject({ server: ServerNameSchema, tool: ToolNameSchema.optional() });
export type RuleTarget = z.infer<typeof RuleTargetSchema>;

/** A rule as stored and decided on. */
export const PermissionRuleSchema = RuleTargetSchema.extend({ decision: z.enum(PERMISSION_DECISIONS) });
export type PermissionRule = z.infer<typeof PermissionRuleSchema>;

/** What setPermissionRule takes: a rule, or Claude Code's pattern with a decision. */
export const PermissionRuleInputSchema = z.union([PermissionRuleSchema, z.strictObject({ pattern: PermissionPatternSchema, decision: z.enum(PERMISSION_DECISIONS) })]);
export type PermissionRuleInput = z.infer<typeof PermissionRuleInputSchema>;

/** What removePermissionRule takes: the rule's target, or Claude Code's pattern for it. */
export const RuleTargetInputSchema = z.union([RuleTargetSchema, z.strictObject({ pattern: PermissionPatternSchema })]);
export type RuleTargetInput = z.infer<typeof RuleTargetInputSchema>;

/** A rule as the Permissions view lists it: with its name in Claude Code's syntax, for display. */
export interface PermissionRuleView extends PermissionRule {
  pattern: string;
}

export interface PermissionVerdict {
  decision: PermissionDecision;
  /** The rule that decided, or absent for the default. */
  rule?: PermissionRule;
  /** Why, in words: "rule mcp__fs__write: allow", "read-only tool", "not marked read-only". */
  reason: string;
}

/** A rule's name in Claude Code's syntax: `mcp__<server>__<tool>`, or `mcp__<server>` for a whole server. */
export function ruleName(target: RuleTarget): string {
  return target.tool === undefined ? `mcp__${target.server}` : `mcp__${target.server}__${target.tool}`;
}

/**
 * Claude Code's pattern, read as Claude Code reads it: `mcp__<server>` and `mcp__<server>__*`
 * name a whole server, `mcp__<server>__<tool>` one tool, the server being what comes before
 * the first `__`. Undefined when it is not such a pattern.
 */
export function parseRulePattern(pattern: string): RuleTarget | undefined {
  if (!PermissionPatternSchema.safeParse(pattern).success) return undefined;
  const rest = pattern.slice('mcp__'.length);
  const cut = rest.indexOf('__');
  if (cut < 0) return { server: rest };
  const server = rest.slice(0, cut);
  const tool = rest.slice(cut + 2);
  if (!server || !ServerNameSchema.safeParse(server).success) return undefined;
  return tool === '*' ? { server } : { server, tool };
}

/** The target a rule input names (its pattern read as Claude Code reads it). */
export function targetOf(input: RuleTargetInput): RuleTarget | undefined {
  if ('pattern' in input) return parseRulePattern(input.pattern);
  return input.tool === undefined ? { server: input.server } : { server: input.server, tool: input.tool };
}

export function sameTarget(a: RuleTarget, b: RuleTarget): boolean {
  return a.server === b.server && a.tool === b.tool;
}

/** Whether a rule covers this tool of this server. */
function ruleMatches(rule: RuleTarget, server: string, tool: string): boolean {
  return rule.server === server && (rule.tool === undefined || rule.tool === tool);
}

/** The tool a full `mcp__<server>__<tool>` name stands for, given its server (its prefix is then unambiguous). */
function toolOfFullName(server: string, fullName: string): string {
  const prefix = `mcp__${server}__`;
  return fullName.startsWith(prefix) ? fullName.slice(prefix.length) : fullName;
}

/** `fullName`: the tool's `mcp__<server>__<tool>` name (the tool is read from it with the server known). */
export function decidePermission(rules: readonly PermissionRule[], server: string, fullName: string, annotations?: ToolAnnotations): PermissionVerdict {
  const tool = toolOfFullName(server, fullName);
  for (const decision of ['deny', 'allow', 'ask'] as const) {
    const rule = rules.find((r) => r.decision === decision && ruleMatches(r, server, tool));
    if (rule) return { decision, rule, reason: `rule ${ruleName(rule)}: ${rule.decision}` };
  }
  if (annotations?.readOnlyHint === true) return { decision: 'allow', reason: 'the tool is marked read-only' };
  return { decision: 'ask', reason: 'the tool is not marked read-only' };
}
