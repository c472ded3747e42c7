/**
 * The server's tools exactly as it sends them. The SDK checks a tools/list result against
 * the spec's schema and refuses the whole list for one odd definition (an input schema
 * that is not an object, say); the doctor needs to see that definition to say what is
 * wrong with it, so it asks with a schema that accepts any list of named tools.
 */
import { z } from 'zod';
import type { ServerConfig, ServerName } from '../../../shared/config/server-config';
import { mcpToolName, type ToolInfo } from '../../../shared/domain';
import type { ConnectionManager, RequestContext } from '../connections/connection-manager';

const RawToolsPage = z.looseObject({
  tools: z.array(z.looseObject({ name: z.string() })),
  nextCursor: z.string().optional(),
});

/** Every page; a server that repeats a cursor stops after this many pages rather than looping. */
const MAX_PAGES = 100;

export async function listRawTools(connections: ConnectionManager, name: ServerName, config: ServerConfig, ctx: RequestContext = {}): Promise<ToolInfo[]> {
  return connections.request(name, config, async (client, signal) => {
    const tools: ToolInfo[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const result = await client.request({ method: 'tools/list', params: cursor ? { cursor } : {} }, RawToolsPage, signal ? { signal } : undefined);
      for (const tool of result.tools) {
        tools.push({ ...(tool as unknown as Omit<ToolInfo, 'server' | 'fullName'>), server: name, fullName: mcpToolName(name, tool.name) });
      }
      cursor = result.nextCursor;
      if (!cursor) break;
    }
    return tools;
  }, ctx);
}
