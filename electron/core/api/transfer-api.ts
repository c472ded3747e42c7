/** TransferApi: import from other clients' files and pasted text, export in their formats. */
import os from 'node:os';
import type { TransferApi } from '../../../shared/api/transfer';
import type { SourceLocator } from '../config/import-sources';
import { createTransferService } from '../config/transfer-service';
import type { CoreContext } from './core-context';

export function createTransferApi(ctx: CoreContext, locator: Partial<Omit<SourceLocator, 'projectDir'>> = {}): TransferApi {
  const service = createTransferService({
    registry: ctx.registry,
    secrets: ctx.secrets,
    owners: ctx.secretOwners,
    reachedOver: (name, config) => {
      const state = ctx.connections.state(name, config);
      if (state.status !== 'connected') return undefined;
      // A transport note is set only when a URL-only entry connected over the SSE fallback (open-connection.ts).
      return state.transportNote ? 'sse' : 'http';
    },
    locator: () => ({
      home: locator.home ?? os.homedir(),
      platform: locator.platform ?? process.platform,
      env: locator.env ?? { APPDATA: process.env.APPDATA, XDG_CONFIG_HOME: process.env.XDG_CONFIG_HOME, CLAUDE_CONFIG_DIR: process.env.CLAUDE_CONFIG_DIR, CODEX_HOME: process.env.CODEX_HOME },
      ...(ctx.registry.project ? { projectDir: ctx.registry.project } : {}),
    }),
  });
  return {
    listImportSources: () => service.listImportSources(),
    previewImport: (request) => service.previewImport(request),
    applyImport: (request) => service.applyImport(request),
    exportServers: (request) => service.exportServers(request),
  };
}
