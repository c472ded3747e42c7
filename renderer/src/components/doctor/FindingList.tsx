/**
 * Findings by severity, then by host, then by rule: a rule broken by many tools is one line
 * ("gemini-no-schema-keyword — 19 tools") that opens to the tools, each with its JSON
 * pointer and what to change; a rule broken once shows that finding in place. Each rule
 * links to its source.
 */
import { DOCTOR_HOST_LABELS, DOCTOR_HOSTS, FINDING_SEVERITIES, type DoctorFinding, type FindingSeverity } from '../../../../shared/api/doctor';
import { groupByRule, type RuleGroup } from '../../state/doctor-groups';
import './doctor.css';

const SEVERITY_LABELS: Record<FindingSeverity, string> = { error: 'Errors', warning: 'Warnings', info: 'Notes' };

export function FindingList({ findings }: { findings: DoctorFinding[] }) {
  if (findings.length === 0) return <p className="doctor-clean">No findings: every host's rules pass.</p>;
  return (
    <div className="doctor-findings">
      {FINDING_SEVERITIES.map((severity) => {
        const groups = groupByRule(findings.filter((f) => f.severity === severity));
        if (groups.length === 0) return null;
        const title = `${SEVERITY_LABELS[severity]} (${groups.length})`;
        return (
          <section key={severity} className={`doctor-severity doctor-${severity}`} aria-label={title}>
            <h3>{title}</h3>
            {DOCTOR_HOSTS.map((host) => {
              // A rule that matters to several hosts is listed under the first of them.
              const ofHost = groups.filter((group) => group.hosts[0] === host);
              if (ofHost.length === 0) return null;
              return (
                <section key={host} className="doctor-host" aria-label={`${DOCTOR_HOST_LABELS[host]}: ${SEVERITY_LABELS[severity].toLowerCase()}`}>
                  <h4>{DOCTOR_HOST_LABELS[host]}</h4>
                  <ul>
                    {ofHost.map((group) => (
                      <li key={group.rule} className="doctor-finding" data-rule={group.rule}>
                        {group.findings.length === 1 ? <OneFinding finding={group.findings[0]!} /> : <ManyFindings group={group} />}
                      </li>
                    ))}
                  </ul>
                </section>
              );
            })}
          </section>
        );
      })}
    </div>
  );
}

function RuleHead({ group, count }: { group: RuleGroup; count?: number }) {
  return (
    <>
      <span className="doctor-rule">{group.rule}</span>
      {count !== undefined && <span className="doctor-count">— {count} tools</span>}
      {group.hosts.length > 1 && <span className="doctor-also">also {group.hosts.slice(1).map((h) => DOCTOR_HOST_LABELS[h]).join(', ')}</span>}
    </>
  );
}

/** Where the rule comes from; beside a group's summary, never inside it (a link in a summary is a control in a control). */
function SourceLink({ href }: { href: string }) {
  return (
    <a className="doctor-source" href={href} target="_blank" rel="noopener noreferrer">
      source
    </a>
  );
}

function OneFinding({ finding }: { finding: DoctorFinding }) {
  const group: RuleGroup = { rule: finding.rule, hosts: finding.hosts, source: finding.source, findings: [finding] };
  return (
    <div className="doctor-one">
      <RuleHead group={group} />
      {finding.tool !== undefined && <span className="doctor-tool">{finding.tool}</span>}
      {finding.pointer && <code className="doctor-pointer">{finding.pointer}</code>}
      <SourceLink href={finding.source} />
      <span className="doctor-message">{finding.message}</span>
    </div>
  );
}

function ManyFindings({ group }: { group: RuleGroup }) {
  return (
    <div className="doctor-many">
      <details className="doctor-group">
        <summary>
          <RuleHead group={group} count={group.findings.length} />
        </summary>
        <ul className="doctor-group-findings">
          {group.findings.map((finding, index) => (
            <li key={`${finding.tool ?? ''}-${finding.pointer}-${index}`}>
              {finding.tool !== undefined && <span className="doctor-tool">{finding.tool}</span>}
              {finding.pointer && <code className="doctor-pointer">{finding.pointer}</code>}
              <span className="doctor-message">{finding.message}</span>
            </li>
          ))}
        </ul>
      </details>
      <SourceLink href={group.source} />
    </div>
  );
}
