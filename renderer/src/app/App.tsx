/**
 * The window: the header (the daily actions, the rest in its menu), then the servers and the
 * open server workspaces side by side (or the playground across servers in their place); the
 * protocol log below.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { CommandPalette } from '../components/CommandPalette';
import { ConfigProblems } from '../components/ConfigProblems';
import { Pane } from '../components/ErrorBoundary';
import { OpenProjectDialog, ProjectBar, useProjectActions } from '../components/ProjectBar';
import { ProtocolLogView } from '../components/ProtocolLogView';
import { ResizableSplit } from '../components/ResizableSplit';
import { ServerForm } from '../components/server-form/ServerForm';
import { ServerList } from '../components/ServerList';
import { PermissionPrompt } from '../components/tools/PermissionPrompt';
import { ServerRequestDialog } from '../components/tools/ServerRequestDialog';
import { useWorkbench } from '../state/store';
import { Workspaces } from '../workspace/Workspaces';
import { useThemeChoice } from '../theme/theme-choice';
import { AppMenu } from './AppMenu';
import { HostBanner } from './HostBanner';
import './app.css';

// Dialogs that are opened now and then load when first opened, so the first screen stays small.
const ImportDialog = lazy(() => import('../components/import/ImportDialog').then((m) => ({ default: m.ImportDialog })));
const ExportDialog = lazy(() => import('../components/ExportDialog').then((m) => ({ default: m.ExportDialog })));
const SettingsDialog = lazy(() => import('../components/SettingsDialog').then((m) => ({ default: m.SettingsDialog })));
const HistoryDialog = lazy(() => import('../components/tools/HistoryDialog').then((m) => ({ default: m.HistoryDialog })));
// The playground across servers brings the model layer's page code when first opened.
const PlaygroundView = lazy(() => import('../components/playground/PlaygroundView').then((m) => ({ default: m.PlaygroundView })));
const PermissionsDialog = lazy(() => import('../components/tools/PermissionsDialog').then((m) => ({ default: m.PermissionsDialog })));

export function App() {
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [permissionsOpen, setPermissionsOpen] = useState(false);
  const hostStatus = useWorkbench((s) => s.hostStatus);
  const logOpen = useWorkbench((s) => s.logOpen);
  const openLog = useWorkbench((s) => s.openProtocolLog);
  const closeLog = useWorkbench((s) => s.closeProtocolLog);
  const serverForm = useWorkbench((s) => s.serverForm);
  const configDialog = useWorkbench((s) => s.configDialog);
  const openServerForm = useWorkbench((s) => s.openServerForm);
  const openConfigDialog = useWorkbench((s) => s.openConfigDialog);
  const project = useWorkbench((s) => s.configStatus?.project);
  const refreshConfigStatus = useWorkbench((s) => s.refreshConfigStatus);
  const projects = useProjectActions();
  const [theme, setTheme] = useThemeChoice();
  const mainView = useWorkbench((s) => s.mainView);
  const showMainView = useWorkbench((s) => s.showMainView);
  // Once opened, the playground stays mounted (hidden) so its conversation outlives a look at a server.
  const [playgroundKept, setPlaygroundKept] = useState(false);
  if (mainView === 'playground' && !playgroundKept) setPlaygroundKept(true);
  const togglePlayground = () => showMainView(mainView === 'playground' ? 'workspaces' : 'playground');
  useEffect(() => {
    void refreshConfigStatus();
  }, [refreshConfigStatus]);
  const paletteActions = [
    { label: 'Add server', run: () => openServerForm({ mode: 'add' }) },
    { label: 'Protocol log', run: () => openLog() },
    { label: 'Playground (every connected server)', run: () => showMainView('playground') },
    { label: 'History', run: () => setHistoryOpen(true) },
    { label: 'Permissions', run: () => setPermissionsOpen(true) },
    { label: 'Settings', run: () => setSettingsOpen(true) },
    { label: 'Import servers', run: () => openConfigDialog({ kind: 'import' }) },
    { label: 'Export servers', run: () => openConfigDialog({ kind: 'export' }) },
    { label: 'Open project', run: () => projects.open() },
  ];
  const columns = (
    <main className="columns">
      <ResizableSplit
        id="main-split"
        storageId="main"
        label="Resize the server list"
        firstDefault={24}
        firstMin="220px"
        secondMin="420px"
        first={
          <Pane name="The server list">
            <ServerList onAdd={() => openServerForm({ mode: 'add' })} />
          </Pane>
        }
        second={
          <>
            <div className="main-view" hidden={mainView !== 'workspaces'}>
              <Workspaces />
            </div>
            {playgroundKept && (
              <section className="main-view playground-main" hidden={mainView !== 'playground'} aria-label="Playground across servers">
                <h2>Playground</h2>
                <Pane name="The playground">
                  <Suspense fallback={<p className="muted">Loading the playground…</p>}>
                    <PlaygroundView />
                  </Suspense>
                </Pane>
              </section>
            )}
          </>
        }
      />
    </main>
  );
  return (
    <div className="app">
      <header className="app-header">
        <h1>MCP Workbench</h1>
        <ProjectBar />
        <div className="header-actions">
          <button type="button" aria-pressed={logOpen} onClick={() => (logOpen ? closeLog() : openLog())}>
            Protocol log
          </button>
          <button type="button" onClick={() => setHistoryOpen(true)}>
            History
          </button>
          <button type="button" aria-pressed={mainView === 'playground'} title="A model with the tools of every connected server" onClick={togglePlayground}>
            Playground
          </button>
          <kbd className="palette-hint" title="Go to a server, tool, resource, prompt or action">
            Ctrl K
          </kbd>
          <AppMenu
            project={project}
            openProject={projects.open}
            closeProject={projects.close}
            importServers={() => openConfigDialog({ kind: 'import' })}
            exportServers={() => openConfigDialog({ kind: 'export' })}
            permissions={() => setPermissionsOpen(true)}
            settings={() => setSettingsOpen(true)}
            theme={theme}
            setTheme={setTheme}
          />
        </div>
      </header>
      <HostBanner status={hostStatus} />
      {projects.error && (
        <p className="banner" role="alert">
          {projects.error}{' '}
          <button type="button" className="link" onClick={projects.dismissError}>
            Dismiss
          </button>
        </p>
      )}
      <ConfigProblems />
      {logOpen ? (
        // The protocol log under the columns, its height the user's to drag (remembered).
        <ResizableSplit
          id="log-split"
          storageId="log"
          label="Resize the protocol log"
          vertical
          firstDefault={66}
          firstMin="220px"
          secondMin="120px"
          className="log-split"
          first={columns}
          second={
            <Pane name="The protocol log">
              <ProtocolLogView />
            </Pane>
          }
        />
      ) : (
        columns
      )}
      {serverForm && <ServerForm key={JSON.stringify(serverForm)} target={serverForm} />}
      <Suspense fallback={null}>
        {configDialog?.kind === 'import' && <ImportDialog key={configDialog.id} dialogId={configDialog.id} fromAddServer={configDialog.fromAddServer} text={configDialog.text} />}
        {configDialog?.kind === 'export' && <ExportDialog key={configDialog.id} dialogId={configDialog.id} names={configDialog.names} />}
        {settingsOpen && <SettingsDialog onClose={() => setSettingsOpen(false)} />}
        {historyOpen && <HistoryDialog onClose={() => setHistoryOpen(false)} />}
        {permissionsOpen && <PermissionsDialog onClose={() => setPermissionsOpen(false)} />}
      </Suspense>
      {projects.askingPath && <OpenProjectDialog onClose={projects.stopAsking} />}
      <CommandPalette actions={paletteActions} />
      <PermissionPrompt />
      <ServerRequestDialog />
    </div>
  );
}
