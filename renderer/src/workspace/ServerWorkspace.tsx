/**
 * One server's workspace pane: its details (info, capabilities, instructions, connection
 * actions) above its tabs. Everything inside reads this server's own state, so panes
 * side by side never mix their data; the Tools tab shows the tool list and tool panel
 * through a store scoped to this server.
 */
import { Pin, PinOff, X } from 'lucide-react';
import { lazy, Suspense, useContext, useEffect, useMemo } from 'react';
import type { ServerView } from '../../../shared/domain';
import { ServerConsole } from '../components/console/ServerConsole';
import { DoctorPanel } from '../components/doctor/DoctorPanel';
import { Pane } from '../components/ErrorBoundary';
import { PromptBrowser } from '../components/prompts/PromptBrowser';
import { ResourceBrowser } from '../components/resources/ResourceBrowser';
import { ServerDetails } from '../components/ServerDetails';
import { SkillBrowser } from '../components/skills/SkillBrowser';
import { TasksView } from '../components/tasks/TasksView';
import { ToolList } from '../components/ToolList';
import { ToolsSplit } from './ToolsSplit';
import { StoreContext, useWorkbench } from '../state/store';
import { scopeStore } from './server-scope';
import { TAB_LABELS, WorkspaceTabs } from './WorkspaceTabs';
import './workspace.css';

// Loaded when the tab is first opened: the editor and run view stay off the first screen.
const CollectionsView = lazy(() => import('../components/collections/CollectionsView').then((module) => ({ default: module.CollectionsView })));
// The charting library comes with the Load tab, not with the first screen.
const LoadView = lazy(() => import('../components/load/LoadView').then((module) => ({ default: module.LoadView })));
const PlaygroundView = lazy(() => import('../components/playground/PlaygroundView').then((module) => ({ default: module.PlaygroundView })));

export function ServerWorkspace({ server }: { server: ServerView }) {
  const base = useContext(StoreContext);
  if (!base) throw new Error('ServerWorkspace used outside StoreContext');
  const scoped = useMemo(() => scopeStore(base, server.name), [base, server.name]);
  const tab = useWorkbench((s) => s.workspaceTabs[server.name]) ?? 'tools';
  const setTab = useWorkbench((s) => s.setWorkspaceTab);
  const openResource = useWorkbench((s) => s.selectResource);

  const showResource = (uri: string) => {
    openResource(server.name, { kind: 'resource', uri });
    setTab(server.name, 'resources');
  };

  return (
    <StoreContext.Provider value={scoped}>
      <section className="workspace" aria-label={`Workspace of ${server.name}`} data-workspace={server.name}>
        <Pane name="The server details">
          <ServerDetails actions={<PaneActions server={server.name} />} />
        </Pane>
        <WorkspaceTabs server={server.name} active={tab} onChange={(next) => setTab(server.name, next)}>
          {/* Keyed by tab: a tab that failed starts afresh when the user comes back to it. */}
          <Pane key={tab} name={`The ${TAB_LABELS[tab]} tab`}>
            {tab === 'tools' && <ToolsTab server={server} />}
            {tab === 'tasks' && <TasksView server={server} />}
            {tab === 'resources' && <ResourceBrowser server={server} />}
            {tab === 'prompts' && <PromptBrowser server={server} onOpenResource={showResource} />}
            {tab === 'skills' && <SkillBrowser server={server} />}
            {tab === 'console' && <ServerConsole server={server} />}
            {tab === 'doctor' && <DoctorPanel server={server} />}
            {tab === 'collections' && (
              <Suspense fallback={<p className="muted">Loading collections…</p>}>
                <CollectionsView server={server} />
              </Suspense>
            )}
            {tab === 'load' && (
              <Suspense fallback={<p className="muted">Loading the Load tab…</p>}>
                <LoadView server={server} />
              </Suspense>
            )}
            {tab === 'playground' && (
              <Suspense fallback={<p className="muted">Loading the playground…</p>}>
                <PlaygroundView server={server} />
              </Suspense>
            )}
          </Pane>
        </WorkspaceTabs>
      </section>
    </StoreContext.Provider>
  );
}

/** The tool list and panel as they are; they read "the selected server", which the scope makes this one. */
function ToolsTab({ server }: { server: ServerView }) {
  const loaded = useWorkbench((s) => s.toolsByServer[server.name] !== undefined);
  const loadTools = useWorkbench((s) => s.loadTools);
  const cancelLoad = useWorkbench((s) => s.cancelToolsLoad);
  const connected = server.status === 'connected';
  // A kept-open pane that is not the selected server loads its own tools.
  useEffect(() => {
    if (connected && !loaded) void loadTools(server.name);
  }, [connected, loaded, loadTools, server.name]);
  // Closing the pane (or the tab) cancels a list it was still waiting for.
  useEffect(() => () => cancelLoad(server.name, 'left'), [cancelLoad, server.name]);
  return (
    <ToolsSplit id={`tools-split-${server.name}`} list={<ToolList server={server.name} />} />
  );
}

function PaneActions({ server }: { server: string }) {
  const pinned = useWorkbench((s) => s.pinnedServers.includes(server));
  const pin = useWorkbench((s) => s.pinWorkspace);
  const unpin = useWorkbench((s) => s.unpinWorkspace);
  const close = useWorkbench((s) => s.closeWorkspace);
  return (
    <>
      <button
        type="button"
        className="icon-button pane-button"
        aria-pressed={pinned}
        aria-label="Keep open"
        title="Keep open: this server's workspace stays when you select another server, which opens beside it"
        onClick={() => (pinned ? unpin(server) : pin(server))}
      >
        {pinned ? <PinOff size={15} aria-hidden="true" /> : <Pin size={15} aria-hidden="true" />}
      </button>
      <button type="button" className="icon-button pane-button" aria-label={`Close the workspace of ${server}`} title="Close this workspace" onClick={() => close(server)}>
        <X size={16} aria-hidden="true" />
      </button>
    </>
  );
}
