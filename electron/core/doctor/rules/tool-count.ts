/** A host that offers only so many tools: one server's list already over the limit. */
import type { DoctorHost, FindingSeverity } from '../../../../shared/api/doctor';
import type { ListRule } from '../rule';

export interface ToolCountRuleOptions {
  host: DoctorHost;
  label: string;
  limit: number;
  source: string;
  /** How the host treats the tools past the limit ("refuses a chat request with more than"). */
  what: string;
  severity: FindingSeverity;
  evidence: string;
  verified: boolean;
}

export function toolCountRule({ host, label, limit, source, what, severity, evidence, verified }: ToolCountRuleOptions): ListRule {
  return {
    kind: 'list',
    id: `${host}-tool-count`,
    severity,
    hosts: [host],
    summary: `at most ${limit} tools over every connected server`,
    source,
    evidence,
    verified,
    check: (tools) =>
      tools.length > limit
        ? [{ pointer: '', message: `${label} ${what} ${limit} tools; this server alone offers ${tools.length}. Offer fewer (split the server, or let users switch groups of tools off).` }]
        : [],
  };
}
