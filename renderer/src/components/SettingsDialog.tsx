/** Global settings: connect timeout, start-up batch sizes, call timeouts. */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { SettingsSchema, type SettingKey, type SettingsPatch } from '../../../shared/api/settings';
import { useWorkbench } from '../state/store';
import { LogFolder } from './LogFolder';
import { SecretStoreNote } from './SecretStoreNote';
import { Modal } from './Modal';
import { ModelProviders } from './models/ModelProviders';
import { SamplingAutoList } from './models/SamplingAutoList';
import './SettingsDialog.css';

interface NumberField {
  key: Exclude<SettingKey, 'resetTimeoutOnProgress' | 'collectionEnv' | 'samplingAuto'>;
  label: string;
  help: string;
}

const NUMBER_FIELDS: NumberField[] = [
  { key: 'connectTimeoutMs', label: 'Connect timeout (ms)', help: 'How long a server may take to answer initialize. A server’s own connectTimeoutMs wins.' },
  { key: 'stdioStartupConcurrency', label: 'Local servers started at once', help: 'At start-up, stdio servers (processes) are started this many at a time.' },
  { key: 'remoteStartupConcurrency', label: 'Remote servers connected at once', help: 'At start-up, remote servers are connected this many at a time.' },
  { key: 'callTimeoutMs', label: 'Call timeout (ms)', help: 'How long a tool call may wait for its answer. A server’s own callTimeoutMs wins.' },
  { key: 'maxTotalCallTimeoutMs', label: 'Maximum total call time (ms)', help: 'The longest a call may run, however much progress it reports.' },
  {
    key: 'resultTextLimitBytes',
    label: 'Result text shown up to (bytes)',
    help: 'Longer text in a tool result is cut before it reaches the window; the whole is saved to a file you can page through, open or save.',
  },
  { key: 'serverRequestTimeoutMs', label: 'Server request timeout (ms)', help: 'How long a server’s question (a form, a URL to open, a sampling request) waits for your answer.' },
  {
    key: 'eraProbeTimeoutMs',
    label: 'Protocol detection wait (ms)',
    help: 'Protocol Auto on a local server: how long to wait for an answer to server/discover before treating it as a 2025 server (the answer is remembered).',
  },
];

export function SettingsDialog({ onClose }: { onClose: () => void }) {
  const settings = useWorkbench((s) => s.settings);
  const loadError = useWorkbench((s) => s.settingsError);
  const load = useWorkbench((s) => s.loadSettings);
  const save = useWorkbench((s) => s.saveSettings);
  const dialog = useRef<HTMLDialogElement>(null);
  const [errors, setErrors] = useState<Partial<Record<SettingKey | 'form', string>>>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    void load();
  }, [load]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const patch: Record<string, unknown> = {};
    const next: typeof errors = {};
    for (const field of NUMBER_FIELDS) {
      const text = String(form.get(field.key) ?? '').trim();
      const parsed = SettingsSchema.shape[field.key].safeParse(text === '' ? Number.NaN : Number(text));
      if (parsed.success) patch[field.key] = parsed.data;
      else next[field.key] = `${field.label}: ${text === '' ? 'a value is required' : parsed.error.issues[0]?.message}`;
    }
    patch.resetTimeoutOnProgress = form.get('resetTimeoutOnProgress') === 'on';
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setSaving(true);
    try {
      await save(patch as SettingsPatch);
      dialog.current?.close();
    } catch (error) {
      setErrors({ form: (error as Error).message });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal titleId="settings-title" title="Settings" className="settings-dialog" onClose={onClose} dialogRef={dialog}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        {loadError && (
          <p role="alert" className="error-text">
            Could not load the settings: {loadError}
          </p>
        )}
        {settings?.problem && (
          <p role="alert" className="error-text">
            {settings.problem}
          </p>
        )}
        {!settings && !loadError && <p className="muted">Loading…</p>}
        {settings && (
          // Keyed by the loaded values so the inputs start from them.
          <div key={JSON.stringify(settings.values)}>
            {NUMBER_FIELDS.map((field) => (
              <div className="field" key={field.key}>
                <label htmlFor={`setting-${field.key}`}>{field.label}</label>
                <input
                  id={`setting-${field.key}`}
                  name={field.key}
                  type="number"
                  inputMode="numeric"
                  defaultValue={settings.values[field.key]}
                  aria-invalid={!!errors[field.key]}
                  aria-describedby={`setting-${field.key}-help`}
                />
                <p className="muted field-help" id={`setting-${field.key}-help`}>
                  {field.help} Default: {settings.defaults[field.key]}.
                  {settings.overrides[field.key] && <strong> {settings.overrides[field.key]} is set and overrides this value for this run.</strong>}
                </p>
                {errors[field.key] && (
                  <p className="field-error" role="alert">
                    {errors[field.key]}
                  </p>
                )}
              </div>
            ))}
            <div className="field checkbox-field">
              <label>
                <input type="checkbox" name="resetTimeoutOnProgress" defaultChecked={settings.values.resetTimeoutOnProgress} /> Progress restarts the call timeout (up to
                the maximum total)
              </label>
            </div>
          </div>
        )}
        {errors.form && (
          <p role="alert" className="error-text">
            {errors.form}
          </p>
        )}
        <section className="settings-secrets" aria-label="Models">
          <h3>Models</h3>
          <ModelProviders />
          <SamplingAutoList />
        </section>
        <section className="settings-secrets" aria-label="Secrets">
          <h3>Secrets</h3>
          <SecretStoreNote always />
        </section>
        <LogFolder />
        <div className="dialog-actions">
          <button type="button" onClick={() => dialog.current?.close()}>
            Cancel
          </button>
          <button type="submit" className="primary" disabled={saving || !settings}>
            {saving ? 'Saving…' : 'Save'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
