/** DoctorApi: the server doctor (electron/core/doctor/ does the work). */
import type { DoctorApi } from '../../../shared/api/doctor';
import { DEFAULT_THRESHOLDS, DoctorService, type DoctorThresholds } from '../doctor/doctor-service';
import type { ToolKit } from '../tools/tool-kit';
import type { CoreContext } from './core-context';

export function createDoctorApi(ctx: CoreContext, kit: ToolKit, thresholds: Partial<DoctorThresholds> = {}): DoctorApi {
  const doctor = new DoctorService(ctx, kit.observations, { ...DEFAULT_THRESHOLDS, ...thresholds });
  return {
    runDoctor: (request) => doctor.run(request),
    toolsAsHost: ({ name, host }) => doctor.toolsAsHost(name, host),
  };
}
