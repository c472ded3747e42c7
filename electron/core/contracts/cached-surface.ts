/**
 * What a list cache keeps, read as a part of a server's contract: the tools service
 * keeps `{ tools }`, the resource service `{ lists: { resources, templates } }`, the
 * prompt service `{ prompts }` (each with its connection key and expiry).
 */
import type { PromptInfo } from '../../../shared/api/prompts';
import type { ResourceInfo, ResourceTemplateInfo } from '../../../shared/api/resources';
import type { ToolInfo } from '../../../shared/domain';

export type SurfacePart =
  | { part: 'tools'; tools: ToolInfo[] }
  | { part: 'resources'; resources: ResourceInfo[]; templates: ResourceTemplateInfo[] }
  | { part: 'prompts'; prompts: PromptInfo[] };

/** The part of the contract a cached value holds, or undefined for any other cache's value. */
export function surfacePartOf(value: object): SurfacePart | undefined {
  const cached = value as { tools?: unknown; prompts?: unknown; lists?: { resources?: unknown; templates?: unknown } };
  if (Array.isArray(cached.tools)) return { part: 'tools', tools: cached.tools as ToolInfo[] };
  if (Array.isArray(cached.prompts)) return { part: 'prompts', prompts: cached.prompts as PromptInfo[] };
  if (cached.lists && Array.isArray(cached.lists.resources) && Array.isArray(cached.lists.templates)) {
    return { part: 'resources', resources: cached.lists.resources as ResourceInfo[], templates: cached.lists.templates as ResourceTemplateInfo[] };
  }
  return undefined;
}
