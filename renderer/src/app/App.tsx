/** The window: header, then servers, the selected server and its tools, and the selected tool; the protocol log below. */
import { useState } from 'react';
import { AddServerForm } from '../components/AddServerForm';
import { ProtocolLogView } from '../components/ProtocolLogView';
import { ServerDetails } from '../components/ServerDetails';
import { ServerList } from '../components/ServerList';
import { SettingsDialog } from '../components/SettingsDialog';
import { ThemeToggle } from '../components/ThemeToggle';
import { ToolList } from '../components/ToolList';
import { ToolPanel } from '../components/ToolPanel';
import { HistoryDialog } from '../components/tools/HistoryDialog';
import { PermissionPrompt } from '../components/tools/PermissionPrompt';
import { PermissionsDialog } from '../components/tools/PermissionsDialog';
import { ServerRequestDialog } from '../components/tools/ServerRequestDialog';
import { useWorkbench } from '../state/store';

export function App() {
  const [adding, setAdding] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [permissionsOpen, setPermissionsOpen] = useState(false);
  const hostStatus = useWorkbench((s) => s.hostStatus);
  const logOpen = useWorkbench((s) => s.logOpen);
  const openLog = useWorkbench((s) => s.openProtocolLog);
  const closeLog = useWorkbench((s) => s.closeProtocolLog);
  return (
    <div className="app">
      <header className="app-header">
        <h1>MCP Workbench</h1>
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
          <ThemeToggle />
        </div>
      </header>
      {hostStatus === 'lost' && (
        <p className="banner" role="alert">
          Lost the connection to the MCP Workbench host. Start it again and reload this page.
        </p>
      )}
      <main className="columns">
        <ServerList onAdd={() => setAdding(true)} />
        <div className="panel-stack">
          <ServerDetails />
          <ToolList />
        </div>
        <ToolPanel />
      </main>
      {logOpen && <ProtocolLogView />}
      {adding && <AddServerForm onClose={() => setAdding(false)} />}
      {settingsOpen && <SettingsDialog onClose={() => setSettingsOpen(false)} />}
      {historyOpen && <HistoryDialog onClose={() => setHistoryOpen(false)} />}
      {permissionsOpen && <PermissionsDialog onClose={() => setPermissionsOpen(false)} />}
      <PermissionPrompt />
      <ServerRequestDialog />
    </div>
  );
}
