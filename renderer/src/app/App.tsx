/** The window: header, then servers, tools and the selected tool side by side. */
import { ConfigProblems } from '../components/ConfigProblems';
import { ExportDialog } from '../components/ExportDialog';
import { ImportDialog } from '../components/ImportDialog';
import { ProjectBar } from '../components/ProjectBar';
import { ServerForm } from '../components/server-form/ServerForm';
import { ServerList } from '../components/ServerList';
import { ThemeToggle } from '../components/ThemeToggle';
import { ToolList } from '../components/ToolList';
import { ToolPanel } from '../components/ToolPanel';
import { useWorkbench } from '../state/store';

export function App() {
  const hostStatus = useWorkbench((s) => s.hostStatus);
  const serverForm = useWorkbench((s) => s.serverForm);
  const configDialog = useWorkbench((s) => s.configDialog);
  const openServerForm = useWorkbench((s) => s.openServerForm);
  return (
    <div className="app">
      <header className="app-header">
        <h1>MCP Workbench</h1>
        <ProjectBar />
        <ThemeToggle />
      </header>
      {hostStatus === 'lost' && (
        <p className="banner" role="alert">
          Lost the connection to the MCP Workbench host. Start it again and reload this page.
        </p>
      )}
      <ConfigProblems />
      <main className="columns">
        <ServerList onAdd={() => openServerForm({ mode: 'add' })} />
        <ToolList />
        <ToolPanel />
      </main>
      {serverForm && <ServerForm key={JSON.stringify(serverForm)} target={serverForm} />}
      {configDialog?.kind === 'import' && <ImportDialog paste={configDialog.paste} />}
      {configDialog?.kind === 'export' && <ExportDialog names={configDialog.names} />}
    </div>
  );
}
