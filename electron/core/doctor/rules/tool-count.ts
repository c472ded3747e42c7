/** A host that offers only so many tools: one server's list already over the limit. */
import type { DoctorHost } from '../../../../shared/api/doctor';
import type { ListRule } from '../rule';

export function toolCountRule(host: DoctorHost, label: string, limit: number, source: string, what: string): ListRule {
  return {
    kind: 'list',
    id: `${host}-tool-count`,
    severity: host === 'vscode' ? 'error' : 'warning',
    hosts: [host],
    summary: `at most ${limit} tools over every connected server`,
    source,
    check: (tools) =>
      tools.length > limit
        ? [{ pointer: '', message: `${label} ${what} ${limit} tools; this server alone offers ${tools.length}. Offer fewer (split the server, or let users switch groups of tools off).` }]
        : [],
  };
}
