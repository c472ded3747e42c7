/** Takes a connected server's snapshot through the core's API (the same calls every front end makes). */
import type { AppApi } from '../../../shared/api';
import type { ServerName } from '../../../shared/config/server-config';
import type { ServerView } from '../../../shared/domain';
import { buildSnapshot, type ContractSnapshot } from './snapshot';

type SurfaceApi = Pick<AppApi, 'listTools' | 'listResources' | 'listPrompts'> & Partial<Pick<AppApi, 'listSkills'>>;

/**
 * `view` must be the server's state while connected. By default lists are asked for fresh
 * (not from the cache) so the snapshot is what the server says now; `refresh: false` takes
 * the lists a connection just fetched. A list the server does not offer (no capability) is empty;
 * skills are in only for a server that declares the skills extension.
 */
export async function captureSnapshot(api: SurfaceApi, view: ServerView, { refresh = true }: { refresh?: boolean } = {}): Promise<ContractSnapshot> {
  const name: ServerName = view.name;
  const caps = view.capabilities ?? {};
  const [tools, catalog, prompts, skills] = await Promise.all([
    caps.tools ? api.listTools({ name, refresh }) : [],
    caps.resources ? api.listResources({ server: name, refresh }) : { resources: [], templates: [] },
    caps.prompts ? api.listPrompts({ server: name, refresh }) : [],
    api.listSkills ? api.listSkills({ server: name, refresh }) : undefined,
  ]);
  return buildSnapshot({ view, tools, resources: catalog.resources, templates: catalog.templates, prompts, ...(skills ? { skills } : {}) });
}
