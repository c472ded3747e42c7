/**
 * A server's Prompts tab: its prompts (every page), an argument form with the server's
 * suggestions for each argument, and the result of prompts/get as a conversation.
 */
import { useEffect } from 'react';
import type { PromptInfo } from '../../../../shared/api/prompts';
import type { ServerView } from '../../../../shared/domain';
import type { PromptView } from '../../state/prompts-slice';
import { useWorkbench } from '../../state/store';
import { completerFor } from '../completion';
import { CompletionInput } from '../CompletionInput';
import { formatDuration } from '../tools/format';
import { Conversation } from './Conversation';
import '../item-browser.css';
import './prompts.css';
import { SafeName } from '../names/SafeName';
import { LoadingNote } from '../LoadingNote';

const EMPTY_VIEW: PromptView = { args: {} };

export function PromptBrowser({ server, onOpenResource }: { server: ServerView; onOpenResource: (uri: string) => void }) {
  const entry = useWorkbench((s) => s.promptsByServer[server.name]);
  const view = useWorkbench((s) => s.promptViews[server.name]) ?? EMPTY_VIEW;
  const load = useWorkbench((s) => s.loadPrompts);
  const cancel = useWorkbench((s) => s.cancelPromptRequests);
  const select = useWorkbench((s) => s.selectPrompt);
  const connected = server.status === 'connected';
  const offers = Boolean(server.capabilities?.prompts);

  useEffect(() => {
    if (connected && offers && !entry) void load(server.name);
  }, [connected, offers, entry, load, server.name]);
  // Leaving the tab or the server cancels what it was still waiting for.
  useEffect(() => () => cancel(server.name, 'left'), [cancel, server.name]);

  if (!connected) return <p className="empty">Connect {server.name} to see its prompts.</p>;
  if (!offers) return <p className="empty">{server.name} offers no prompts (it does not declare the prompts capability).</p>;
  if (!entry || (entry.status === 'loading' && entry.prompts.length === 0)) return <LoadingNote what="prompts" onCancel={() => cancel(server.name, 'cancelled')} />;
  if (entry.status === 'error') {
    return (
      <div role="alert" className="error-text">
        <p>Could not list prompts: {entry.error}</p>
        <button type="button" onClick={() => void load(server.name)}>
          Try again
        </button>
      </div>
    );
  }
  const prompt = entry.prompts.find((p) => p.name === view.selected);

  return (
    <div className="split">
      <section className="split-list" aria-label="Prompt list">
        <div className="list-toolbar">
          <h3>
            Prompts <span className="muted">({entry.prompts.length})</span>
          </h3>
          <button type="button" onClick={() => void load(server.name, true)} disabled={entry.status === 'loading'}>
            {entry.status === 'loading' ? 'Refreshing…' : 'Refresh'}
          </button>
        </div>
        {entry.prompts.length === 0 && <p className="empty">{server.name} offers no prompts.</p>}
        <ul className="item-list" aria-label="Prompts">
          {entry.prompts.map((p) => (
            <li key={p.name}>
              <button
                type="button"
                className={`list-item${p.name === view.selected ? ' selected' : ''}`}
                aria-current={p.name === view.selected}
                onClick={() => select(server.name, p.name)}
              >
                <span className="item-name">
                  <SafeName text={p.title ?? p.name} />
                </span>
                {p.description && <span className="item-detail">{p.description}</span>}
              </button>
            </li>
          ))}
        </ul>
      </section>
      <section className="split-detail" aria-label="Prompt">
        {prompt ? (
          <PromptForm server={server} prompt={prompt} view={view} onOpenResource={onOpenResource} />
        ) : (
          <p className="empty">{view.selected ? `The prompt ${view.selected} is no longer offered.` : 'Select a prompt to fill in its arguments.'}</p>
        )}
      </section>
    </div>
  );
}

function PromptForm({ server, prompt, view, onOpenResource }: { server: ServerView; prompt: PromptInfo; view: PromptView; onOpenResource: (uri: string) => void }) {
  const api = useWorkbench((s) => s.api);
  const setArgument = useWorkbench((s) => s.setPromptArgument);
  const getPrompt = useWorkbench((s) => s.getPrompt);
  const values = view.args[prompt.name] ?? {};
  const run = view.run?.prompt === prompt.name ? view.run : undefined;

  return (
    <>
      <form
        className="prompt-form"
        noValidate
        aria-label={`Arguments of ${prompt.title ?? prompt.name}`}
        onSubmit={(event) => {
          event.preventDefault();
          void getPrompt(server.name, prompt.name);
        }}
      >
        <header className="detail-header">
          <h3>
            <SafeName text={prompt.title ?? prompt.name} />
          </h3>
          <code className="uri">
            <SafeName text={prompt.name} />
          </code>
          {prompt.description && <p className="description">{prompt.description}</p>}
        </header>
        {prompt.arguments.length === 0 && <p className="muted">This prompt takes no arguments.</p>}
        {prompt.arguments.map((argument) => (
          <CompletionInput
            key={argument.name}
            label={argument.title ?? argument.name}
            value={values[argument.name] ?? ''}
            required={argument.required === true}
            {...(argument.description ? { description: argument.description } : {})}
            onChange={(value) => setArgument(server.name, prompt.name, argument.name, value)}
            complete={completerFor(api, server, { type: 'ref/prompt', name: prompt.name }, argument.name, values)}
          />
        ))}
        <button type="submit" className="primary" disabled={run?.status === 'running'}>
          {run?.status === 'running' ? 'Getting…' : 'Get prompt'}
        </button>
      </form>
      {run?.status === 'error' && (
        <div role="alert" className="request-error">
          <strong>Could not get the prompt</strong>
          <p>{run.error}</p>
        </div>
      )}
      {run?.result && (
        <section className="prompt-result" aria-label="Prompt result">
          <p className="muted">
            {run.result.description ? `${run.result.description} · ` : ''}
            {run.result.messages.length} {run.result.messages.length === 1 ? 'message' : 'messages'} · {formatDuration(run.result.durationMs)}
          </p>
          <Conversation messages={run.result.messages} onOpenResource={onOpenResource} />
        </section>
      )}
    </>
  );
}
