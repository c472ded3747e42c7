/**
 * What a doctor rule is: an id, a severity, the hosts it matters for, the public source it
 * comes from, and a check that returns where a tool (or the tool list) breaks it.
 */
import type { DoctorHost, DoctorRuleInfo, FindingSeverity } from '../../../shared/api/doctor';
import type { ToolInfo } from '../../../shared/domain';

/** One place a rule is broken: a JSON pointer into the tool definition and what to change. */
export interface RuleHit {
  pointer: string;
  message: string;
  /** For rules over the whole list: which tool. */
  tool?: string;
}

interface RuleContext {
  server: string;
}

interface RuleBase {
  id: string;
  severity: FindingSeverity;
  hosts: DoctorHost[];
  summary: string;
  source: string;
}

/** A rule about one tool's definition. */
interface ToolRule extends RuleBase {
  kind: 'tool';
  check(tool: ToolInfo, ctx: RuleContext): RuleHit[];
}

/** A rule about a server's whole tool list (duplicates, counts). */
export interface ListRule extends RuleBase {
  kind: 'list';
  check(tools: readonly ToolInfo[], ctx: RuleContext): RuleHit[];
}

export type DoctorRule = ToolRule | ListRule;

/** A host's rules, the date they were last checked against its sources, and how it presents tools. */
export interface HostRuleSet {
  host: DoctorHost;
  /** When the rules were last checked against the sources they cite (the rule set's version). */
  checked: string;
  rules: DoctorRule[];
  /** The name the host builds for a tool, when it builds its own (prefixes, replaced characters). */
  toolName?: (server: string, tool: string) => string;
  /** How many characters of a description the host passes on. */
  descriptionLimit?: number;
  /** How many tools (over every server) the host offers at most. */
  toolLimit?: number;
}

export function ruleInfo(rule: DoctorRule): DoctorRuleInfo {
  return { id: rule.id, severity: rule.severity, hosts: rule.hosts, summary: rule.summary, source: rule.source };
}
