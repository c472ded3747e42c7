/** Applies the rule sets of the chosen hosts (and always the spec's) to one server's tools. */
import type { DoctorFinding, DoctorHost } from '../../../shared/api/doctor';
import type { ToolInfo } from '../../../shared/domain';
import { UNVERIFIED_PREFIX, type DoctorRule, type RuleHit, type ToolListTokens } from './rule';
import { HOST_RULE_SETS } from './rules';

/** The hosts asked for, plus the spec, whose rules concern every host. */
export function hostsWithSpec(hosts: readonly DoctorHost[]): DoctorHost[] {
  return [...new Set<DoctorHost>([...hosts, 'spec'])];
}

export function rulesFor(hosts: readonly DoctorHost[]): DoctorRule[] {
  return hostsWithSpec(hosts).flatMap((host) => HOST_RULE_SETS[host].rules);
}

/** A rule's hit as a finding: an unverified rule's message says so, so no one reads it as a certainty. */
function findingOf(rule: DoctorRule, server: string, hit: RuleHit, tool?: string): DoctorFinding {
  const named = hit.tool ?? tool;
  return {
    rule: rule.id,
    severity: rule.severity,
    hosts: rule.hosts,
    server,
    ...(named !== undefined ? { tool: named } : {}),
    pointer: hit.pointer,
    message: rule.verified ? hit.message : `${UNVERIFIED_PREFIX}${hit.message}`,
    source: rule.source,
    ...(rule.verified ? {} : { unverified: true }),
  };
}

export function checkTools(server: string, tools: readonly ToolInfo[], hosts: readonly DoctorHost[], tokens?: ToolListTokens): DoctorFinding[] {
  const findings: DoctorFinding[] = [];
  const ctx = { server, ...(tokens ? { tokens } : {}) };
  for (const rule of rulesFor(hosts)) {
    if (rule.kind === 'list') {
      for (const hit of rule.check(tools, ctx)) findings.push(findingOf(rule, server, hit));
      continue;
    }
    for (const tool of tools) {
      let hits: RuleHit[];
      try {
        hits = rule.check(tool, ctx);
      } catch (error) {
        // A definition odd enough to throw a rule is itself worth saying; the other rules still run.
        hits = [{ pointer: '', message: `The definition could not be checked: ${(error as Error).message}` }];
      }
      for (const hit of hits) findings.push(findingOf(rule, server, hit, tool.name));
    }
  }
  return findings;
}
