/** ProtocolLogApi: a server's protocol log, to show, clear and export as JSON Lines. */
import type { ProtocolLogApi } from '../../../shared/api/protocol-log';
import type { CoreApi } from './call-context';
import { matchesProtocolLogFilter, protocolLogEntryToJsonLine } from '../../../shared/protocol-log';
import type { CoreContext } from './core-context';

export function createProtocolLogApi(ctx: CoreContext): Pick<CoreApi, keyof ProtocolLogApi> {
  const log = ctx.connections.protocolLog;
  return {
    getProtocolLog: async ({ server }) => log.entries(server),
    // A page's choice, kept by its event stream (it lives as long as the page's connection).
    watchProtocolLog: async ({ server }, context) => context?.pageEvents?.watchProtocolLog(server),
    clearProtocolLog: async ({ server }) => log.clear(server),
    async exportProtocolLog({ server, filter }) {
      const entries = log.entries(server).filter((entry) => matchesProtocolLogFilter(entry, filter ?? {}));
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      return {
        fileName: `${server}-protocol-${stamp}.jsonl`,
        text: entries.map((entry) => `${protocolLogEntryToJsonLine(entry)}\n`).join(''),
        count: entries.length,
      };
    },
  };
}
