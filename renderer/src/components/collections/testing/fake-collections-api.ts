/**
 * For the collections component tests: a store over an api whose collection methods
 * keep files in memory (saving one is reading it back), and whose runs end when the test
 * says, with progress events delivered the way the app delivers them (applyEvent).
 */
import { vi } from 'vitest';
import type { Collection, CollectionFile, CollectionRunProgress, CollectionRunReport, RunCollectionRequest } from '../../../../../shared/api/collections';
import type { ServerView } from '../../../../../shared/domain';
import { applyEvent, createWorkbenchStore, type WorkbenchStore } from '../../../state/store';
import { fakeApi } from '../../../testing/fake-api';

const PROJECT = '/work/project';
export const FOLDER = `${PROJECT}/.mcp-workbench/collections`;

interface PendingRun {
  request: RunCollectionRequest;
  finish(report: Omit<CollectionRunReport, 'runId'>): void;
}

export function fakeCollections(files: CollectionFile[] = []) {
  const disk = new Map(files.map((file) => [file.file, file]));
  const runs: PendingRun[] = [];
  const api = fakeApi({
    listTools: vi.fn(async () => []),
    listCollections: vi.fn(async () => ({ folder: FOLDER, files: [...disk.values()] })),
    readCollection: vi.fn(async ({ file }: { file: string }) => {
      const found = disk.get(file);
      if (!found) throw new Error(`No collection file "${file}" in ${FOLDER}.`);
      return found;
    }),
    saveCollection: vi.fn(async ({ file, collection }: { file: string; collection: Collection }) => {
      const saved: CollectionFile = { file, path: `${FOLDER}/${file}`, collection, problems: [] };
      disk.set(file, saved);
      return saved;
    }),
    runCollection: vi.fn(
      (request: RunCollectionRequest) =>
        new Promise<CollectionRunReport>((resolve) => runs.push({ request, finish: (report) => resolve({ ...report, runId: request.runId! }) })),
    ),
    cancelCollectionRun: vi.fn(async () => true),
  });
  const store = createWorkbenchStore(api);
  store.setState({ configStatus: { project: PROJECT, availableScopes: ['user', 'project', 'local'], files: [], secretStore: { encrypted: true, location: 'test' }, nativeDialogs: false } });
  return { api, store, disk, runs };
}

export const connected = (name: string): ServerView => ({ name, config: { command: 'x' }, status: 'connected' }) as ServerView;

/** A `collection-progress` event, as the core sends it. */
export function progress(store: WorkbenchStore, event: CollectionRunProgress): void {
  applyEvent(store, { type: 'collection-progress', progress: event });
}
