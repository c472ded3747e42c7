/** SkillsApi: a server's skills (SEP-2640), listed, read and verified. */
import type { SkillsApi } from '../../../shared/api/skills';
import type { SkillsService } from '../skills/skills-service';
import type { CoreContext } from './core-context';

export function createSkillsApi(ctx: CoreContext, skills: SkillsService): SkillsApi {
  return {
    listSkills: async ({ server, refresh }) => skills.catalog(server, ctx.configOf(server), { refresh: refresh === true }),
    getSkill: async ({ server, skill }) => skills.get(server, ctx.configOf(server), skill),
    readSkillFile: async ({ server, skill, file, refresh, withBytes }) => skills.readFile(server, ctx.configOf(server), skill, file, { refresh: refresh === true, withBytes: withBytes === true }),
    readSkillDirectory: async ({ server, uri }) => skills.readDirectory(server, ctx.configOf(server), uri),
    verifySkill: async ({ server, skill }) => skills.verify(server, ctx.configOf(server), skill),
  };
}
