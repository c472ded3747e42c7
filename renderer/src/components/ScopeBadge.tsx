/** Where a server's entry lives, and which lower scopes it hides. */
import { SCOPE_DESCRIPTIONS, SCOPE_LABELS, type ConfigScope } from '../../../shared/config/scopes';
import './ScopeBadge.css';

export function ScopeBadge({ scope, shadows = [] }: { scope: ConfigScope; shadows?: ConfigScope[] | undefined }) {
  return (
    <span className="scope-line">
      <span className={`scope-badge scope-${scope}`} title={SCOPE_DESCRIPTIONS[scope]} data-scope={scope}>
        {SCOPE_LABELS[scope]}
      </span>
      {shadows.length > 0 && (
        <span className="muted shadows" title="An entry of the same name in a higher-precedence scope wins: local over project over user.">
          overrides {shadows.map((s) => SCOPE_LABELS[s].toLowerCase()).join(' and ')}
        </span>
      )}
    </span>
  );
}
