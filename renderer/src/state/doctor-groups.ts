/**
 * The doctor's findings by rule: one rule broken by nineteen tools is one problem to fix,
 * not nineteen. The Doctor tab lists these groups and the server list's badge counts them.
 */
import type { DoctorFinding, DoctorHost } from '../../../shared/api/doctor';

export interface RuleGroup {
  rule: string;
  hosts: DoctorHost[];
  source: string;
  findings: DoctorFinding[];
}

/** Groups in the order their rules first appear. */
export function groupByRule(findings: readonly DoctorFinding[]): RuleGroup[] {
  const groups = new Map<string, RuleGroup>();
  for (const finding of findings) {
    const group = groups.get(finding.rule);
    if (group) group.findings.push(finding);
    else groups.set(finding.rule, { rule: finding.rule, hosts: finding.hosts, source: finding.source, findings: [finding] });
  }
  return [...groups.values()];
}

/** How many rules are broken at a severity. */
export function rulesBroken(findings: readonly DoctorFinding[], severity: DoctorFinding['severity']): number {
  return new Set(findings.filter((f) => f.severity === severity).map((f) => f.rule)).size;
}
