/**
 * Findings about the servers together: two tools that a host would name the same after it
 * builds its names, more tools than a host offers its model, and more tool definitions than a
 * host loads up front.
 */
import { DOCTOR_HOST_LABELS, type DoctorFinding, type DoctorHost } from '../../../../shared/api/doctor';
import type { ToolInfo } from '../../../../shared/domain';
import { pointer } from '../json-pointer';
import { UNVERIFIED_PREFIX, type HostRuleSet, type ToolListTokens } from '../rule';
import { HOST_RULE_SETS } from '../rules';
import { liveRule } from './live-rules';

interface CheckedServer {
  server: string;
  tools: readonly ToolInfo[];
  tokens?: ToolListTokens;
}

export function crossServerFindings(servers: readonly CheckedServer[], hosts: readonly DoctorHost[]): DoctorFinding[] {
  const findings: DoctorFinding[] = [];
  for (const host of hosts) {
    const set = HOST_RULE_SETS[host];
    // Only where a clash is known to break the host (Claude Code: the API refuses repeated names).
    if (set.toolName && liveRule('live-name-collision').hosts.includes(host)) findings.push(...collisions(set, servers));
    // One server alone over a limit is already a finding of its own (the host's rule on one list).
    if (servers.length < 2) continue;
    const limit = set.toolLimit;
    const total = servers.reduce((sum, s) => sum + s.tools.length, 0);
    if (limit !== undefined && total > limit && servers.every((s) => s.tools.length <= limit)) {
      findings.push(
        shared(set, `${host}-tool-count`, `These ${servers.length} servers offer ${total} tools together; ${DOCTOR_HOST_LABELS[host]} offers its model at most ${limit}. Switch some servers or tools off for it.`),
      );
    }
    const tokenLimit = set.toolTokenLimit;
    const tokensOf = (s: CheckedServer) => s.tokens?.claudeEstimate ?? s.tokens?.openai ?? 0;
    const tokens = servers.reduce((sum, s) => sum + tokensOf(s), 0);
    if (tokenLimit !== undefined && tokens > tokenLimit && servers.every((s) => tokensOf(s) <= tokenLimit)) {
      const rule = set.rules.find((r) => r.kind === 'list' && r.id.endsWith('-tool-search'));
      if (rule) {
        findings.push(
          shared(set, rule.id, `These ${servers.length} servers' tool lists cost about ${tokens.toLocaleString('en')} tokens together, over the ${tokenLimit.toLocaleString('en')} that ${DOCTOR_HOST_LABELS[host]} loads up front: past it the model sees the tools only after searching for them. Switch some servers off for it, or shorten their tools.`),
        );
      }
    }
  }
  return findings;
}

/** A finding across servers under one of the host's list rules (with its severity, source and whether it is verified). */
function shared(set: HostRuleSet, id: string, message: string): DoctorFinding {
  const rule = set.rules.find((r) => r.id === id);
  const verified = rule?.verified ?? true;
  return {
    rule: id,
    severity: rule?.severity ?? 'warning',
    hosts: [set.host],
    pointer: '',
    source: rule?.source ?? '',
    message: verified ? message : `${UNVERIFIED_PREFIX}${message}`,
    ...(verified ? {} : { unverified: true }),
  };
}

/** Tools that the host would give one name. */
function collisions(set: HostRuleSet, servers: readonly CheckedServer[]): DoctorFinding[] {
  const rule = liveRule('live-name-collision');
  const byName = new Map<string, Array<{ server: string; tool: string }>>();
  for (const { server, tools } of servers) {
    for (const tool of tools) {
      const name = set.toolName!(server, tool.name);
      byName.set(name, [...(byName.get(name) ?? []), { server, tool: tool.name }]);
    }
  }
  const findings: DoctorFinding[] = [];
  for (const [name, owners] of byName) {
    if (owners.length < 2) continue;
    const list = owners.map((o) => `${o.server}/${o.tool}`).join(', ');
    for (const owner of owners) {
      findings.push({
        rule: rule.id,
        severity: rule.severity,
        hosts: [set.host],
        server: owner.server,
        tool: owner.tool,
        pointer: pointer('name'),
        source: rule.source,
        message: `${DOCTOR_HOST_LABELS[set.host]} names ${list} all "${name}"; only one can be called. Rename a tool or a server.`,
      });
    }
  }
  return findings;
}
