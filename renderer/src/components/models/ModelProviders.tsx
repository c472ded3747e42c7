/**
 * Model providers: where each key comes from (saved, the environment, none: never the key
 * itself, which is typed into a password field and cleared once saved), and the address
 * of local and OpenAI-compatible endpoints, with Ollama's default one click away. Shown in
 * Settings and in the Playground when no model is ready. Every control is a plain button
 * (no nested form), so it sits inside the Settings form without submitting it.
 */
import { useCallback, useEffect, useState, type KeyboardEvent } from 'react';
import type { AppApi } from '../../../../shared/api';
import { OLLAMA_DEFAULT_BASE_URL, type ModelProviderView } from '../../../../shared/api/models';
import { useWorkbench } from '../../state/store';
import './models.css';

export function useModelProviders() {
  const api = useWorkbench((s) => s.api);
  const [providers, setProviders] = useState<ModelProviderView[] | undefined>();
  const [error, setError] = useState<string | undefined>();
  const reload = useCallback(() => {
    api.listModelProviders().then(setProviders, (e: Error) => setError(e.message));
  }, [api]);
  useEffect(reload, [reload]);
  return { providers, setProviders, error, reload };
}

export function ModelProviders({ onChange }: { onChange?: (providers: ModelProviderView[]) => void }) {
  const api = useWorkbench((s) => s.api);
  const { providers, setProviders, error } = useModelProviders();
  const update = (next: ModelProviderView[]) => {
    setProviders(next);
    onChange?.(next);
  };
  if (error) return <p role="alert" className="error-text">Could not read the model providers: {error}</p>;
  if (!providers) return <p className="muted">Loading model providers…</p>;
  return (
    <div className="model-providers">
      <p className="muted">
        Keys are kept in the secret store and masked everywhere; only requests to the provider you pick leave this machine.
      </p>
      {providers.map((provider) => (
        <ProviderRow key={provider.id} provider={provider} api={api} onChange={update} />
      ))}
    </div>
  );
}

function keyState(provider: ModelProviderView): string {
  if (provider.key === 'saved') return 'Key saved';
  if (provider.key === 'environment') return `Key from ${provider.keyEnv}`;
  return provider.needsKey ? `No key${provider.keyEnv ? ` (save one, or set ${provider.keyEnv})` : ''}` : 'No key needed';
}

function ProviderRow({ provider, api, onChange }: { provider: ModelProviderView; api: AppApi; onChange: (next: ModelProviderView[]) => void }) {
  const [key, setKey] = useState('');
  const [url, setUrl] = useState(provider.baseUrlSet ? (provider.baseUrl ?? '') : '');
  const [message, setMessage] = useState<{ error: boolean; text: string } | undefined>();
  const id = (what: string) => `model-${provider.id}-${what}`;
  const act = async (work: () => Promise<ModelProviderView[]>, done: string) => {
    try {
      onChange(await work());
      setMessage({ error: false, text: done });
    } catch (e) {
      setMessage({ error: true, text: (e as Error).message });
    }
  };
  const saveKey = () => act(() => api.setModelKey({ provider: provider.id, key }), 'Key saved.').then(() => setKey(''));
  const saveUrl = (value: string | null) => act(() => api.setModelBaseUrl({ provider: provider.id, baseUrl: value }), value === null ? 'Address reset.' : 'Address saved.');
  const onEnter = (run: () => void) => (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      run();
    }
  };
  const ollamaDefault = provider.id === 'ollama' || provider.id === 'openai-compatible';

  return (
    <section className="model-provider" aria-label={provider.label} data-provider={provider.id}>
      <h4>
        {provider.label} <span className={provider.ready ? 'badge ok' : 'badge'}>{provider.ready ? 'ready' : 'not set up'}</span>
      </h4>
      <p className="muted" data-testid={id('key-state')}>
        {keyState(provider)}
        {provider.baseUrl ? ` · ${provider.baseUrl}` : ''}
      </p>
      <div className="model-provider-row">
        <label htmlFor={id('key')}>API key</label>
        <input id={id('key')} type="password" autoComplete="off" spellCheck={false} value={key} onChange={(e) => setKey(e.target.value)} onKeyDown={onEnter(() => void saveKey())} />
        <button type="button" disabled={!key.trim()} onClick={() => void saveKey()}>
          Save key
        </button>
        {provider.key === 'saved' && (
          <button type="button" onClick={() => void act(() => api.forgetModelKey({ provider: provider.id }), 'Key forgotten.')}>
            Forget key
          </button>
        )}
      </div>
      <div className="model-provider-row">
        <label htmlFor={id('url')}>Address</label>
        <input id={id('url')} type="url" spellCheck={false} placeholder={provider.local ? OLLAMA_DEFAULT_BASE_URL : 'the provider\'s API'} value={url} onChange={(e) => setUrl(e.target.value)} onKeyDown={onEnter(() => void saveUrl(url.trim() || null))} />
        <button type="button" onClick={() => void saveUrl(url.trim() || null)}>
          Save address
        </button>
        {ollamaDefault && (
          <button
            type="button"
            onClick={() => {
              setUrl(OLLAMA_DEFAULT_BASE_URL);
              void saveUrl(OLLAMA_DEFAULT_BASE_URL);
            }}
          >
            Use Ollama’s default
          </button>
        )}
      </div>
      {message && (
        <p role={message.error ? 'alert' : 'status'} className={message.error ? 'error-text' : 'muted'}>
          {message.text}
        </p>
      )}
    </section>
  );
}
