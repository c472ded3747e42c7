/**
 * Settings → Models: the servers whose sampling requests a model answers without asking
 * (settings.json `samplingAuto`), each with its model, its limits (editable here) and a Stop
 * button. Servers get here only from the sampling dialog, one at a time, by the user's choice.
 */
import { useId, useState } from 'react';
import { SAMPLING_AUTO_LIMITS, type Settings } from '../../../../shared/api/settings';
import { useWorkbench } from '../../state/store';

type Rule = Settings['samplingAuto'][string];

export function SamplingAutoList() {
  const settings = useWorkbench((s) => s.settings);
  const save = useWorkbench((s) => s.saveSettings);
  const all = settings?.values.samplingAuto ?? {};
  const rules = Object.entries(all);
  return (
    <div className="sampling-auto" aria-label="Sampling answered without asking" role="group">
      <h4>Sampling answered without asking</h4>
      {rules.length === 0 ? (
        <p className="muted">None: every server’s sampling request opens a dialog. To let a model answer a server’s requests, use Draft with a model in that dialog.</p>
      ) : (
        <ul>
          {rules.map(([server, rule]) => (
            <RuleRow
              key={`${server}\n${rule.maxTokens}\n${rule.perMinute}`}
              server={server}
              rule={rule}
              onSave={(next) => save({ samplingAuto: { ...all, [server]: next } })}
              onStop={() => {
                const rest = { ...all };
                delete rest[server];
                return save({ samplingAuto: rest });
              }}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

/** A whole number from 1 to max, or what is wrong with the text. */
function limitOf(text: string, max: number): number | string {
  const value = Number(text);
  return /^\d+$/.test(text.trim()) && value >= 1 && value <= max ? value : `a whole number from 1 to ${max.toLocaleString('en')}`;
}

function RuleRow({ server, rule, onSave, onStop }: { server: string; rule: Rule; onSave: (rule: Rule) => Promise<unknown>; onStop: () => Promise<unknown> }) {
  const id = useId();
  const [tokens, setTokens] = useState(String(rule.maxTokens));
  const [perMinute, setPerMinute] = useState(String(rule.perMinute));
  const [problem, setProblem] = useState<string | undefined>();
  const changed = tokens !== String(rule.maxTokens) || perMinute !== String(rule.perMinute);
  const submit = () => {
    const maxTokens = limitOf(tokens, SAMPLING_AUTO_LIMITS.maxTokens);
    const answers = limitOf(perMinute, SAMPLING_AUTO_LIMITS.perMinute);
    if (typeof maxTokens === 'string') return setProblem(`Tokens an answer: ${maxTokens}.`);
    if (typeof answers === 'string') return setProblem(`Answers a minute: ${answers}.`);
    setProblem(undefined);
    onSave({ ...rule, maxTokens, perMinute: answers }).catch((error: Error) => setProblem(error.message));
  };
  return (
    <li>
      <strong>{server}</strong>: {rule.provider}:{rule.model}{' '}
      <label htmlFor={`${id}-tokens`}>tokens an answer</label>{' '}
      <input id={`${id}-tokens`} className="sampling-auto-limit" inputMode="numeric" value={tokens} onChange={(e) => setTokens(e.target.value)} aria-describedby={problem ? `${id}-problem` : undefined} />{' '}
      <label htmlFor={`${id}-minute`}>answers a minute</label>{' '}
      <input id={`${id}-minute`} className="sampling-auto-limit" inputMode="numeric" value={perMinute} onChange={(e) => setPerMinute(e.target.value)} aria-describedby={problem ? `${id}-problem` : undefined} />{' '}
      <button type="button" disabled={!changed} onClick={submit}>
        Save limits for {server}
      </button>{' '}
      <button type="button" onClick={() => void onStop().catch((error: Error) => setProblem(error.message))}>
        Stop for {server}
      </button>
      {problem && (
        <p role="alert" id={`${id}-problem`} className="error-text">
          {problem}
        </p>
      )}
    </li>
  );
}
