/** Findings grouped by severity, then by host: rule, tool, JSON pointer, what to change, and a link to the rule's source. */
import { DOCTOR_HOST_LABELS, DOCTOR_HOSTS, FINDING_SEVERITIES, type DoctorFinding, type FindingSeverity } from '../../../../shared/api/doctor';
import './doctor.css';

const SEVERITY_LABELS: Record<FindingSeverity, string> = { error: 'Errors', warning: 'Warnings', info: 'Notes' };

export function FindingList({ findings }: { findings: DoctorFinding[] }) {
  if (findings.length === 0) return <p className="doctor-clean">No findings: every host's rules pass.</p>;
  return (
    <div className="doctor-findings">
      {FINDING_SEVERITIES.map((severity) => {
        const ofSeverity = findings.filter((f) => f.severity === severity);
        if (ofSeverity.length === 0) return null;
        return (
          <section key={severity} className={`doctor-severity doctor-${severity}`} aria-label={`${SEVERITY_LABELS[severity]} (${ofSeverity.length})`}>
            <h3>
              {SEVERITY_LABELS[severity]} ({ofSeverity.length})
            </h3>
            {DOCTOR_HOSTS.map((host) => {
              // A finding that matters to several hosts is listed under the first of them.
              const ofHost = ofSeverity.filter((f) => f.hosts[0] === host);
              if (ofHost.length === 0) return null;
              return (
                <section key={host} className="doctor-host" aria-label={`${DOCTOR_HOST_LABELS[host]}: ${SEVERITY_LABELS[severity].toLowerCase()}`}>
                  <h4>{DOCTOR_HOST_LABELS[host]}</h4>
                  <ul>
                    {ofHost.map((finding, index) => (
                      <li key={`${finding.rule}-${finding.tool ?? ''}-${finding.pointer}-${index}`} className="doctor-finding" data-rule={finding.rule}>
                        <span className="doctor-rule">{finding.rule}</span>
                        {finding.tool !== undefined && <span className="doctor-tool">{finding.tool}</span>}
                        {finding.pointer && <code className="doctor-pointer">{finding.pointer}</code>}
                        <span className="doctor-message">{finding.message}</span>
                        {finding.hosts.length > 1 && <span className="doctor-also">also {finding.hosts.slice(1).map((h) => DOCTOR_HOST_LABELS[h]).join(', ')}</span>}
                        <a className="doctor-source" href={finding.source} target="_blank" rel="noopener noreferrer">
                          source
                        </a>
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
