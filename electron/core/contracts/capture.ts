/** Takes a connected server's snapshot through the core's API (the same calls every front end makes). */
import type { AppApi } from '../../../shared/api';
import type { ServerName } from '../../../shared/config/server-config';
import type { ServerView } from '../../../shared/domain';
import { AppError, type FailureKind } from '../../../shared/envelope';
import { buildSnapshot, type ContractSnapshot, type FailingList } from './snapshot';

/** Failures where the server did answer: with a JSON-RPC error (or, `unexpected`, with a list the SDK could not read). */
const ANSWERED = new Set<FailureKind>(['server-error', 'unexpected']);

type SurfaceApi = Pick<AppApi, 'listTools' | 'listResources' | 'listPrompts'> & Partial<Pick<AppApi, 'listSkills'>>;

/**
 * `view` must be the server's state while connected. By default lists are asked for fresh
 * (not from the cache) so the snapshot is what the server says now; `refresh: false` takes
 * the lists a connection just fetched. A list the server does not offer (no capability) is empty;
 * skills are in only for a server that declares the skills extension. A list the server
 * declares but answers with an error (or with a list no client can read) is empty too, and
 * recorded under `failing` with the method and the message: that is part of its contract as
 * clients meet it. A lost connection, a timeout or a sign-in is no answer, and fails the snapshot.
 */
export async function captureSnapshot(api: SurfaceApi, view: ServerView, { refresh = true }: { refresh?: boolean } = {}): Promise<ContractSnapshot> {
  const name: ServerName = view.name;
  const caps = view.capabilities ?? {};
  const failing: FailingList[] = [];
  const answered = async <T>(capability: string, method: string, list: () => Promise<T>, none: T): Promise<T> => {
    try {
      return await list();
    } catch (error) {
      if (!(error instanceof AppError) || !ANSWERED.has(error.kind)) throw error;
      failing.push({ capability, method, error: withoutServerName(error.message, name) });
      return none;
    }
  };
  const [tools, catalog, prompts, skills] = await Promise.all([
    caps.tools ? answered('tools', 'tools/list', () => api.listTools({ name, refresh }), []) : [],
    caps.resources ? answered('resources', 'resources/list', () => api.listResources({ server: name, refresh }), { resources: [], templates: [], subscriptions: [] }) : { resources: [], templates: [] },
    caps.prompts ? answered('prompts', 'prompts/list', () => api.listPrompts({ server: name, refresh }), []) : [],
    api.listSkills ? answered('skills', 'skills/list', () => api.listSkills!({ server: name, refresh }), undefined) : undefined,
  ]);
  return buildSnapshot({ view, tools, resources: catalog.resources, templates: catalog.templates, prompts, ...(skills ? { skills } : {}), failing });
}

/** Core messages start with the server's name; the snapshot already says whose it is. */
function withoutServerName(message: string, name: ServerName): string {
  return message.startsWith(`${name}: `) ? message.slice(name.length + 2) : message;
}
