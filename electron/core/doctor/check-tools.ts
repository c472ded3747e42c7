/** Applies the rule sets of the chosen hosts (and always the spec's) to one server's tools. */
import type { DoctorFinding, DoctorHost } from '../../../shared/api/doctor';
import type { ToolInfo } from '../../../shared/domain';
import type { DoctorRule } from './rule';
import { HOST_RULE_SETS } from './rules';

/** The hosts asked for, plus the spec, whose rules concern every host. */
export function hostsWithSpec(hosts: readonly DoctorHost[]): DoctorHost[] {
  return [...new Set<DoctorHost>([...hosts, 'spec'])];
}

export function rulesFor(hosts: readonly DoctorHost[]): DoctorRule[] {
  return hostsWithSpec(hosts).flatMap((host) => HOST_RULE_SETS[host].rules);
}

export function checkTools(server: string, tools: readonly ToolInfo[], hosts: readonly DoctorHost[]): DoctorFinding[] {
  const findings: DoctorFinding[] = [];
  const ctx = { server };
  for (const rule of rulesFor(hosts)) {
    const base = { rule: rule.id, severity: rule.severity, hosts: rule.hosts, server, source: rule.source };
    if (rule.kind === 'list') {
      for (const hit of rule.check(tools, ctx)) findings.push({ ...base, ...(hit.tool ? { tool: hit.tool } : {}), pointer: hit.pointer, message: hit.message });
      continue;
    }
    for (const tool of tools) {
      let hits;
      try {
        hits = rule.check(tool, ctx);
      } catch (error) {
        // A definition odd enough to throw a rule is itself worth saying; the other rules still run.
        hits = [{ pointer: '', message: `The definition could not be checked: ${(error as Error).message}` }];
      }
      for (const hit of hits) findings.push({ ...base, tool: tool.name, pointer: hit.pointer, message: hit.message });
    }
  }
  return findings;
}
