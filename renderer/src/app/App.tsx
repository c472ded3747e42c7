/** The window: header, then the servers and the open server workspaces side by side; the protocol log below. */
import { useState } from 'react';
import { CommandPalette } from '../components/CommandPalette';
import { ConfigProblems } from '../components/ConfigProblems';
import { Pane } from '../components/ErrorBoundary';
import { ExportDialog } from '../components/ExportDialog';
import { ImportDialog } from '../components/ImportDialog';
import { ProjectBar } from '../components/ProjectBar';
import { ProtocolLogView } from '../components/ProtocolLogView';
import { ResizableSplit } from '../components/ResizableSplit';
import { ServerForm } from '../components/server-form/ServerForm';
import { ServerList } from '../components/ServerList';
import { SettingsDialog } from '../components/SettingsDialog';
import { ThemeToggle } from '../components/ThemeToggle';
import { HistoryDialog } from '../components/tools/HistoryDialog';
import { PermissionPrompt } from '../components/tools/PermissionPrompt';
import { PermissionsDialog } from '../components/tools/PermissionsDialog';
import { ServerRequestDialog } from '../components/tools/ServerRequestDialog';
import { useWorkbench } from '../state/store';
import { Workspaces } from '../workspace/Workspaces';
import { HostBanner } from './HostBanner';
import './app.css';

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
  const paletteActions = [
    { label: 'Add server', run: () => openServerForm({ mode: 'add' }) },
    { label: 'Protocol log', run: () => openLog() },
    { label: 'History', run: () => setHistoryOpen(true) },
    { label: 'Permissions', run: () => setPermissionsOpen(true) },
    { label: 'Settings', run: () => setSettingsOpen(true) },
    { label: 'Import servers', run: () => openConfigDialog({ kind: 'import' }) },
    { label: 'Export servers', run: () => openConfigDialog({ kind: 'export' }) },
  ];
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
          <button type="button" onClick={() => setPermissionsOpen(true)}>
            Permissions
          </button>
          <button type="button" onClick={() => setSettingsOpen(true)}>
            Settings
          </button>
          <kbd className="palette-hint" title="Go to a server, tool, resource, prompt or action">
            Ctrl K
          </kbd>
          <ThemeToggle />
        </div>
      </header>
      <HostBanner status={hostStatus} />
      <ConfigProblems />
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
          second={<Workspaces />}
        />
      </main>
      {logOpen && (
        <Pane name="The protocol log">
          <ProtocolLogView />
        </Pane>
      )}
      {serverForm && <ServerForm key={JSON.stringify(serverForm)} target={serverForm} />}
      {configDialog?.kind === 'import' && <ImportDialog key={configDialog.id} dialogId={configDialog.id} paste={configDialog.paste} />}
      {configDialog?.kind === 'export' && <ExportDialog key={configDialog.id} dialogId={configDialog.id} names={configDialog.names} />}
      {settingsOpen && <SettingsDialog onClose={() => setSettingsOpen(false)} />}
      {historyOpen && <HistoryDialog onClose={() => setHistoryOpen(false)} />}
      {permissionsOpen && <PermissionsDialog onClose={() => setPermissionsOpen(false)} />}
      <CommandPalette actions={paletteActions} />
      <PermissionPrompt />
      <ServerRequestDialog />
    </div>
  );
}
