/** CollectionsApi: the project's collection files, and runs of them against a server. */
import type { CollectionsApi } from '../../../shared/api/collections';
import { AppError } from '../../../shared/envelope';
import { listCollections, readCollection, saveCollection } from '../collections/collection-folder';
import type { CoreContext } from './core-context';

export function createCollectionsApi(ctx: CoreContext): CollectionsApi {
  const project = () => ctx.registry.project;
  return {
    listCollections: () => listCollections(project()),
    readCollection: ({ file }) => readCollection(project(), file),
    saveCollection: ({ file, collection }) => saveCollection(project(), file, collection),
    runCollection: async () => {
      throw new AppError('failed', 'Running collections is not available yet.');
    },
    cancelCollectionRun: async () => false,
  };
}
