/**
 * Collections in the renderer: the project's collection files (with the problems of
 * those that do not parse), the one open in each server's editor (kept here, so switching
 * tabs loses no edit), and each run per server and file: its steps filled in as the core
 * reports them (the `collection-progress` event) and its report once it ends. A history
 * entry can become a step of a collection.
 */
import type { StateCreator } from 'zustand';
import type { Collection, CollectionFile, CollectionRunProgress, CollectionRunReport, Step, StepResult } from '../../../shared/api/collections';
import type { HistoryEntry } from '../../../shared/api/history';
import { freshStepId, newStep, toDraft, type CollectionDraft } from '../components/collections/edit-model';
import { withEntry, withoutEntry } from './per-server';
import type { WorkbenchState } from './store';
import { messageOf } from '../../../shared/errors';

interface CollectionFiles {
  status: 'idle' | 'loading' | 'loaded';
  files: CollectionFile[];
  /** The project's collections folder (absent without a project). */
  folder?: string;
  error?: string;
}

interface OpenCollection {
  file: string;
  status: 'loading' | 'ready' | 'error';
  draft?: CollectionDraft;
  /** Edited since it was read or saved. */
  dirty: boolean;
  /** Not written yet: a new collection, until its first Save. */
  unsaved?: boolean;
  error?: string;
}

export interface CollectionRun {
  runId: string;
  file: string;
  server: string;
  status: 'running' | 'cancelling' | 'done';
  /** How many steps the run has (known from its first progress event). */
  total?: number;
  /** The step going now (0-based), between its start and end events. */
  current?: { index: number; stepId: string };
  /** Results by step position, filled in as the steps end. */
  results: Record<number, StepResult>;
  report?: CollectionRunReport;
  error?: string;
}

export interface CollectionsSlice {
  collectionFiles: CollectionFiles;
  /** The collection open in each server's Collections tab. */
  openCollections: Record<string, OpenCollection>;
  /** Runs by `runKey(server, file)`: the latest run of that file on that server. */
  collectionRuns: Record<string, CollectionRun>;
  /** The collection the last history entry went to: the next one goes there in one click. */
  lastStepTarget?: string;
  loadCollections(): Promise<void>;
  openCollection(server: string, file: string): Promise<void>;
  /** Opens a new collection in the editor (one empty tool step); the file is written on Save. */
  startNewCollection(server: string, name: string): void;
  closeCollection(server: string): void;
  editCollection(server: string, draft: CollectionDraft): void;
  /** Writes the collection; throws the core's message (the editor keeps what was typed). */
  saveCollection(file: string, collection: Collection): Promise<CollectionFile>;
  /** Reads the file again into every editor that has it open without edits of its own. */
  reopenIfClean(file: string): Promise<void>;
  /** After a save of `draft`: it is the clean state (unless it was edited meanwhile). */
  markCollectionSaved(server: string, draft: CollectionDraft): void;
  /** Runs the file, or `collection` in its place (the editor's unsaved form). */
  runCollection(server: string, file: string, collection?: Collection): Promise<void>;
  cancelCollectionRun(server: string, file: string): Promise<void>;
  applyCollectionProgress(progress: CollectionRunProgress): void;
  /**
   * Appends a history entry as a step (its tool and arguments, asserting the outcome it
   * had) to a collection file or to a new one; answers with the file and step number.
   */
  addHistoryEntryToCollection(entry: HistoryEntry, target: { file: string } | { newName: string }): Promise<{ file: string; step: number }>;
}

export const runKey = (server: string, file: string): string => `${server}\u0000${file}`;

/** The file name for a new collection: its name in lower case, words joined by dashes. */
export function fileNameFor(name: string): string {
  const base = name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9_.-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '');
  return `${base || 'collection'}.yaml`;
}

/** A past call as a step: the same tool and arguments, expected to end the way it did. */
function stepFromHistory(entry: HistoryEntry, takenIds: Iterable<string>): Step {
  // A cancelled call never got an answer; as a step it should be answered.
  const outcome = entry.outcome === 'cancelled' ? 'ok' : entry.outcome;
  return {
    id: freshStepId(entry.tool, takenIds),
    tool: entry.tool,
    ...(Object.keys(entry.arguments).length > 0 ? { arguments: entry.arguments } : {}),
    expect: [{ outcome }],
  };
}

/** The step results of a run in step order. */
export function runResults(run: CollectionRun): StepResult[] {
  return Object.entries(run.results)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([, result]) => result);
}

export const createCollectionsSlice =
  (api: WorkbenchState['api']): StateCreator<WorkbenchState, [], [], CollectionsSlice> =>
  (set, get) => {
    const updateRun = (key: string, runId: string, update: (run: CollectionRun) => Partial<CollectionRun>) =>
      set((state) => {
        const run = state.collectionRuns[key];
        return run && run.runId === runId ? { collectionRuns: { ...state.collectionRuns, [key]: { ...run, ...update(run) } } } : {};
      });
    const updateOpen = (server: string, update: (open: OpenCollection) => OpenCollection) =>
      set((state) => {
        const open = state.openCollections[server];
        return open ? { openCollections: { ...state.openCollections, [server]: update(open) } } : {};
      });
    return {
      collectionFiles: { status: 'idle', files: [] },
      openCollections: {},
      collectionRuns: {},
      async loadCollections() {
        set((state) => ({ collectionFiles: { ...state.collectionFiles, status: 'loading' } }));
        try {
          const listed = await api.listCollections();
          set({ collectionFiles: { status: 'loaded', files: listed.files, ...(listed.folder ? { folder: listed.folder } : {}) } });
        } catch (error) {
          set((state) => ({ collectionFiles: { ...state.collectionFiles, status: 'loaded', error: messageOf(error) } }));
        }
      },
      async openCollection(server, file) {
        set((state) => ({ openCollections: withEntry(state.openCollections, server, () => ({ file, status: 'loading', dirty: false })) }));
        const stillOpen = () => get().openCollections[server]?.file === file;
        let opened: OpenCollection;
        try {
          const read = await api.readCollection({ file });
          opened = read.collection
            ? { file, status: 'ready', draft: toDraft(read.collection), dirty: false }
            : { file, status: 'error', dirty: false, error: read.problems.map(problemText).join('\n') };
        } catch (error) {
          opened = { file, status: 'error', dirty: false, error: messageOf(error) };
        }
        if (stillOpen()) set((state) => ({ openCollections: withEntry(state.openCollections, server, () => opened) }));
      },
      startNewCollection(server, name) {
        const file = fileNameFor(name);
        const draft: CollectionDraft = { name: name.trim(), server, bail: false, steps: [newStep()], rest: {} };
        set((state) => ({ openCollections: withEntry(state.openCollections, server, () => ({ file, status: 'ready', draft, dirty: true, unsaved: true })) }));
      },
      closeCollection(server) {
        set((state) => ({ openCollections: withoutEntry(state.openCollections, server) }));
      },
      editCollection(server, draft) {
        updateOpen(server, (open) => ({ ...open, draft, dirty: true }));
      },
      async saveCollection(file, collection) {
        const saved = await api.saveCollection({ file, collection });
        await get().loadCollections();
        return saved;
      },
      async reopenIfClean(file) {
        // An editor showing this file with no edits of its own shows what was written.
        const clean = Object.entries(get().openCollections).filter(([, open]) => open.file === file && !open.dirty && open.status === 'ready');
        await Promise.all(clean.map(([server]) => get().openCollection(server, file)));
      },
      markCollectionSaved(server, draft) {
        updateOpen(server, ({ unsaved: _written, ...open }) => ({ ...open, dirty: open.draft !== draft }));
      },
      async runCollection(server, file, collection) {
        const key = runKey(server, file);
        const current = get().collectionRuns[key];
        if (current && current.status !== 'done') return;
        const runId = crypto.randomUUID();
        set((state) => ({ collectionRuns: withEntry(state.collectionRuns, key, () => ({ runId, file, server, status: 'running', results: {} })) }));
        try {
          const report = await api.runCollection({ ...(collection ? { collection, source: file } : { file }), server, runId });
          updateRun(key, runId, () => ({ status: 'done', report, current: undefined, results: Object.fromEntries(report.steps.map((step, index) => [index, step])) }));
        } catch (error) {
          updateRun(key, runId, () => ({ status: 'done', current: undefined, error: messageOf(error) }));
        }
      },
      async cancelCollectionRun(server, file) {
        const key = runKey(server, file);
        const run = get().collectionRuns[key];
        if (!run || run.status !== 'running') return;
        updateRun(key, run.runId, () => ({ status: 'cancelling' }));
        try {
          await api.cancelCollectionRun({ runId: run.runId });
        } catch (error) {
          updateRun(key, run.runId, () => ({ status: 'running', error: messageOf(error) }));
        }
      },
      applyCollectionProgress(progress) {
        const key = Object.keys(get().collectionRuns).find((candidate) => get().collectionRuns[candidate]!.runId === progress.runId);
        if (!key) return;
        updateRun(key, progress.runId, (run) => {
          if (run.status === 'done') return {};
          if (!progress.result) return { total: progress.total, current: { index: progress.index, stepId: progress.stepId } };
          return { total: progress.total, current: undefined, results: { ...run.results, [progress.index]: progress.result } };
        });
      },
      async addHistoryEntryToCollection(entry, target) {
        if ('newName' in target) {
          const name = target.newName.trim();
          if (!name) throw new Error('Give the new collection a name.');
          const file = fileNameFor(name);
          if (get().collectionFiles.files.some((listed) => listed.file === file)) throw new Error(`${file} already exists: choose it in the list, or give another name.`);
          await get().saveCollection(file, { name, server: entry.server, steps: [stepFromHistory(entry, [])] });
          set({ lastStepTarget: file });
          await get().reopenIfClean(file);
          return { file, step: 1 };
        }
        const read = await api.readCollection({ file: target.file });
        if (!read.collection) throw new Error(`${target.file} has problems, so nothing was added: ${read.problems.map(problemText).join('; ')}`);
        const steps = [...read.collection.steps, stepFromHistory(entry, read.collection.steps.map((step) => step.id))];
        await get().saveCollection(target.file, { ...read.collection, steps });
        set({ lastStepTarget: target.file });
        await get().reopenIfClean(target.file);
        return { file: target.file, step: steps.length };
      },
    };
  };

/** A problem of a collection file as one line: where (line, step), then what. */
export function problemText(problem: { line?: number; step?: string; message: string }): string {
  const where = [problem.line !== undefined ? `line ${problem.line}` : '', problem.step !== undefined ? `step ${problem.step}` : ''].filter(Boolean).join(', ');
  return where ? `${where}: ${problem.message}` : problem.message;
}

/** How a run went, counted over its steps and their assertions. */
export function runTotals(steps: readonly StepResult[]): { steps: number; passed: number; failed: number; skipped: number; assertions: number; assertionsFailed: number } {
  const assertions = steps.flatMap((step) => step.assertions);
  return {
    steps: steps.length,
    passed: steps.filter((step) => step.status === 'passed').length,
    failed: steps.filter((step) => step.status === 'failed').length,
    skipped: steps.filter((step) => step.status === 'skipped').length,
    assertions: assertions.length,
    assertionsFailed: assertions.filter((verdict) => !verdict.passed).length,
  };
}
