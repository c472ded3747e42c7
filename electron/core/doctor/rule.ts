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
  /** What the tool list costs in a model's context, when it has been counted (rules on its size need it). */
  tokens?: ToolListTokens;
}

/** The whole tool list's cost: OpenAI's exact count, and the Claude estimate when the tokenizer loaded. */
export interface ToolListTokens {
  openai: number;
  claudeEstimate?: number;
}

interface RuleBase {
  id: string;
  severity: FindingSeverity;
  hosts: DoctorHost[];
  summary: string;
  source: string;
  /**
   * What the verdict was checked against: the host's file and version (or the dated document,
   * or the report that shows the host refusing), so the rule can be checked again.
   */
  evidence: string;
  /** False when the host's behaviour could not be confirmed: such a rule is never an error, and its findings say so. */
  verified: boolean;
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
  /** How many tokens of tool definitions (over every server) the host loads up front. */
  toolTokenLimit?: number;
}

export function ruleInfo(rule: DoctorRule): DoctorRuleInfo {
  return { id: rule.id, severity: rule.severity, hosts: rule.hosts, summary: rule.summary, source: rule.source, evidence: rule.evidence, verified: rule.verified };
}

/** How a finding of an unverified rule begins, so no one reads it as a certainty. */
export const UNVERIFIED_PREFIX = 'Unverified: ';
