/**
 * The playground: a model with a server's tools (and other connected servers' if picked), a
 * system prompt, and a chat. As a server's tab it starts with that server; on its own (the
 * header's Playground) it starts with every connected server. Three views of the same run:
 * the chat, a trace of every model turn and tool call with its latency and tokens, and the
 * raw requests the provider received (tool schemas after its adaptation, lossy changes
 * flagged). Before the first message it shows what the exposed tool definitions cost in
 * tokens; each tool call pauses for approve / edit / deny unless the user turns that off. Up
 * to three models answer the same prompt side by side, each in its own conversation and
 * column.
 */
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import type { ExposedToolTokens, ModelProviderId, ModelProviderView } from '../../../../shared/api/models';
import type { ServerView, ToolInfo } from '../../../../shared/domain';
import { useWorkbench } from '../../state/store';
import { ModelProviders, useModelProviders } from '../models/ModelProviders';
import { ApprovalCard } from './ApprovalCard';
import { ChatView } from './ChatView';
import { RawView } from './RawView';
import { TraceView } from './TraceView';
import { useChat } from './use-chat';
import './playground.css';

const VIEWS = ['chat', 'trace', 'raw'] as const;
type View = (typeof VIEWS)[number];
const VIEW_LABELS: Record<View, string> = { chat: 'Chat', trace: 'Trace', raw: 'Raw' };

export function PlaygroundView({ server }: { server?: ServerView }) {
  const api = useWorkbench((s) => s.api);
  const allServers = useWorkbench((s) => s.servers);
  // Element ids: one playground per workspace, and the one across servers.
  const scope = server?.name ?? 'all-servers';
  const { providers, setProviders, reload } = useModelProviders();
  const [provider, setProvider] = useState<ModelProviderId | undefined>();
  const [model, setModel] = useState('');
  const [served, setServed] = useState<string[] | { error: string } | undefined>();
  const connectedNames = allServers.filter((s) => s.status === 'connected').map((s) => s.name);
  const [picked, setServers] = useState<string[] | undefined>(server ? [server.name] : undefined);
  // Across servers, until the user picks: every connected server, as they connect.
  const servers = useMemo(() => picked ?? connectedNames, [picked, connectedNames.join('\n')]); // eslint-disable-line react-hooks/exhaustive-deps -- keyed by the names
  const [tools, setTools] = useState<ToolInfo[] | undefined>();
  const [toolsError, setToolsError] = useState<string | undefined>();
  const [off, setOff] = useState<Set<string>>(new Set());
  const [system, setSystem] = useState('');
  const [pause, setPause] = useState(true);
  const [prompt, setPrompt] = useState('');
  const [view, setView] = useState<View>('chat');
  const [cost, setCost] = useState<ExposedToolTokens | { error: string } | undefined>();
  // Up to three models answer the same prompt side by side: one conversation each (hooks are called a fixed number of times).
  const chats = [useChat(), useChat(), useChat()];
  const [compared, setCompared] = useState<Array<{ provider: ModelProviderId | ''; model: string }>>([]);
  const columns = [{ provider: provider ?? '', model }, ...compared].map((choice, index) => ({ ...choice, chat: chats[index]! }));
  const running = columns.some((c) => c.chat.running);
  const hasTurns = columns.some((c) => c.chat.turns.length > 0);

  const ready = useMemo(() => providers?.filter((p) => p.ready) ?? [], [providers]);
  const chosen = providers?.find((p) => p.id === provider);
  // The first provider that can be asked, until the user picks one.
  useEffect(() => {
    if (provider === undefined && ready.length) setProvider(ready[0]!.id);
  }, [provider, ready]);

  // The models a local endpoint serves, to pick from.
  useEffect(() => {
    setServed(undefined);
    if (!chosen?.local || !chosen.ready) return;
    let live = true;
    api.listServedModels({ provider: chosen.id }).then(
      (answer) => live && setServed(answer.ok ? answer.models : { error: answer.error }),
      (e: Error) => live && setServed({ error: e.message }),
    );
    return () => {
      live = false;
    };
  }, [api, chosen?.id, chosen?.local, chosen?.ready]);

  const connected = allServers.filter((s) => s.status === 'connected' || s.name === server?.name);
  const serversKey = servers.join('\n');
  useEffect(() => {
    let live = true;
    setToolsError(undefined);
    Promise.all(servers.map((name) => api.listTools({ name }))).then(
      (lists) => live && setTools(lists.flat().filter((t) => !t.excludedReason)),
      (e: Error) => live && setToolsError(e.message),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by the names, not the array
  }, [api, serversKey]);

  const toolKey = (t: Pick<ToolInfo, 'server' | 'name'>) => `${t.server}\n${t.name}`;
  const filter = useMemo(() => {
    if (!tools || off.size === 0) return undefined;
    const picked: Record<string, string[]> = {};
    for (const name of servers) picked[name] = tools.filter((t) => t.server === name && !off.has(toolKey(t))).map((t) => t.name);
    return picked;
  }, [tools, off, servers]);

  // What the definitions cost before anything is said: counted again whenever the selection changes.
  useEffect(() => {
    let live = true;
    setCost(undefined);
    api.toolTokenCost({ servers, ...(filter ? { tools: filter } : {}) }).then(
      (answer) => live && setCost(answer),
      (e: Error) => live && setCost({ error: e.message }),
    );
    return () => {
      live = false;
    };
  }, [api, servers, filter]);

  if (providers && ready.length === 0) {
    return (
      <div className="playground">
        <section className="playground-setup" aria-label="Set up a model">
          <h3>No model is set up yet</h3>
          <p>
            Save a key for a cloud provider, or point the playground at a local model: with Ollama running, press <strong>Use Ollama’s default</strong>. The same settings are in
            Settings → Models.
          </p>
          <ModelProviders
            onChange={(next: ModelProviderView[]) => {
              setProviders(next);
              reload();
            }}
          />
        </section>
      </div>
    );
  }

  const canSend = columns.every((c) => c.provider !== '' && c.model.trim() !== '') && prompt.trim() !== '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSend || running) return;
    for (const column of columns) {
      void column.chat.send(prompt, { provider: column.provider as ModelProviderId, model: column.model.trim(), servers, ...(filter ? { tools: filter } : {}), system, pause });
    }
    setPrompt('');
  };

  const modelListId = `playground-models-${scope}`;
  const viewId = `playground-view-${scope}`;
  return (
    <div className="playground">
      <section className="playground-setup" aria-label="Model and tools">
        <div className="playground-row">
          <label htmlFor={`pg-provider-${scope}`}>Provider</label>
          <select id={`pg-provider-${scope}`} value={provider ?? ''} onChange={(e) => setProvider(e.target.value as ModelProviderId)}>
            {providers?.map((p) => (
              <option key={p.id} value={p.id} disabled={!p.ready}>
                {p.label}
                {p.ready ? '' : ' (not set up)'}
              </option>
            ))}
          </select>
          <label htmlFor={`pg-model-${scope}`}>Model</label>
          <input id={`pg-model-${scope}`} list={modelListId} value={model} placeholder={chosen?.local ? 'llama3.2' : 'model name'} onChange={(e) => setModel(e.target.value)} />
          <datalist id={modelListId}>{Array.isArray(served) && served.map((m) => <option key={m} value={m} />)}</datalist>
          <label className="playground-check">
            <input type="checkbox" checked={pause} onChange={(e) => setPause(e.target.checked)} /> Pause before each tool call
          </label>
        </div>
        {served && !Array.isArray(served) && <p className="muted">Models of this endpoint: {served.error}</p>}
        {compared.map((choice, index) => (
          <div key={index} className="playground-row" role="group" aria-label={`Compared model ${index + 2}`}>
            <label htmlFor={`pg-provider-${scope}-${index + 2}`}>Provider {index + 2}</label>
            <select
              id={`pg-provider-${scope}-${index + 2}`}
              value={choice.provider}
              onChange={(e) => setCompared((all) => all.map((c, i) => (i === index ? { ...c, provider: e.target.value as ModelProviderId } : c)))}
            >
              {providers?.filter((p) => p.ready).map((p) => (
                <option key={p.id} value={p.id}>
                  {p.label}
                </option>
              ))}
            </select>
            <label htmlFor={`pg-model-${scope}-${index + 2}`}>Model {index + 2}</label>
            <input
              id={`pg-model-${scope}-${index + 2}`}
              value={choice.model}
              onChange={(e) => setCompared((all) => all.map((c, i) => (i === index ? { ...c, model: e.target.value } : c)))}
            />
            <button type="button" disabled={running} onClick={() => setCompared((all) => all.filter((_, i) => i !== index))}>
              Remove model {index + 2}
            </button>
          </div>
        ))}
        {compared.length < 2 && (
          <button type="button" className="link-button playground-compare" disabled={running} onClick={() => setCompared((all) => [...all, { provider: provider ?? ready[0]?.id ?? '', model: '' }])}>
            Compare with another model (up to three side by side)
          </button>
        )}
        <fieldset className="playground-servers">
          <legend>Servers and tools exposed</legend>
          {connected.map((s) => (
            <label key={s.name} className="playground-check">
              <input
                type="checkbox"
                checked={servers.includes(s.name)}
                onChange={(e) => setServers(e.target.checked ? [...servers, s.name] : servers.filter((n) => n !== s.name))}
              />
              {s.name}
            </label>
          ))}
          {connected.length === 0 && <p className="muted">No server is connected: connect one in the list on the left, or chat without tools.</p>}
          {toolsError && <p role="alert" className="error-text">{toolsError}</p>}
          {tools && tools.length === 0 && <p className="muted">No tools on the chosen servers: the model can only talk.</p>}
          <div className="playground-tools">
            {tools?.map((t) => (
              <label key={toolKey(t)} className="playground-check">
                <input
                  type="checkbox"
                  checked={!off.has(toolKey(t))}
                  onChange={(e) =>
                    setOff((all) => {
                      const next = new Set(all);
                      if (e.target.checked) next.delete(toolKey(t));
                      else next.add(toolKey(t));
                      return next;
                    })
                  }
                />
                {servers.length > 1 ? `${t.server}.` : ''}
                {t.name}
              </label>
            ))}
          </div>
          <p className="muted" data-testid="tool-token-cost">
            {cost === undefined
              ? 'Counting what the tool definitions cost…'
              : 'error' in cost
                ? `Tool definitions: could not count (${cost.error})`
                : `Tool definitions: ${cost.tools} tool(s), ${cost.openai} tokens (OpenAI tokenizer)${cost.claudeEstimate !== undefined ? `, ≈${cost.claudeEstimate} (Claude, estimate)` : ''}, sent with every request.`}
          </p>
        </fieldset>
        <details className="playground-providers">
          <summary>Model providers</summary>
          <ModelProviders onChange={setProviders} />
        </details>
        <label htmlFor={`pg-system-${scope}`}>System prompt</label>
        <textarea id={`pg-system-${scope}`} rows={2} value={system} onChange={(e) => setSystem(e.target.value)} placeholder="Optional" />
      </section>

      <div className="playground-views">
        <div role="tablist" aria-label="Playground views" className="tablist">
          {VIEWS.map((v, index) => (
            <button
              key={v}
              type="button"
              role="tab"
              id={`${viewId}-${v}`}
              aria-selected={view === v}
              aria-controls={`${viewId}-panel`}
              tabIndex={view === v ? 0 : -1}
              className="tab"
              onClick={() => setView(v)}
              onKeyDown={(event) => {
                const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
                if (!step) return;
                event.preventDefault();
                const next = VIEWS[(index + step + VIEWS.length) % VIEWS.length]!;
                setView(next);
                document.getElementById(`${viewId}-${next}`)?.focus();
              }}
            >
              {VIEW_LABELS[v]}
            </button>
          ))}
        </div>
        <button type="button" className="link-button" disabled={running || !hasTurns} onClick={() => columns.forEach((c) => c.chat.clear())}>
          New conversation
        </button>
      </div>
      <section role="tabpanel" id={`${viewId}-panel`} aria-labelledby={`${viewId}-${view}`} tabIndex={0} className="playground-output">
        <div className={columns.length > 1 ? 'playground-columns' : undefined}>
          {columns.map(({ chat, provider: p, model: m }, index) => (
            <section key={index} className="playground-column" aria-label={columns.length > 1 ? `${p}:${m}` : undefined}>
              {columns.length > 1 && <h4>{`${p}:${m}`}</h4>}
              {view === 'chat' && <ChatView turns={chat.turns} />}
              {view === 'trace' && <TraceView turns={chat.turns} {...(running ? {} : { onRerun: (turn, from) => void chat.rerun(turn.callId, from, pause) })} />}
              {view === 'raw' && <RawView turns={chat.turns} />}
              {chat.paused && <ApprovalCard key={chat.paused.approvalId} call={chat.paused} onAnswer={chat.answer} />}
            </section>
          ))}
        </div>
      </section>

      <form className="playground-prompt" onSubmit={submit}>
        <label htmlFor={`pg-prompt-${scope}`} className="visually-hidden">
          Message
        </label>
        <textarea
          id={`pg-prompt-${scope}`}
          rows={2}
          value={prompt}
          placeholder={model.trim() ? 'Ask the model something (Ctrl+Enter sends)' : 'Name a model first'}
          onChange={(e) => setPrompt(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) submit(e);
          }}
        />
        {running ? (
          <button type="button" onClick={() => columns.forEach((c) => c.chat.stop())}>
            Stop
          </button>
        ) : (
          <button type="submit" className="primary" disabled={!canSend}>
            Send
          </button>
        )}
      </form>
    </div>
  );
}
