/** The open server workspaces, side by side; a hint when none is open. */
import { useShallow } from 'zustand/react/shallow';
import { openWorkspaces } from '../state/workspace-slice';
import { useWorkbench } from '../state/store';
import { ServerWorkspace } from './ServerWorkspace';
import './workspace.css';

export function Workspaces() {
  const names = useWorkbench(useShallow((s) => openWorkspaces(s)));
  const servers = useWorkbench((s) => s.servers);
  if (names.length === 0) {
    return (
      <div className="workspaces workspaces-empty">
        <p className="empty">Select a server to open it. Press Keep open on a server to open another one beside it.</p>
      </div>
    );
  }
  return (
    <div className="workspaces" data-count={names.length}>
      {names.map((name) => {
        const server = servers.find((s) => s.name === name);
        return server ? <ServerWorkspace key={name} server={server} /> : null;
      })}
    </div>
  );
}
