/** ProjectApi: open and close a project folder, the state of every config file, the system's file dialogs. */
import type { ConfigStatus, ProjectApi } from '../../../shared/api/project';
import { AppError } from '../../../shared/envelope';
import type { ProjectMemory } from '../config/project-memory';
import type { NativeDialogs } from '../platform/native-dialogs';
import type { CoreContext } from './core-context';

export interface ProjectApiDeps {
  memory: ProjectMemory;
  dialogs?: NativeDialogs;
  shellProblem: () => string | undefined;
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
    if (!deps.dialogs) throw new AppError('failed', 'This mode has no file dialogs: type the path instead.');
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
