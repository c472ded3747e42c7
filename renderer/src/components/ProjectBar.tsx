/**
 * The open project (its `.mcp.json` is the project scope), shown in the header on one line,
 * and opening one: the desktop app asks with the system's folder dialog, browser mode asks
 * for the path in a small dialog, so the header never grows. Opening and closing are in the
 * header's menu (useProjectActions).
 */
import { useState, type FormEvent } from 'react';
import { useWorkbench } from '../state/store';
import { Field } from './Field';
import { closeDialogOf, Modal } from './Modal';
import './ProjectBar.css';

/** The project now open, by its folder's name (the whole path in its tooltip). */
export function ProjectBar() {
  const project = useWorkbench((s) => s.configStatus?.project);
  if (!project) return null;
  const name = project.split(/[\\/]/).filter(Boolean).pop() ?? project;
  return (
    <p className="project-current" aria-label="Open project">
      <span className="muted">Project</span>{' '}
      <code title={project} data-project={project}>
        {name}
      </code>
    </p>
  );
}

export interface ProjectActions {
  /** The system's folder dialog where there is one, else the path dialog. */
  open(): void;
  close(): void;
  /** The path dialog is open (browser mode). */
  askingPath: boolean;
  stopAsking(): void;
  error: string | undefined;
  dismissError(): void;
}

export function useProjectActions(): ProjectActions {
  const nativeDialogs = useWorkbench((s) => s.configStatus?.nativeDialogs === true);
  const openProject = useWorkbench((s) => s.openProject);
  const closeProject = useWorkbench((s) => s.closeProject);
  const api = useWorkbench((s) => s.api);
  const [askingPath, setAskingPath] = useState(false);
  const [error, setError] = useState<string>();
  const fail = (e: Error) => setError(`Could not open the project: ${e.message}`);
  return {
    open() {
      setError(undefined);
      if (!nativeDialogs) return setAskingPath(true);
      api
        .chooseProjectFolder()
        .then((chosen) => (chosen.path ? openProject(chosen.path) : undefined))
        .catch(fail);
    },
    close() {
      setError(undefined);
      closeProject().catch((e: Error) => setError(`Could not close the project: ${e.message}`));
    },
    askingPath,
    stopAsking: () => setAskingPath(false),
    error,
    dismissError: () => setError(undefined),
  };
}

/** Browser mode: the project folder's path, typed. */
export function OpenProjectDialog({ onClose }: { onClose(): void }) {
  const openProject = useWorkbench((s) => s.openProject);
  const [path, setPath] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (!path.trim()) return setError('Give the path of the project folder.');
    setBusy(true);
    setError(undefined);
    openProject(path.trim())
      .then(() => closeDialogOf(form))
      .catch((e: Error) => setError(e.message))
      .finally(() => setBusy(false));
  };
  return (
    <Modal titleId="open-project-title" title="Open project" className="confirm-dialog" onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <Field id="project-path" label="Project folder" hint="Its .mcp.json holds the project's servers; .mcp-workbench/ its collections." error={error}>
          <input id="project-path" data-autofocus spellCheck={false} placeholder="/path/to/project" value={path} aria-invalid={!!error} onChange={(event) => setPath(event.target.value)} />
        </Field>
        <div className="dialog-actions">
          <button type="button" onClick={(event) => closeDialogOf(event.currentTarget)}>
            Cancel
          </button>
          <button type="submit" className="primary" disabled={busy}>
            {busy ? 'Opening…' : 'Open'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
