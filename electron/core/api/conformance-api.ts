/** ConformanceApi: the official conformance suite against a server (electron/core/conformance/ does the work). */
import type { ConformanceApi } from '../../../shared/api/conformance';
import type { ConformanceService } from '../conformance/conformance-service';

export function createConformanceApi(service: ConformanceService): ConformanceApi {
  return {
    conformanceStatus: ({ specVersion }) => service.status(specVersion),
    installConformanceSuite: ({ specVersion }) => service.install(specVersion),
    runConformance: (request) => service.run(request),
    cancelConformance: async ({ name }) => service.cancel(name),
  };
}
