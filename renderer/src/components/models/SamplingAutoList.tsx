/**
 * Settings → Models: the servers whose sampling requests a model answers without asking
 * (settings.json `samplingAuto`), each with its model and limits and a Stop button. Servers
 * get here only from the sampling dialog, one at a time, by the user's choice.
 */
import { useWorkbench } from '../../state/store';

export function SamplingAutoList() {
  const settings = useWorkbench((s) => s.settings);
  const save = useWorkbench((s) => s.saveSettings);
  const rules = Object.entries(settings?.values.samplingAuto ?? {});
  return (
    <div className="sampling-auto" aria-label="Sampling answered without asking" role="group">
      <h4>Sampling answered without asking</h4>
      {rules.length === 0 ? (
        <p className="muted">None: every server’s sampling request opens a dialog. To let a model answer a server’s requests, use Draft with a model in that dialog.</p>
      ) : (
        <ul>
          {rules.map(([server, rule]) => (
            <li key={server}>
              <strong>{server}</strong>: {rule.provider}:{rule.model}, up to {rule.maxTokens} tokens an answer, {rule.perMinute} a minute{' '}
              <button
                type="button"
                onClick={() => {
                  const rest = { ...(settings?.values.samplingAuto ?? {}) };
                  delete rest[server];
                  void save({ samplingAuto: rest });
                }}
              >
                Stop for {server}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
