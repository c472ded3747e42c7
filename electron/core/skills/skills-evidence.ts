/**
 * What the doctor checks a server's skills on: whether it declares the extension, `skills/list`
 * exactly as sent (every page, read with a schema that accepts any entry, so an entry the SDK
 * would refuse can be named — and asked even when the extension is not declared, to see whether
 * the method answers anyway), and every valid skill verified file by file with the SDK's client.
 */
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/client';
import { z } from 'zod';
import type { ServerConfig, ServerName } from '../../../shared/config/server-config';
import type { ConnectionManager, RequestContext } from '../connections/connection-manager';
import type { SkillVerification } from '../../../shared/api/skills';
import { requestTimeoutMs } from '../connections/request-timeout';
import { skillsClientOf } from './skills-service';
import { verifySkill } from './skill-verification';
import { messageOf } from '../../../shared/errors';

const RawSkillsPage = z.looseObject({ skills: z.array(z.unknown()), nextCursor: z.string().optional() });

/** Every page; a server that repeats a cursor stops after this many pages rather than looping. */
const MAX_PAGES = 100;

/** What the doctor saw of a server's skills. */
export interface SkillsEvidence {
  /** The server declares `io.modelcontextprotocol/skills`. */
  declared: boolean;
  /** `skills/list` over every page, as sent; or why it failed (`-32601`: not there at all). */
  list: { entries: unknown[] } | { error: string; methodNotFound: boolean };
  /** Every valid skill's files read and checked against its entry. */
  verifications: SkillVerification[];
}

export async function gatherSkillsEvidence(connections: ConnectionManager, name: ServerName, config: ServerConfig, ctx: RequestContext = {}): Promise<SkillsEvidence> {
  const timeout = requestTimeoutMs(connections, config);
  return connections.request(name, config, async (client, signal) => {
    const options = { timeout, ...(signal ? { signal } : {}) };
    const skills = skillsClientOf(client);
    const declared = skills.supported;
    let list: SkillsEvidence['list'];
    try {
      const entries: unknown[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < MAX_PAGES; page++) {
        const result = await client.request({ method: 'skills/list', params: cursor ? { cursor } : {} }, RawSkillsPage, options);
        entries.push(...result.skills);
        cursor = result.nextCursor;
        if (!cursor) break;
      }
      list = { entries };
    } catch (error) {
      list = { error: messageOf(error), methodNotFound: error instanceof ProtocolError && error.code === ProtocolErrorCode.MethodNotFound };
    }
    // The valid skills, as any host would take them, each verified (the SDK refuses the rest: the rules name them).
    const verifications = [];
    if (declared && 'entries' in list) {
      const listing = await skills.list({}, options).catch(() => undefined); // no listing: the rules report the list's own failure.
      for (const skill of listing?.skills ?? []) verifications.push(await verifySkill(skills, skill, options));
    }
    return { declared, list, verifications };
  }, ctx);
}
