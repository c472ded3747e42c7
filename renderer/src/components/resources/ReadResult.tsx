/**
 * The last read of a resource: its URI, Subscribe/Unsubscribe (when the server offers
 * subscriptions), how often it was updated, and its contents. A subscribed resource is
 * read again on each update, so this stays live. An answer the core served from its cache
 * (the server's ttlMs) says so; Read again asks the server.
 */
import type { ServerView } from '../../../../shared/domain';
import type { ResourceRead, ResourceView } from '../../state/resources-slice';
import { useWorkbench } from '../../state/store';
import { ContentViewer } from '../ContentViewer';
import type { ResourceReadResult } from '../../../../shared/api/resources';
import { formatDuration } from '../tools/format';
import { cachedNote } from './cached-note';
import './resources.css';

export function ReadResult({ server, read, view }: { server: ServerView; read: ResourceRead; view: ResourceView }) {
  const readResource = useWorkbench((s) => s.readResource);
  const setSubscribed = useWorkbench((s) => s.setSubscribed);
  const openResource = useWorkbench((s) => s.selectResource);
  const canSubscribe = Boolean((server.capabilities?.resources as { subscribe?: boolean } | undefined)?.subscribe);
  const subscribed = view.subscriptions.includes(read.uri);
  const update = view.updates[read.uri];
  const result = read.result;

  return (
    <section className="read-result" aria-label="Resource contents" aria-busy={read.status === 'loading'}>
      <div className="read-header">
        <code className="uri">{read.uri}</code>
        <div className="read-actions">
          <button type="button" onClick={() => void readResource(server.name, read.uri, read.template, true)} disabled={read.status === 'loading'}>
            {read.status === 'loading' ? 'Reading…' : 'Read again'}
          </button>
          {canSubscribe && (
            <button type="button" aria-pressed={subscribed} onClick={() => void setSubscribed(server.name, read.uri, !subscribed)}>
              {subscribed ? 'Unsubscribe' : 'Subscribe'}
            </button>
          )}
        </div>
      </div>
      <p className="muted read-status" role="status">
        {[
          subscribed ? 'Subscribed: updates are read as they come.' : '',
          update ? `Updated ${update.count} ${update.count === 1 ? 'time' : 'times'}, last at ${new Date(update.last).toLocaleTimeString()}.` : '',
          result && read.status !== 'loading' ? readNote(result) : '',
        ]
          .filter(Boolean)
          .join(' ')}
      </p>
      {view.subscriptionError && (
        <p role="alert" className="error-text">
          {view.subscriptionError}
        </p>
      )}
      {read.status === 'error' && (
        <div role="alert" className="request-error">
          <strong>Could not read the resource</strong>
          <p>{read.error}</p>
        </div>
      )}
      {read.status === 'loading' && !result && <p className="empty">Reading…</p>}
      {result && result.contents.length === 0 && <p className="empty">The resource has no contents.</p>}
      {result?.contents.map((contents, index) => (
        <div key={`${contents.uri}-${index}`} className="resource-contents">
          {(result.contents.length > 1 || contents.uri !== read.uri) && <code className="uri muted">{contents.uri}</code>}
          {contents.mimeType && <span className="muted mime">{contents.mimeType}</span>}
          <ContentViewer content={contents.content} uri={contents.uri} onOpenResource={(uri) => openResource(server.name, { kind: 'resource', uri })} />
        </div>
      ))}
    </section>
  );
}

function readNote(result: ResourceReadResult): string {
  return result.cachedFreshForMs !== undefined ? `${cachedNote(result.cachedFreshForMs)}.` : `Read in ${formatDuration(result.durationMs)}.`;
}
