/** "See it as": the server's tools as a chosen host would show them to its model. */
import { useEffect, useState } from 'react';
import { DOCTOR_HOST_LABELS, DOCTOR_HOSTS, type DoctorHost } from '../../../../shared/api/doctor';
import { hostViewKey } from '../../state/doctor-slice';
import { useWorkbench } from '../../state/store';
import './doctor.css';

const HOSTS = DOCTOR_HOSTS.filter((host) => host !== 'spec');

export function SeeItAs({ server }: { server: string }) {
  const [host, setHost] = useState<DoctorHost>('claude-code');
  const view = useWorkbench((s) => s.hostViews[hostViewKey(server, host)]);
  const load = useWorkbench((s) => s.loadHostView);
  useEffect(() => {
    void load(server, host);
  }, [load, server, host]);

  return (
    <section className="doctor-see-as" aria-label="See it as">
      <h3>
        <label>
          See it as{' '}
          <select value={host} onChange={(event) => setHost(event.target.value as DoctorHost)}>
            {HOSTS.map((h) => (
              <option key={h} value={h}>
                {DOCTOR_HOST_LABELS[h]}
              </option>
            ))}
          </select>
        </label>
      </h3>
      {!view ? (
        <p className="muted">Loading…</p>
      ) : 'error' in view ? (
        <p className="error">{view.error}</p>
      ) : (
        <ul className="doctor-host-tools">
          {view.map((tool, index) => (
            <li key={`${tool.tool}-${index}`} className={tool.dropped ? 'dropped' : undefined} data-tool={tool.tool}>
              <code className="doctor-host-name">{tool.name}</code>
              {tool.dropped ? (
                <span className="doctor-dropped">not offered: {tool.dropped}</span>
              ) : (
                <span className="doctor-host-description">
                  {tool.description}
                  {tool.descriptionCut && <em className="doctor-cut"> [cut here]</em>}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
