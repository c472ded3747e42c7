/** What the app's Content-Security-Policy refused, as the sandbox reported it. */
import type { CspViolation } from './bridge-log';

export function CspReport({ violations }: { violations: CspViolation[] }) {
  return (
    <div className="csp-report" role="tabpanel" aria-label="CSP report">
      {violations.length === 0 ? (
        <p className="muted">Nothing refused so far.</p>
      ) : (
        <table aria-label="Refused by the CSP">
          <thead>
            <tr>
              <th>Directive</th>
              <th>Blocked</th>
              <th>Where</th>
            </tr>
          </thead>
          <tbody>
            {violations.map((violation) => (
              <tr key={violation.seq}>
                <td>{violation.directive}</td>
                <td>
                  <code>{violation.blockedURI || '(inline)'}</code>
                  {violation.sample && <span className="muted"> {violation.sample}</span>}
                </td>
                <td>{violation.frame}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="muted">Reported from inside the sandbox: an app could add lines of its own, never remove the browser's refusals.</p>
    </div>
  );
}
