/** LoadApi: load runs against a configured server (electron/core/load/ does the work). */
import type { LoadApi } from '../../../shared/api/load';
import { AppError } from '../../../shared/envelope';
import { messageOf } from '../../../shared/errors';
import { kindOf } from '../errors/error-kinds';
import type { LoadRuns } from '../load/load-runs';

export function createLoadApi(runs: LoadRuns): LoadApi {
  return {
    // Why a run could not start, with its kind (a server that could not be reached is a connection failure).
    startLoadRun: (request) =>
      runs.start(request).catch((error: unknown) => {
        throw error instanceof AppError ? error : new AppError('failed', messageOf(error), { kind: kindOf(error) });
      }),
    stopLoadRun: ({ runId }) => runs.stop(runId),
    listLoadRuns: ({ server }) => runs.list(server),
    readLoadRun: ({ id }) => runs.read(id),
    loadRunHtml: ({ id }) => runs.html(id),
  };
}
