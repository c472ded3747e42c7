/** CollectionsApi: the project's collection files, and runs of them against a server. */
import { randomUUID } from 'node:crypto';
import type { CollectionsApi } from '../../../shared/api/collections';
import { AppError } from '../../../shared/envelope';
import type { EventBus } from '../events/event-bus';
import { listCollections, readCollection, saveCollection } from '../collections/collection-folder';
import { runCollection, type RunnerApi } from '../collections/collection-runner';
import type { CoreContext } from './core-context';
import type { ModelAccess } from '../models/model-access';

export interface CollectionsDeps {
  /** The core's own API (calls go through it as the app's do); read when a run starts. */
  api: () => RunnerApi;
  events: EventBus;
  /** What `${env.NAME}` reads. */
  env: Readonly<Record<string, string | undefined>>;
  /** The variables a run may read (read when a run starts), and how to allow another. */
  allowedEnv: () => { names: ReadonlySet<string>; how: string };
  /** Masks a secret value everywhere the core keeps or shows text (the secret redactor). */
  mask: { remember(value: string): void; redactDeep<T>(value: T): T };
  /** Models for eval steps (keys, prices, and whether turns are recorded or replayed). */
  models?: ModelAccess;
}

export function createCollectionsApi(ctx: CoreContext, deps: CollectionsDeps): CollectionsApi {
  const project = () => ctx.registry.project;
  const runs = new Map<string, AbortController>();
  return {
    listCollections: () => listCollections(project()),
    readCollection: ({ file }) => readCollection(project(), file),
    saveCollection: ({ file, collection }) => saveCollection(project(), file, collection),
    runCollection: async (request) => {
      // Registered before anything waits (the file is read first): a cancel sent at any
      // moment of the run, its first one included, is heard.
      const runId = request.runId ?? randomUUID();
      if (runs.has(runId)) throw new AppError('conflict', `A run with the id ${runId} is already going.`);
      const controller = new AbortController();
      runs.set(runId, controller);
      try {
        let collection = request.collection;
        const file = request.file ?? request.source;
        if (request.file !== undefined) {
          const read = await readCollection(project(), request.file);
          if (!read.collection) throw new AppError('invalid-request', `${request.file} cannot be run: ${read.problems.map((problem) => `${problem.step ? `step ${problem.step}: ` : ''}${problem.line ? `line ${problem.line}: ` : ''}${problem.message}`).join('; ')}`);
          collection = read.collection;
        }
        if (!collection) throw new AppError('invalid-request', 'Give a file of the collections folder or a collection to run.');
        const server = request.server ?? collection.server;
        if (!server) throw new AppError('invalid-request', `${collection.name} names no server: give one to run it against (or add "server:" to the collection).`);
        ctx.configOf(server);
        const report = await runCollection(deps.api(), {
          collection,
          server,
          bail: request.bail ?? collection.bail ?? false,
          runId,
          ...(file ? { file } : {}),
          env: deps.env,
          allowedEnv: deps.allowedEnv(),
          // A value from the environment is a secret for this core: history, events and reports show it masked.
          onEnvValue: (value) => deps.mask.remember(value),
          signal: controller.signal,
          ...(deps.models ? { models: deps.models } : {}),
          onProgress: (progress) => deps.events.emit({ type: 'collection-progress', progress }),
        });
        return deps.mask.redactDeep(report);
      } finally {
        runs.delete(runId);
      }
    },
    cancelCollectionRun: async ({ runId }) => {
      const controller = runs.get(runId);
      if (!controller) return false;
      controller.abort();
      return true;
    },
  };
}
