/**
 * An open collection: its name and server, its steps with their assertions as a form,
 * Save (through the core, which writes the YAML file) and Run against this workspace's
 * server, with the run's steps and verdicts under the buttons. What cannot be saved is listed, step
 * by step, and everything typed stays in the form until it can be.
 */
import { useEffect, useState } from 'react';
import type { ServerView } from '../../../../shared/domain';
import { runKey } from '../../state/collections-slice';
import { useWorkbench } from '../../state/store';
import { fromDraft, newStep, type CollectionDraft, type StepDraft } from './edit-model';
import { RunView } from './RunView';
import { StepEditor } from './StepEditor';

export function CollectionEditor({ server }: { server: ServerView }) {
  const opened = useWorkbench((s) => s.openCollections[server.name]);
  const close = useWorkbench((s) => s.closeCollection);
  const edit = useWorkbench((s) => s.editCollection);
  const save = useWorkbench((s) => s.saveCollection);
  const markSaved = useWorkbench((s) => s.markCollectionSaved);
  const runCollection = useWorkbench((s) => s.runCollection);
  const run = useWorkbench((s) => (opened ? s.collectionRuns[runKey(server.name, opened.file)] : undefined));
  const [problems, setProblems] = useState<string[]>([]);
  const [saveError, setSaveError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const [savedNote, setSavedNote] = useState(false);
  const connected = server.status === 'connected';
  const toolsLoaded = useWorkbench((s) => s.toolsByServer[server.name] !== undefined);
  const promptsLoaded = useWorkbench((s) => s.promptsByServer[server.name] !== undefined);
  const loadTools = useWorkbench((s) => s.loadTools);
  const loadPrompts = useWorkbench((s) => s.loadPrompts);
  // The step fields offer the server's tools and prompts as you type.
  useEffect(() => {
    if (!connected) return;
    if (!toolsLoaded) void loadTools(server.name);
    if (!promptsLoaded && server.capabilities?.prompts) void loadPrompts(server.name);
  }, [connected, toolsLoaded, promptsLoaded, loadTools, loadPrompts, server.name, server.capabilities?.prompts]);

  if (!opened) return null;
  const { file, draft } = opened;
  const back = (
    <button type="button" onClick={() => close(server.name)}>
      ← Collections
    </button>
  );
  if (opened.status === 'loading') {
    return (
      <div className="collection-editor">
        <div className="collection-editor-head">{back}</div>
        <p className="muted">Reading {file}…</p>
      </div>
    );
  }
  if (opened.status === 'error' || !draft) {
    return (
      <div className="collection-editor">
        <div className="collection-editor-head">{back}</div>
        <p role="alert" className="error-text">
          {file} could not be read: {opened.error}
        </p>
      </div>
    );
  }

  const change = (next: CollectionDraft) => {
    setSavedNote(false);
    edit(server.name, next);
  };
  const changeStep = (index: number, next: StepDraft) => change({ ...draft, steps: draft.steps.map((step, at) => (at === index ? next : step)) });
  const moveStep = (index: number, by: -1 | 1) => {
    const steps = [...draft.steps];
    const [moved] = steps.splice(index, 1);
    steps.splice(index + by, 0, moved!);
    change({ ...draft, steps });
  };

  /** Saves the form; false (with the reasons shown) when it could not. */
  const saveDraft = async (): Promise<boolean> => {
    const built = fromDraft(draft);
    if (!built.ok) {
      setProblems(built.problems);
      return false;
    }
    setProblems([]);
    setSaving(true);
    try {
      await save(file, built.collection);
      markSaved(server.name, draft);
      setSaveError(undefined);
      setSavedNote(true);
      return true;
    } catch (error) {
      setSaveError((error as Error).message);
      return false;
    } finally {
      setSaving(false);
    }
  };

  const running = run !== undefined && run.status !== 'done';
  // Unsaved edits run as they are in the form (the file stays as it was until Save).
  const startRun = async () => {
    if (!opened.dirty) return runCollection(server.name, file);
    const built = fromDraft(draft);
    if (!built.ok) return setProblems(built.problems);
    setProblems([]);
    return runCollection(server.name, file, built.collection);
  };
  const planned = draft.steps.map((step) => ({ id: step.id, label: step.name.trim() || step.id }));

  return (
    <div className="collection-editor">
      <div className="collection-editor-head">
        {back}
        <h3>
          {draft.name || file} <span className="muted">{file}</span>
          {opened.dirty && <span className="muted"> · {opened.unsaved ? 'new, not saved yet' : 'changed, not saved'}</span>}
        </h3>
        {savedNote && !opened.dirty && (
          <span className="collection-saved" role="status">
            Saved
          </span>
        )}
        <button type="button" onClick={() => void saveDraft()} disabled={saving || !opened.dirty}>
          {saving ? 'Saving…' : 'Save'}
        </button>
        <button
          type="button"
          className="primary"
          onClick={() => void startRun()}
          disabled={running || !connected || saving}
          title={connected ? `Run every step against ${server.name}${opened.dirty ? ', as the form has them (unsaved)' : ''}` : `${server.name} is not connected`}
        >
          Run
        </button>
      </div>
      {problems.length > 0 && (
        <ul className="collection-problems" role="alert" aria-label="Why it cannot be saved">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
      {/* Right under Run, so a run's progress and verdicts show without scrolling past the steps. */}
      {run && <RunView server={server.name} run={run} planned={planned} />}
      {saveError && (
        <p role="alert" className="error-text">
          Not saved: {saveError} Your changes are still here.
        </p>
      )}
      <div className="collection-fields">
        <label className="field">
          Name
          <input aria-label="Collection name" value={draft.name} onChange={(event) => change({ ...draft, name: event.target.value })} />
        </label>
        <label className="field">
          Server on the command line (here: {server.name})
          <input aria-label="Collection server" placeholder={server.name} value={draft.server} onChange={(event) => change({ ...draft, server: event.target.value })} />
        </label>
        <label className="collection-bail">
          <input type="checkbox" checked={draft.bail} onChange={(event) => change({ ...draft, bail: event.target.checked })} />
          Stop at the first failed step
        </label>
      </div>
      <ol className="step-list" aria-label="Steps">
        {draft.steps.map((step, index) => (
          <StepEditor
            key={step.key}
            server={server.name}
            step={step}
            index={index}
            count={draft.steps.length}
            onChange={(next) => changeStep(index, next)}
            onMove={(by) => moveStep(index, by)}
            onRemove={() => change({ ...draft, steps: draft.steps.filter((_, at) => at !== index) })}
          />
        ))}
      </ol>
      <div>
        <button type="button" onClick={() => change({ ...draft, steps: [...draft.steps, newStep(draft.steps.map((step) => step.id))] })}>
          Add step
        </button>
      </div>
    </div>
  );
}
