/** ResourcesApi: list, read, subscribe to resources; complete template variables and prompt arguments. */
import type { ResourcesApi } from '../../../shared/api/resources';
import type { ResourceService } from '../resources/resource-service';
import type { CoreApi } from './call-context';
import type { CancellableCalls } from './cancellable-calls';
import type { CoreContext } from './core-context';

export function createResourcesApi(ctx: CoreContext, resources: ResourceService, calls: CancellableCalls): Pick<CoreApi, keyof ResourcesApi> {
  return {
    listResources: ({ server, refresh, callId }, context) =>
      calls.run(callId, context, (signal) => resources.catalog(server, ctx.configOf(server), { refresh: refresh === true, signal })),
    readResource: ({ server, uri, refresh, callId }, context) =>
      calls.run(callId, context, (signal) => resources.read(server, ctx.configOf(server), uri, { refresh: refresh === true, signal })),
    subscribeResource: async ({ server, uri }, context) => resources.subscribe(server, ctx.configOf(server), uri, { signal: context?.signal }),
    unsubscribeResource: async ({ server, uri }) => resources.unsubscribe(server, ctx.configOf(server), uri),
    completeArgument: async ({ server, ...request }, context) => resources.complete(server, ctx.configOf(server), request, { signal: context?.signal }),
  };
}
