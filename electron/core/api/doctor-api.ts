/** DoctorApi: the server doctor (electron/core/doctor/ does the work). */
import type { DoctorApi } from '../../../shared/api/doctor';
import type { DoctorThresholds } from '../doctor/doctor-service';
import type { ToolKit } from '../tools/tool-kit';
import type { CoreApi } from './call-context';
import type { CancellableCalls } from './cancellable-calls';
import type { CoreContext } from './core-context';
import { buildOnce } from './lazy-area';

export function createDoctorApi(ctx: CoreContext, kit: ToolKit, calls: CancellableCalls, thresholds: Partial<DoctorThresholds> = {}): Pick<CoreApi, keyof DoctorApi> {
  // The doctor's rules (and the JSON Schema metaschema) load on its first run: a command that
  // calls a tool never reads them. A run's callId is known before that, so Cancel reaches it
  // even while the doctor is still loading.
  const doctor = buildOnce(async () => {
    const { DoctorService, DEFAULT_THRESHOLDS } = await import('../doctor/doctor-service');
    return new DoctorService(ctx, kit.observations, { ...DEFAULT_THRESHOLDS, ...thresholds });
  });
  return {
    runDoctor: ({ callId, ...request }, context) => calls.run(callId, context, async (signal) => (await doctor()).run(request, signal)),
    toolsAsHost: async ({ name, host }, context) => (await doctor()).toolsAsHost(name, host, context?.signal),
  };
}
