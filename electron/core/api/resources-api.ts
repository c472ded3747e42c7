/** ResourcesApi: list, read, subscribe to resources; complete template variables and prompt arguments. */
import type { ResourcesApi } from '../../../shared/api/resources';
import type { ResourceService } from '../resources/resource-service';
import type { CoreContext } from './core-context';

export function createResourcesApi(ctx: CoreContext, resources: ResourceService): ResourcesApi {
  return {
    listResources: async ({ server, refresh }) => resources.catalog(server, ctx.configOf(server), { refresh: refresh === true }),
    readResource: async ({ server, uri, refresh }) => resources.read(server, ctx.configOf(server), uri, { refresh: refresh === true }),
    subscribeResource: async ({ server, uri }) => resources.subscribe(server, ctx.configOf(server), uri),
    unsubscribeResource: async ({ server, uri }) => resources.unsubscribe(server, ctx.configOf(server), uri),
    completeArgument: async ({ server, ...request }) => resources.complete(server, ctx.configOf(server), request),
  };
}
