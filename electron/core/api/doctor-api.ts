/** DoctorApi: the server doctor (electron/core/doctor/ does the work). */
import type { DoctorApi } from '../../../shared/api/doctor';
import { DEFAULT_THRESHOLDS, DoctorService, type DoctorThresholds } from '../doctor/doctor-service';
import type { ToolKit } from '../tools/tool-kit';
import type { CoreApi } from './call-context';
import type { CancellableCalls } from './cancellable-calls';
import type { CoreContext } from './core-context';

export function createDoctorApi(ctx: CoreContext, kit: ToolKit, calls: CancellableCalls, thresholds: Partial<DoctorThresholds> = {}): Pick<CoreApi, keyof DoctorApi> {
  const doctor = new DoctorService(ctx, kit.observations, { ...DEFAULT_THRESHOLDS, ...thresholds });
  return {
    runDoctor: ({ callId, ...request }, context) => calls.run(callId, context, (signal) => doctor.run(request, signal)),
    toolsAsHost: ({ name, host }, context) => doctor.toolsAsHost(name, host, context?.signal),
  };
}
