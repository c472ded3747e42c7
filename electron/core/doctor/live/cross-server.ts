/**
 * Findings about the servers together: two tools that a host would name the same after it
 * builds its names, and more tools than a host offers its model.
 */
import { DOCTOR_HOST_LABELS, type DoctorFinding, type DoctorHost } from '../../../../shared/api/doctor';
import type { ToolInfo } from '../../../../shared/domain';
import { pointer } from '../json-pointer';
import { HOST_RULE_SETS } from '../rules';

const COLLISION_SOURCE = 'https://code.claude.com/docs/en/mcp';

export function crossServerFindings(servers: ReadonlyArray<{ server: string; tools: readonly ToolInfo[] }>, hosts: readonly DoctorHost[]): DoctorFinding[] {
  const findings: DoctorFinding[] = [];
  for (const host of hosts) {
    const set = HOST_RULE_SETS[host];
    if (set.toolName) {
      const byName = new Map<string, Array<{ server: string; tool: string }>>();
      for (const { server, tools } of servers) {
        for (const tool of tools) {
          const name = set.toolName(server, tool.name);
          byName.set(name, [...(byName.get(name) ?? []), { server, tool: tool.name }]);
        }
      }
      for (const [name, owners] of byName) {
        if (owners.length < 2) continue;
        const list = owners.map((o) => `${o.server}/${o.tool}`).join(', ');
        for (const owner of owners) {
          findings.push({
            rule: 'live-name-collision',
            severity: 'error',
            hosts: [host],
            server: owner.server,
            tool: owner.tool,
            pointer: pointer('name'),
            source: COLLISION_SOURCE,
            message: `${DOCTOR_HOST_LABELS[host]} names ${list} all "${name}"; only one can be called. Rename a tool or a server.`,
          });
        }
      }
    }
    const limit = set.toolLimit;
    const total = servers.reduce((sum, s) => sum + s.tools.length, 0);
    // One server alone over the limit is already a finding of its own (the host's tool-count rule).
    if (limit !== undefined && total > limit && servers.length > 1 && servers.every((s) => s.tools.length <= limit)) {
      const rule = set.rules.find((r) => r.id === `${host}-tool-count`);
      findings.push({
        rule: `${host}-tool-count`,
        severity: rule?.severity ?? 'warning',
        hosts: [host],
        pointer: '',
        source: rule?.source ?? '',
        message: `These ${servers.length} servers offer ${total} tools together; ${DOCTOR_HOST_LABELS[host]} offers its model at most ${limit}. Switch some servers or tools off for it.`,
      });
    }
  }
  return findings;
}
