/** The open server workspaces, side by side; when none is open, the tools of every connected server. */
import { useShallow } from 'zustand/react/shallow';
import { Pane } from '../components/ErrorBoundary';
import { ToolList } from '../components/ToolList';
import { ToolsSplit } from './ToolsSplit';
import { openWorkspaces } from '../state/workspace-slice';
import { useWorkbench } from '../state/store';
import { ServerWorkspace } from './ServerWorkspace';
import './workspace.css';

export function Workspaces() {
  const names = useWorkbench(useShallow((s) => openWorkspaces(s)));
  const servers = useWorkbench((s) => s.servers);
  if (names.length === 0) {
    // No server open: the tools of every connected server, to find and run one straight away.
    return (
      <div className="workspaces workspaces-home">
        <p className="muted home-hint">
          Select a server to open its workspace (tools, resources, prompts, console); <strong>Keep open</strong> on a workspace opens the next one beside it.
        </p>
        <ToolsSplit id="tools-split-home" list={<ToolList />} />
      </div>
    );
  }
  return (
    <div className="workspaces" data-count={names.length}>
      {names.map((name) => {
        const server = servers.find((s) => s.name === name);
        return server ? (
          <Pane key={name} name={`The workspace of ${name}`}>
            <ServerWorkspace server={server} />
          </Pane>
        ) : null;
      })}
    </div>
  );
}
