/** The middle column: the selected server's tools. */
import { useWorkbench } from '../state/store';

export function ToolList() {
  const server = useWorkbench((s) => s.servers.find((x) => x.name === s.selectedServer));
  const entry = useWorkbench((s) => (s.selectedServer ? s.toolsByServer[s.selectedServer] : undefined));
  const selected = useWorkbench((s) => s.selectedTool);
  const selectTool = useWorkbench((s) => s.selectTool);
  const loadTools = useWorkbench((s) => s.loadTools);

  let body: React.ReactNode;
  if (!server) body = <p className="empty">Select a server to see its tools.</p>;
  else if (server.status !== 'connected') body = <p className="empty">Connect {server.name} to see its tools.</p>;
  else if (!entry || (entry.status === 'loading' && entry.tools.length === 0)) body = <p className="empty">Loading tools…</p>;
  else if (entry.status === 'error')
    body = (
      <div role="alert" className="error-text">
        <p>Could not list tools: {entry.error}</p>
        <button type="button" onClick={() => void loadTools(server.name)}>
          Try again
        </button>
      </div>
    );
  else if (entry.tools.length === 0) body = <p className="empty">{server.name} offers no tools.</p>;
  else
    body = (
      <ul className="tool-list">
        {entry.tools.map((tool) => (
          <li key={tool.name}>
            <button
              type="button"
              className={`tool-item${selected?.server === tool.server && selected.name === tool.name ? ' selected' : ''}`}
              aria-current={selected?.server === tool.server && selected.name === tool.name}
              onClick={() => selectTool(tool.server, tool.name)}
            >
              <span className="tool-name">{tool.annotations?.title ?? tool.title ?? tool.name}</span>
              {tool.description && <span className="tool-description">{tool.description}</span>}
            </button>
          </li>
        ))}
      </ul>
    );

  return (
    <section className="panel tools" aria-label="Tools">
      <div className="panel-header">
        <h2>Tools{server ? ` · ${server.name}` : ''}</h2>
      </div>
      {body}
    </section>
  );
}
