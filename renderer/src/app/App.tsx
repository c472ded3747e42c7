/** The window: header, then the servers and the open server workspaces side by side; the protocol log below. */
import { useState } from 'react';
import { AddServerForm } from '../components/AddServerForm';
import { ProtocolLogView } from '../components/ProtocolLogView';
import { ServerList } from '../components/ServerList';
import { SettingsDialog } from '../components/SettingsDialog';
import { ThemeToggle } from '../components/ThemeToggle';
import { useWorkbench } from '../state/store';
import { Workspaces } from '../workspace/Workspaces';

export function App() {
  const [adding, setAdding] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
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
        <Workspaces />
      </main>
      {logOpen && <ProtocolLogView />}
      {adding && <AddServerForm onClose={() => setAdding(false)} />}
      {settingsOpen && <SettingsDialog onClose={() => setSettingsOpen(false)} />}
    </div>
  );
}
