/** SkillsApi: a server's skills (SEP-2640), listed, read and verified. */
import type { SkillsApi } from '../../../shared/api/skills';
import type { SkillsService } from '../skills/skills-service';
import type { CoreApi } from './call-context';
import type { CancellableCalls } from './cancellable-calls';
import type { CoreContext } from './core-context';

export function createSkillsApi(ctx: CoreContext, skills: SkillsService, calls: CancellableCalls): Pick<CoreApi, keyof SkillsApi> {
  return {
    listSkills: ({ server, refresh, callId }, context) => calls.run(callId, context, (signal) => skills.catalog(server, ctx.configOf(server), { refresh: refresh === true, signal })),
    getSkill: async ({ server, skill }, context) => skills.get(server, ctx.configOf(server), skill, context?.signal),
    readSkillFile: async ({ server, skill, file, refresh, withBytes }, context) =>
      skills.readFile(server, ctx.configOf(server), skill, file, { refresh: refresh === true, withBytes: withBytes === true, signal: context?.signal }),
    readSkillDirectory: async ({ server, uri }, context) => skills.readDirectory(server, ctx.configOf(server), uri, context?.signal),
    verifySkill: async ({ server, skill }, context) => skills.verify(server, ctx.configOf(server), skill, context?.signal),
  };
}
