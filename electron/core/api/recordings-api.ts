/** RecordingsApi: a server's protocol log saved as a recording file, through the same checked writer as every export. */
import type { RecordingsApi } from '../../../shared/api/recordings';
import { AppError } from '../../../shared/envelope';
import { writeExportFile } from '../config/export-target';
import { recordingFromProtocolLog } from '../recordings/from-protocol-log';
import type { CoreContext } from './core-context';

export function createRecordingsApi(ctx: CoreContext): RecordingsApi {
  return {
    async saveProtocolLogAsRecording({ server, path, overwrite }) {
      const view = ctx.viewOf(server);
      const { text, count } = recordingFromProtocolLog(view, ctx.connections.protocolLog.entries(server), (value) => ctx.redactor.redact(value));
      if (count === 0) throw new AppError('invalid-request', `The protocol log of ${server} has no messages to save: connect it or call one of its tools first.`);
      const target = path.trim();
      await writeExportFile(target, text, { dataDir: ctx.registry.dataFolder, ...(overwrite ? { overwrite: true } : {}) });
      return { savedTo: target, count };
    },
  };
}
