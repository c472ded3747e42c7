/**
 * Collections in the renderer: the project's collection files (with the problems of
 * those that do not parse), the ones opened in the editor, and each run per server and
 * file, its steps filled in as the core reports them (the per-step progress event) and
 * its report once it ends. A history entry can become a step of a collection.
 */
import type { StateCreator } from 'zustand';
import type { HistoryEntry } from '../../../shared/api/history';
import type { Collection, CollectionListEntry, CollectionRunReport, CollectionsApi, CollectionStep, CollectionStepProgress, StepResult } from '../components/collections/draft-types';
import { newStep, toDraft, type CollectionDraft } from '../components/collections/edit-model';
import { messageOf, withEntry, withoutEntry } from './per-server';
import type { WorkbenchState } from './store';

export interface CollectionFiles {
  status: 'idle' | 'loading' | 'loaded';
  files: CollectionListEntry[];
  /** The folder the files are in (absent without a project). */
  directory?: string;
  error?: string;
}

export interface CollectionRun {
  runId: string;
  file: string;
  server: string;
  status: 'running' | 'cancelling' | 'done';
  /** Steps in the order they finished (their results as the progress events bring them). */
  steps: StepResult[];
  report?: CollectionRunReport;
  error?: string;
}

/** A collection open in a server's editor: kept in the store, so switching tabs loses no edit. */
export interface OpenCollection {
  file: string;
  status: 'loading' | 'ready' | 'error';
  draft?: CollectionDraft;
  /** Edited since it was read or saved. */
  dirty: boolean;
  /** Not written yet: a new collection, until its first Save. */
  unsaved?: boolean;
  error?: string;
}

export interface CollectionsSlice {
  collectionFiles: CollectionFiles;
  /** The collection open in each server's Collections tab. */
  openCollections: Record<string, OpenCollection>;
  openCollection(server: string, file: string): Promise<void>;
  /** Opens a new collection in the editor (one empty tool step); the file is written on Save. */
  startNewCollection(server: string, name: string): void;
  closeCollection(server: string): void;
  editCollection(server: string, draft: CollectionDraft): void;
  /** After a save: the draft as written is the new clean state. */
  markCollectionSaved(server: string, draft: CollectionDraft): void;
  /** Runs by `runKey(server, file)`: the latest run of that file on that server. */
  collectionRuns: Record<string, CollectionRun>;
  loadCollections(): Promise<void>;
  readCollection(file: string): Promise<Collection>;
  /** Writes the collection; throws the core's message (the editor keeps what was typed). */
  saveCollection(file: string, collection: Collection): Promise<void>;
  runCollection(server: string, file: string): Promise<void>;
  cancelCollectionRun(server: string, file: string): Promise<void>;
  applyCollectionProgress(progress: CollectionStepProgress): void;
  /**
   * Appends a history entry as a step (its tool and arguments, asserting the outcome it
   * had) to an existing collection file or to a new one; returns the file and step number.
   */
  addHistoryEntryToCollection(entry: HistoryEntry, target: { file: string } | { newName: string }): Promise<{ file: string; step: number }>;
}

export const runKey = (server: string, file: string): string => `${server}\u0000${file}`;

/** The file name for a new collection: its name in lower case, words joined by dashes. */
export function fileNameFor(name: string): string {
  const base = name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[-.]+|-+$/g, '');
  return `${base || 'collection'}.yaml`;
}

export function stepFromHistory(entry: HistoryEntry): CollectionStep {
  const outcome = entry.outcome === 'cancelled' ? 'failed' : entry.outcome;
  return { tool: entry.tool, ...(Object.keys(entry.arguments).length > 0 ? { arguments: entry.arguments } : {}), assert: [{ outcome }] };
}

export const createCollectionsSlice =
  (appApi: WorkbenchState['api']): StateCreator<WorkbenchState, [], [], CollectionsSlice> =>
  (set, get) => {
    const api = appApi as unknown as CollectionsApi;
    const updateRun = (key: string, update: (run: CollectionRun) => Partial<CollectionRun>) =>
      set((state) => {
        const run = state.collectionRuns[key];
        return run ? { collectionRuns: { ...state.collectionRuns, [key]: { ...run, ...update(run) } } } : {};
      });
    return {
      collectionFiles: { status: 'idle', files: [] },
      collectionRuns: {},
      openCollections: {},
      async openCollection(server, file) {
        set((state) => ({ openCollections: withEntry(state.openCollections, server, () => ({ file, status: 'loading', dirty: false })) }));
        const stillOpen = () => get().openCollections[server]?.file === file;
        try {
          const collection = await get().readCollection(file);
          if (stillOpen()) set((state) => ({ openCollections: withEntry(state.openCollections, server, () => ({ file, status: 'ready', draft: toDraft(collection), dirty: false })) }));
        } catch (error) {
          if (stillOpen()) set((state) => ({ openCollections: withEntry(state.openCollections, server, () => ({ file, status: 'error', dirty: false, error: messageOf(error) })) }));
        }
      },
      startNewCollection(server, name) {
        const file = fileNameFor(name);
        const draft: CollectionDraft = { name: name.trim(), server, steps: [newStep()], rest: {} };
        set((state) => ({ openCollections: withEntry(state.openCollections, server, () => ({ file, status: 'ready', draft, dirty: true, unsaved: true })) }));
      },
      closeCollection(server) {
        set((state) => ({ openCollections: withoutEntry(state.openCollections, server) }));
      },
      editCollection(server, draft) {
        set((state) => {
          const open = state.openCollections[server];
          return open ? { openCollections: { ...state.openCollections, [server]: { ...open, draft, dirty: true } } } : {};
        });
      },
      markCollectionSaved(server, draft) {
        set((state) => {
          const open = state.openCollections[server];
          if (!open) return {};
          const { unsaved: _written, ...rest } = open;
          return { openCollections: { ...state.openCollections, [server]: { ...rest, dirty: open.draft !== draft } } };
        });
      },
      async loadCollections() {
        set((state) => ({ collectionFiles: { ...state.collectionFiles, status: 'loading' } }));
        try {
          const listed = await api.listCollections();
          set({ collectionFiles: { status: 'loaded', files: listed.files, ...(listed.directory ? { directory: listed.directory } : {}) } });
        } catch (error) {
          set((state) => ({ collectionFiles: { ...state.collectionFiles, status: 'loaded', error: messageOf(error) } }));
        }
      },
      async readCollection(file) {
        return (await api.readCollection({ file })).collection;
      },
      async saveCollection(file, collection) {
        await api.saveCollection({ file, collection });
        await get().loadCollections();
      },
      async runCollection(server, file) {
        const key = runKey(server, file);
        const current = get().collectionRuns[key];
        if (current && current.status !== 'done') return;
        const runId = crypto.randomUUID();
        set((state) => ({ collectionRuns: withEntry(state.collectionRuns, key, () => ({ runId, file, server, status: 'running', steps: [] })) }));
        try {
          const report = await api.runCollection({ file, server, runId });
          updateRun(key, (run) => (run.runId === runId ? { status: 'done', report, steps: report.steps } : {}));
        } catch (error) {
          updateRun(key, (run) => (run.runId === runId ? { status: 'done', error: messageOf(error) } : {}));
        }
      },
      async cancelCollectionRun(server, file) {
        const key = runKey(server, file);
        const run = get().collectionRuns[key];
        if (!run || run.status !== 'running') return;
        updateRun(key, () => ({ status: 'cancelling' }));
        await api.cancelCollectionRun({ runId: run.runId });
      },
      applyCollectionProgress(progress) {
        const entry = Object.entries(get().collectionRuns).find(([, run]) => run.runId === progress.runId);
        if (!entry) return;
        updateRun(entry[0], (run) => (run.status === 'done' ? {} : { steps: [...run.steps.filter((step) => step.index !== progress.step.index), progress.step] }));
      },
      async addHistoryEntryToCollection(entry, target) {
        const step = stepFromHistory(entry);
        if ('newName' in target) {
          const name = target.newName.trim();
          if (!name) throw new Error('Give the new collection a name.');
          const file = fileNameFor(name);
          if (get().collectionFiles.files.some((listed) => listed.file === file)) throw new Error(`${file} already exists: choose it from the list, or give another name.`);
          await get().saveCollection(file, { name, server: entry.server, steps: [step] });
          return { file, step: 1 };
        }
        const collection = await get().readCollection(target.file);
        const steps = [...collection.steps, step];
        await get().saveCollection(target.file, { ...collection, steps });
        return { file: target.file, step: steps.length };
      },
    };
  };

/** How a finished (or cancelled) run went, counted over its steps and their assertions. */
export function runTotals(steps: readonly StepResult[]): { steps: number; passed: number; failed: number; skipped: number; assertions: number; assertionsFailed: number; durationMs: number } {
  const assertions = steps.flatMap((step) => step.assertions);
  return {
    steps: steps.length,
    passed: steps.filter((step) => step.status === 'passed').length,
    failed: steps.filter((step) => step.status === 'failed' || step.status === 'error').length,
    skipped: steps.filter((step) => step.status === 'skipped' || step.status === 'cancelled').length,
    assertions: assertions.length,
    assertionsFailed: assertions.filter((verdict) => !verdict.passed).length,
    durationMs: steps.reduce((sum, step) => sum + step.durationMs, 0),
  };
}
