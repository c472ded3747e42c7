/** LoadApi: load runs against a configured server (electron/core/load/ does the work). */
import type { LoadApi } from '../../../shared/api/load';
import type { LoadRuns } from '../load/load-runs';

export function createLoadApi(runs: LoadRuns): LoadApi {
  return {
    startLoadRun: (request) => runs.start(request),
    stopLoadRun: ({ runId }) => runs.stop(runId),
    listLoadRuns: ({ server }) => runs.list(server),
    readLoadRun: ({ id }) => runs.read(id),
    loadRunHtml: ({ id }) => runs.html(id),
  };
}
