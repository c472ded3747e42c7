/** ResultsApi: result files by id, resource links, and links out of the app. */
import type { ResultsApi } from '../../../shared/api/results';
import { AppError } from '../../../shared/envelope';
import { checkExternalUrl } from '../../../shared/external-url';
import { embeddedResource } from '../results/process-result';
import { TextBudget } from '../results/truncate';
import type { ToolKit } from '../tools/tool-kit';
import type { CoreContext } from './core-context';
import { failure } from '../../../shared/errors';

export function createResultsApi(ctx: CoreContext, kit: ToolKit): ResultsApi {
  const { files, desktop } = kit;
  const outside = async (what: string, action: () => Promise<void>) => {
    try {
      await action();
    } catch (error) {
      throw failure('storage', `Could not ${what}: ${(error as Error).message}`);
    }
  };
  return {
    readResultText: ({ id, offset, length }) => files.readText(id, offset, length),
    readResultBytes: ({ id, offset, length }) => files.readBase64(id, offset, length),
    async openResultFile({ id }) {
      const file = await files.resolve(id);
      await outside(`open ${file.name}`, () => desktop.openPath(file.path));
    },
    async revealResultFile({ id }) {
      const file = await files.resolve(id);
      await outside(`show ${file.name}`, () => desktop.showItemInFolder(file.path));
    },
    async saveResultFileAs({ id }) {
      const file = await files.resolve(id);
      if (!desktop.saveCopyAs) return { saved: false, reason: 'unsupported' };
      const saved = await desktop.saveCopyAs(file.path, file.name);
      return saved ? { saved: true, path: saved } : { saved: false, reason: 'cancelled' };
    },
    async readResourceLink({ server, uri }) {
      const config = ctx.configOf(server);
      const result = await ctx.connections.request(server, config, (client, signal) =>
        client.request({ method: 'resources/read', params: { uri } }, signal ? { signal } : {}),
      );
      const limit = ctx.settings.effective().resultTextLimitBytes;
      const budget = new TextBudget(limit, limit * 8);
      const options = { files, textLimitBytes: limit, label: 'resource' };
      return Promise.all(result.contents.map((contents, index) => embeddedResource(contents as Record<string, unknown>, `resource-${index + 1}`, options, budget)));
    },
    async openExternalUrl({ url }) {
      const verdict = checkExternalUrl(url);
      if (!verdict.ok) throw new AppError('invalid-request', `Not opening this link: ${verdict.reason}.`);
      if (!desktop.openUrl) return { opened: false };
      await outside('open the link', () => desktop.openUrl!(verdict.url));
      return { opened: true };
    },
  };
}
