/** ProjectApi: open and close a project folder, the state of every config file, the system's file dialogs. */
import type { ConfigStatus, ProjectApi } from '../../../shared/api/project';
import { AppError } from '../../../shared/envelope';
import type { ProjectMemory } from '../config/project-memory';
import type { ProjectServerApprovalService } from '../config/project-server-approval';
import type { NativeDialogs } from '../platform/native-dialogs';
import type { CoreContext } from './core-context';
import { failure } from '../../../shared/errors';

export interface ProjectApiDeps {
  memory: ProjectMemory;
  dialogs?: NativeDialogs;
  shellProblem: () => string | undefined;
  approvals: ProjectServerApprovalService;
  /** Resolves once what a config change set off for this server is done. */
  settled: (name: string) => Promise<void>;
}

export function createProjectApi(ctx: CoreContext, deps: ProjectApiDeps): ProjectApi {
  const status = (): ConfigStatus => {
    const shellProblem = deps.shellProblem();
    return {
      ...(ctx.registry.project ? { project: ctx.registry.project } : {}),
      availableScopes: ctx.registry.availableScopes(),
      files: ctx.registry.status(),
      secretStore: ctx.secrets.info(),
      nativeDialogs: deps.dialogs !== undefined,
      ...(shellProblem ? { shellProblem } : {}),
    };
  };
  const dialogs = (): NativeDialogs => {
    if (!deps.dialogs) throw failure('unavailable', 'This mode has no file dialogs: type the path instead.');
    return deps.dialogs;
  };

  return {
    getConfigStatus: async () => status(),
    async openProject({ path }) {
      const opened = await ctx.registry.openProject(path);
      await deps.memory.remember(opened);
      return status();
    },
    async closeProject() {
      ctx.registry.closeProject();
      await deps.memory.remember(undefined);
      return status();
    },
    async decideProjectServer({ name, decision }) {
      if (!deps.approvals.projectEntry(name)) throw new AppError('invalid-request', `"${name}" is not a project server: only .mcp.json servers are approved or denied.`);
      await deps.approvals.decide(name, decision === 'undecided' ? undefined : decision);
      // An approved entry held beside the user's may have taken its name: what that set off comes first.
      await deps.settled(name);
      if (decision === 'denied' && deps.approvals.isProjectServer(name)) await ctx.connections.disconnect(name);
      else if (decision === 'approved') return ctx.connectQuietly(name);
      return ctx.viewOf(name);
    },
    async chooseProjectFolder() {
      const path = await dialogs().chooseFolder({ title: 'Open a project folder' });
      return path ? { path } : {};
    },
    async chooseFile({ purpose, defaultName }) {
      const path =
        purpose === 'import'
          ? await dialogs().chooseOpenFile({ title: 'Import servers from a file' })
          : await dialogs().chooseSaveFile({ title: 'Export servers', ...(defaultName ? { defaultName } : {}) });
      return path ? { path } : {};
    },
  };
}
