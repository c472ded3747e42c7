/**
 * The open project (its `.mcp.json` is the project scope) and the config actions that
 * are not about one server: open or close a project, import, export. The desktop app
 * opens a folder with the system's dialog; browser mode asks for the path.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useWorkbench } from '../state/store';
import './ProjectBar.css';

export function ProjectBar() {
  const status = useWorkbench((s) => s.configStatus);
  const refresh = useWorkbench((s) => s.refreshConfigStatus);
  const openProject = useWorkbench((s) => s.openProject);
  const closeProject = useWorkbench((s) => s.closeProject);
  const openDialog = useWorkbench((s) => s.openConfigDialog);
  const api = useWorkbench((s) => s.api);
  const [askingPath, setAskingPath] = useState(false);
  const [path, setPath] = useState('');
  const [error, setError] = useState<string>();

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const open = async (folder: string) => {
    setError(undefined);
    try {
      await openProject(folder);
      setAskingPath(false);
    } catch (e) {
      setError((e as Error).message);
    }
  };

  const chooseFolder = async () => {
    if (!status?.nativeDialogs) {
      setAskingPath((asking) => !asking);
      return;
    }
    try {
      const chosen = await api.chooseProjectFolder();
      if (chosen.path) await open(chosen.path);
    } catch (e) {
      setError((e as Error).message);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void open(path);
  };

  return (
    <div className="project-bar">
      <div className="project-current">
        {status?.project ? (
          <>
            <span className="muted">Project</span> <code title={status.project}>{status.project}</code>
            <button type="button" onClick={() => void closeProject().catch((e: Error) => setError(e.message))}>
              Close project
            </button>
          </>
        ) : (
          <span className="muted">No project open</span>
        )}
        <button type="button" onClick={() => void chooseFolder()} aria-expanded={status?.nativeDialogs ? undefined : askingPath}>
          Open project…
        </button>
        <button type="button" onClick={() => openDialog({ kind: 'import' })}>
          Import…
        </button>
        <button type="button" onClick={() => openDialog({ kind: 'export' })}>
          Export…
        </button>
      </div>
      {askingPath && (
        <form className="project-path" onSubmit={submit}>
          <label htmlFor="project-path">Project folder</label>
          <input id="project-path" autoFocus spellCheck={false} placeholder="/path/to/project" value={path} onChange={(event) => setPath(event.target.value)} />
          <button type="submit" className="primary">
            Open
          </button>
          <button type="button" onClick={() => setAskingPath(false)}>
            Cancel
          </button>
        </form>
      )}
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
