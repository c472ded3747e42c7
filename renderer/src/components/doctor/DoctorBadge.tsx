/**
 * The doctor's verdict in the server list, compact: an icon and the number of rules broken
 * (errors first, else warnings), the words in its tooltip and accessible name. Checked when
 * the server connects, so it is there without visiting the Doctor tab.
 */
import { CircleCheck, CircleExclamationPoint, TriangleExclamationPoint } from 'lucide-react';
import { doctorCounts } from '../../state/doctor-slice';
import { useWorkbench } from '../../state/store';
import './doctor.css';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function DoctorBadge({ server }: { server: string }) {
  // The entry is selected (a stable object); the counts are worked out here, not in the selector.
  const counts = doctorCounts(useWorkbench((s) => s.doctor[server]));
  if (!counts) return null;
  const { errors, warnings } = counts;
  const kind = errors ? 'error' : warnings ? 'warning' : 'ok';
  const words = errors ? plural(errors, 'error') : warnings ? plural(warnings, 'warning') : 'no problems';
  const Icon = errors ? CircleExclamationPoint : warnings ? TriangleExclamationPoint : CircleCheck;
  const title = `Doctor: ${plural(errors, 'rule')} broken at error level, ${plural(warnings, 'rule')} at warning level (the Doctor tab has the details)`;
  return (
    <span className={`doctor-badge doctor-badge-${kind}`} data-doctor={kind} title={title} aria-label={`Doctor: ${words}`} role="img">
      <Icon size={12} aria-hidden="true" />
      {kind !== 'ok' && <span aria-hidden="true">{errors || warnings}</span>}
    </span>
  );
}
