/**
 * A server's Resources tab: its resources and templates (every page), a filter, and the
 * selected one — read at once (a resource) or filled in through a form with
 * completion (a template). Subscribed resources are read again whenever they change.
 */
import { useEffect } from 'react';
import type { ResourceInfo, ResourceTemplateInfo } from '../../../../shared/api/resources';
import type { ServerView } from '../../../../shared/domain';
import type { ResourceView } from '../../state/resources-slice';
import { useWorkbench } from '../../state/store';
import { cachedNote } from './cached-note';
import { ReadResult } from './ReadResult';
import { TemplateForm } from './TemplateForm';
import '../item-browser.css';
import { SafeName } from '../names/SafeName';
import { LoadingNote } from '../LoadingNote';

/** Rows shown at once; a filter narrows longer lists. */
const MAX_ROWS = 500;
const EMPTY_VIEW: ResourceView = { templateValues: {}, subscriptions: [], updates: {}, filter: '' };

export function ResourceBrowser({ server }: { server: ServerView }) {
  const entry = useWorkbench((s) => s.resourcesByServer[server.name]);
  const view = useWorkbench((s) => s.resourceViews[server.name]) ?? EMPTY_VIEW;
  const load = useWorkbench((s) => s.loadResources);
  const cancel = useWorkbench((s) => s.cancelResourceRequests);
  const connected = server.status === 'connected';
  const offers = Boolean(server.capabilities?.resources);

  useEffect(() => {
    if (connected && offers && !entry) void load(server.name);
  }, [connected, offers, entry, load, server.name]);
  // Leaving the tab or the server cancels what it was still waiting for.
  useEffect(() => () => cancel(server.name, 'left'), [cancel, server.name]);

  if (!connected) return <p className="empty">Connect {server.name} to see its resources.</p>;
  if (!offers) return <p className="empty">{server.name} offers no resources (it does not declare the resources capability).</p>;
  if (!entry || (entry.status === 'loading' && !entry.catalog)) return <LoadingNote what="resources" onCancel={() => cancel(server.name, 'cancelled')} />;
  if (entry.status === 'error') {
    return (
      <div role="alert" className="error-text">
        <p>Could not list resources: {entry.error}</p>
        <button type="button" onClick={() => void load(server.name)}>
          Try again
        </button>
      </div>
    );
  }
  const catalog = entry.catalog!;

  return (
    <div className="split">
      <ResourceList
        server={server.name}
        resources={catalog.resources}
        templates={catalog.templates}
        view={view}
        refreshing={entry.status === 'loading'}
        {...(catalog.cachedFreshForMs !== undefined ? { cachedFreshForMs: catalog.cachedFreshForMs } : {})}
      />
      <section className="split-detail" aria-label="Resource">
        <ResourceDetail server={server} resources={catalog.resources} templates={catalog.templates} view={view} />
      </section>
    </div>
  );
}

function ResourceList(props: {
  server: string;
  resources: ResourceInfo[];
  templates: ResourceTemplateInfo[];
  view: ResourceView;
  refreshing: boolean;
  /** The lists came from the core's cache (the server's ttlMs). */
  cachedFreshForMs?: number;
}) {
  const { server, resources, templates, view, refreshing, cachedFreshForMs } = props;
  const select = useWorkbench((s) => s.selectResource);
  const setFilter = useWorkbench((s) => s.setResourceFilter);
  const load = useWorkbench((s) => s.loadResources);
  const needle = view.filter.trim().toLowerCase();
  const matches = (...texts: Array<string | undefined>) => !needle || texts.some((text) => text?.toLowerCase().includes(needle));
  const shownResources = resources.filter((r) => matches(r.name, r.title, r.uri, r.description));
  const shownTemplates = templates.filter((t) => matches(t.name, t.title, t.uriTemplate, t.description));
  const selection = view.selection;

  return (
    <section className="split-list" aria-label="Resource list">
      <div className="list-toolbar">
        <label className="visually-hidden" htmlFor={`${server}-resource-filter`}>
          Filter resources
        </label>
        <input
          id={`${server}-resource-filter`}
          type="search"
          placeholder="Filter resources"
          value={view.filter}
          onChange={(event) => setFilter(server, event.target.value)}
        />
        <button type="button" onClick={() => void load(server, true)} disabled={refreshing}>
          {refreshing ? 'Refreshing…' : 'Refresh'}
        </button>
        {cachedFreshForMs !== undefined && (
          <span className="muted" role="status" aria-label="Resource list cache">
            {cachedNote(cachedFreshForMs)}
          </span>
        )}
      </div>
      <h3>
        Resources <span className="muted">({needle ? `${shownResources.length} of ${resources.length}` : resources.length})</span>
      </h3>
      {resources.length === 0 && <p className="empty">No resources.</p>}
      {resources.length > 0 && shownResources.length === 0 && <p className="empty">No resource matches the filter.</p>}
      <ul className="item-list" aria-label="Resources">
        {shownResources.slice(0, MAX_ROWS).map((resource) => {
          const current = selection?.kind === 'resource' && selection.uri === resource.uri;
          const subscribed = view.subscriptions.includes(resource.uri);
          return (
            <li key={resource.uri}>
              <button
                type="button"
                className={`list-item${current ? ' selected' : ''}`}
                aria-current={current}
                onClick={() => select(server, { kind: 'resource', uri: resource.uri })}
              >
                <span className="item-name">
                  <SafeName text={resource.title ?? resource.name} />
                  {subscribed && <span className="badge">subscribed</span>}
                </span>
                <span className="item-detail">{resource.uri}</span>
              </button>
            </li>
          );
        })}
      </ul>
      {shownResources.length > MAX_ROWS && (
        <p className="muted">
          Showing {MAX_ROWS} of {shownResources.length}: filter to narrow the list.
        </p>
      )}
      <h3>
        Templates <span className="muted">({needle ? `${shownTemplates.length} of ${templates.length}` : templates.length})</span>
      </h3>
      {templates.length === 0 && <p className="empty">No resource templates.</p>}
      <ul className="item-list" aria-label="Resource templates">
        {shownTemplates.map((template) => {
          const current = selection?.kind === 'template' && selection.uriTemplate === template.uriTemplate;
          return (
            <li key={template.uriTemplate}>
              <button
                type="button"
                className={`list-item${current ? ' selected' : ''}`}
                aria-current={current}
                onClick={() => select(server, { kind: 'template', uriTemplate: template.uriTemplate })}
              >
                <span className="item-name">
                  <SafeName text={template.title ?? template.name} />
                </span>
                <span className="item-detail">{template.uriTemplate}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function ResourceDetail(props: { server: ServerView; resources: ResourceInfo[]; templates: ResourceTemplateInfo[]; view: ResourceView }) {
  const { server, resources, templates, view } = props;
  const selection = view.selection;
  if (!selection) return <p className="empty">Select a resource to read it, or a template to fill it in.</p>;

  if (selection.kind === 'template') {
    const template = templates.find((t) => t.uriTemplate === selection.uriTemplate);
    if (!template) return <p className="empty">The template {selection.uriTemplate} is no longer offered.</p>;
    return (
      <>
        <TemplateForm server={server} template={template} values={view.templateValues[template.uriTemplate] ?? {}} />
        {view.read?.template === template.uriTemplate && <ReadResult server={server} read={view.read} view={view} />}
      </>
    );
  }

  const resource = resources.find((r) => r.uri === selection.uri);
  return (
    <>
      <header className="detail-header">
        <h3>
          <SafeName text={resource ? (resource.title ?? resource.name) : selection.uri} />
        </h3>
        {resource?.description && <p className="description">{resource.description}</p>}
        {!resource && <p className="muted">Not in the server's list (opened from a link).</p>}
      </header>
      {view.read?.uri === selection.uri && !view.read.template && <ReadResult server={server} read={view.read} view={view} />}
    </>
  );
}
