/** The window: header, then servers, tools and the selected tool side by side. */
import { useState } from 'react';
import { AddServerForm } from '../components/AddServerForm';
import { ServerList } from '../components/ServerList';
import { ThemeToggle } from '../components/ThemeToggle';
import { ToolList } from '../components/ToolList';
import { ToolPanel } from '../components/ToolPanel';
import { useWorkbench } from '../state/store';

export function App() {
  const [adding, setAdding] = useState(false);
  const hostStatus = useWorkbench((s) => s.hostStatus);
  return (
    <div className="app">
      <header className="app-header">
        <h1>MCP Workbench</h1>
        <ThemeToggle />
      </header>
      {hostStatus === 'lost' && (
        <p className="banner" role="alert">
          Lost the connection to the MCP Workbench host. Start it again and reload this page.
        </p>
      )}
      <main className="columns">
        <ServerList onAdd={() => setAdding(true)} />
        <ToolList />
        <ToolPanel />
      </main>
      {adding && <AddServerForm onClose={() => setAdding(false)} />}
    </div>
  );
}
