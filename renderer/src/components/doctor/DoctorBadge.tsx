/** The doctor's verdict in the server list: errors and warnings of the last check, once one ran. */
import { doctorCounts } from '../../state/doctor-slice';
import { useWorkbench } from '../../state/store';
import './doctor.css';

export function DoctorBadge({ server }: { server: string }) {
  // The entry is selected (a stable object); the counts are worked out here, not in the selector.
  const counts = doctorCounts(useWorkbench((s) => s.doctor[server]));
  if (!counts) return null;
  const { errors, warnings } = counts;
  const kind = errors ? 'error' : warnings ? 'warning' : 'ok';
  const text = errors ? `${errors} error${errors === 1 ? '' : 's'}` : warnings ? `${warnings} warning${warnings === 1 ? '' : 's'}` : 'doctor ok';
  return (
    <span className={`doctor-badge doctor-badge-${kind}`} data-doctor={kind} title={`Doctor: ${errors} errors, ${warnings} warnings`}>
      {text}
    </span>
  );
}
