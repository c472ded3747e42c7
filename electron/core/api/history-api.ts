/** HistoryApi: past calls and saved requests. */
import type { HistoryApi } from '../../../shared/api/history';
import type { ToolKit } from '../tools/tool-kit';

export function createHistoryApi(kit: ToolKit): HistoryApi {
  const { history } = kit;
  return {
    listHistory: async (query) => history.list(query),
    clearHistory: () => history.clear(),
    deleteHistoryEntry: ({ id }) => history.delete(id),
    listSavedRequests: async () => history.savedRequests(),
    saveRequest: (request) => history.saveRequest(request),
    deleteSavedRequest: ({ id }) => history.deleteSavedRequest(id),
  };
}
