/**
 * "Draft with model" in the sampling dialog: the server's conversation goes to a model the
 * user picks (a provider set up in Settings → Models), and its answer fills the reply, which
 * the user reads, edits and sends. Nothing reaches the server until Send reply.
 */
import { useEffect, useId, useMemo, useState } from 'react';
import type { ModelProviderId } from '../../../../shared/api/models';
import { useWorkbench } from '../../state/store';
import { useModelProviders } from '../models/ModelProviders';

/** What an automatic answer may take until the user changes it in settings.json. */
const AUTO_LIMITS = { maxTokens: 1000, perMinute: 10 };

export function SamplingDraft({ requestId, server, modelHints, onDraft }: { requestId: string; server: string; modelHints?: string[]; onDraft(text: string, model: string): void }) {
  const api = useWorkbench((s) => s.api);
  const { providers, error: providersError } = useModelProviders();
  const ready = useMemo(() => providers?.filter((p) => p.ready) ?? [], [providers]);
  const [provider, setProvider] = useState<ModelProviderId | undefined>();
  const [model, setModel] = useState('');
  const [served, setServed] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ error: string } | { note: string } | undefined>();
  const [drafted, setDrafted] = useState<{ provider: ModelProviderId; model: string } | undefined>();
  const [allowed, setAllowed] = useState<string | undefined>();
  const saveSettings = useWorkbench((s) => s.saveSettings);
  const listId = useId();
  const chosen = providers?.find((p) => p.id === provider);

  useEffect(() => {
    if (provider === undefined && ready.length > 0) setProvider(ready[0]!.id);
  }, [provider, ready]);

  // A local endpoint's models, to pick from; a model the server hints at is taken when served.
  useEffect(() => {
    setServed([]);
    if (!chosen?.local || !chosen.ready) return;
    let live = true;
    api.listServedModels({ provider: chosen.id }).then(
      (answer) => {
        if (!live || !answer.ok) return;
        setServed(answer.models);
        const hinted = answer.models.find((name) => modelHints?.some((hint) => name.includes(hint)));
        if (hinted) setModel((current) => current || hinted);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api, chosen?.id, chosen?.local, chosen?.ready, modelHints]);

  if (providersError) return <p className="muted">Models: {providersError}</p>;
  if (providers && ready.length === 0) {
    return <p className="muted">To draft the reply with a model, set up a provider in Settings → Models (Ollama on this machine is one click).</p>;
  }

  const draft = async () => {
    if (!provider || !model.trim()) return;
    setBusy(true);
    setOutcome(undefined);
    try {
      const drafted = await api.draftSamplingReply({ requestId, provider, model: model.trim() });
      onDraft(drafted.text, drafted.model);
      setDrafted({ provider, model: model.trim() });
      const cost = drafted.usage.cost !== undefined ? `, $${drafted.usage.cost.toFixed(6)}` : '';
      const cut = drafted.finishReason === 'length' ? ' It stopped at the request’s token limit.' : '';
      setOutcome({ note: `Drafted by ${drafted.model}: ${drafted.usage.inputTokens} tokens in, ${drafted.usage.outputTokens} out${cost}. Read it before you send it.${cut}` });
    } catch (error) {
      setOutcome({ error: (error as Error).message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <fieldset className="sampling-draft">
      <legend>Draft with a model</legend>
      <label className="field">
        Provider
        <select value={provider ?? ''} onChange={(event) => setProvider(event.target.value as ModelProviderId)}>
          {ready.map((p) => (
            <option key={p.id} value={p.id}>
              {p.label}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        Model
        <input value={model} list={listId} placeholder={chosen?.local ? 'a model it serves' : 'the model’s name'} onChange={(event) => setModel(event.target.value)} />
        <datalist id={listId}>
          {served.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
      </label>
      <button type="button" onClick={() => void draft()} disabled={busy || !provider || model.trim() === ''}>
        {busy ? 'Drafting…' : 'Draft reply'}
      </button>
      {outcome && 'note' in outcome && (
        <p className="muted" role="status">
          {outcome.note}
        </p>
      )}
      {drafted && !allowed && (
        <button
          type="button"
          onClick={() => {
            void api.getSettings().then(async (current) => {
              await saveSettings({ samplingAuto: { ...current.values.samplingAuto, [server]: { ...drafted, ...AUTO_LIMITS } } });
              setAllowed(`From now on ${drafted.provider}:${drafted.model} answers ${server}’s sampling requests without asking (up to ${AUTO_LIMITS.maxTokens} tokens, ${AUTO_LIMITS.perMinute} a minute; over that, this dialog). Stop it in Settings → Models.`);
            }, (error: Error) => setOutcome({ error: error.message }));
          }}
        >
          Answer {server}’s requests with this model from now on
        </button>
      )}
      {allowed && (
        <p className="muted" role="status">
          {allowed}
        </p>
      )}
      {outcome && 'error' in outcome && (
        <p className="error" role="alert">
          {outcome.error}
        </p>
      )}
    </fieldset>
  );
}
