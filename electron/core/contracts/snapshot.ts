/**
 * A contract snapshot: everything a server offers its clients (identity, protocol,
 * capabilities, instructions, tools, resources, templates, prompts, and skills when the server
 * publishes them) as one JSON document
 * that stays byte-for-byte the same while the server does, so it can be committed and
 * diffed (see diff.ts and docs/contracts.md). Nothing that changes between runs of the
 * same server (times, sizes of resource contents, cache state) goes in.
 */
import { z } from 'zod';
import type { PromptInfo } from '../../../shared/api/prompts';
import type { ResourceInfo, ResourceTemplateInfo } from '../../../shared/api/resources';
import type { SkillCatalog } from '../../../shared/api/skills';
import type { ServerView, ToolInfo } from '../../../shared/domain';

/** Bumped when the document's shape changes in a way older readers cannot follow. */
export const SNAPSHOT_FORMAT = 'mcp-workbench.contract/1';

const JsonObject = z.record(z.string(), z.unknown());
const Text = z.string().optional();

const ToolSchema = z.object({
  name: z.string(),
  title: Text,
  description: Text,
  annotations: JsonObject.optional(),
  inputSchema: JsonObject,
  outputSchema: JsonObject.optional(),
  icons: z.array(JsonObject).optional(),
  execution: JsonObject.optional(),
});
const ResourceSchema = z.object({ uri: z.string(), name: z.string(), title: Text, description: Text, mimeType: Text });
const TemplateSchema = z.object({ uriTemplate: z.string(), name: z.string(), title: Text, description: Text, mimeType: Text });
const PromptArgumentSchema = z.object({ name: z.string(), title: Text, description: Text, required: z.boolean().optional() });
const PromptSchema = z.object({ name: z.string(), title: Text, description: Text, arguments: z.array(PromptArgumentSchema) });
const SkillFileSchema = z.object({ path: z.string(), size: z.number(), digest: z.string() });
/** A skill as its entry describes it: what a host verifies its files against. */
const SkillSchema = z.object({
  uri: z.string(),
  name: z.string(),
  description: z.string(),
  frontmatter: JsonObject,
  files: z.union([z.array(SkillFileSchema), z.literal('dynamic')]),
});

/** A list the server declares (capability) but answered with a JSON-RPC error when the snapshot was taken. */
const FailingListSchema = z.object({ capability: z.string(), method: z.string(), error: z.string() });

const ContractSnapshotSchema = z.object({
  format: z.literal(SNAPSHOT_FORMAT),
  server: z.object({ name: z.string(), version: z.string(), title: Text }),
  protocol: z.object({ era: z.enum(['legacy', 'modern']).optional(), version: Text }),
  capabilities: JsonObject,
  instructions: Text,
  tools: z.array(ToolSchema),
  resources: z.array(ResourceSchema),
  resourceTemplates: z.array(TemplateSchema),
  prompts: z.array(PromptSchema),
  /** Only for a server that declares the skills extension (older snapshots have none). */
  skills: z.array(SkillSchema).optional(),
  /** Only when a declared list failed (older snapshots, and healthy servers, have none). */
  failing: z.array(FailingListSchema).optional(),
});
export type ContractSnapshot = z.infer<typeof ContractSnapshotSchema>;
export type ToolContract = z.infer<typeof ToolSchema>;
export type PromptContract = z.infer<typeof PromptSchema>;
export type SkillContract = z.infer<typeof SkillSchema>;
export type FailingList = z.infer<typeof FailingListSchema>;

/** What a live connection knows, as the core's API hands it out. */
export interface ServerSurface {
  view: Pick<ServerView, 'serverInfo' | 'protocolEra' | 'protocolVersion' | 'capabilities' | 'instructions'>;
  tools: ToolInfo[];
  resources: ResourceInfo[];
  templates: ResourceTemplateInfo[];
  prompts: PromptInfo[];
  /** The server's skills listing (absent, or not supported: no `skills` in the snapshot). */
  skills?: SkillCatalog;
  /** Declared lists whose request failed (their lists above are empty). */
  failing?: FailingList[];
}

/** Only the fields that are set, so absent and undefined read the same. */
function defined<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

const byName = <T extends { name: string }>(a: T, b: T) => compare(a.name, b.name);
// Code-point order, not the locale's, so every machine sorts the same.
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function buildSnapshot(surface: ServerSurface): ContractSnapshot {
  const { view } = surface;
  return {
    format: SNAPSHOT_FORMAT,
    server: defined({ name: view.serverInfo?.name ?? '', version: view.serverInfo?.version ?? '', title: view.serverInfo?.title }),
    protocol: defined({ era: view.protocolEra, version: view.protocolVersion }),
    capabilities: view.capabilities ?? {},
    ...(view.instructions !== undefined ? { instructions: view.instructions } : {}),
    tools: surface.tools
      .map((tool) =>
        defined({
          name: tool.name,
          title: tool.title,
          description: tool.description,
          annotations: tool.annotations as Record<string, unknown> | undefined,
          inputSchema: tool.inputSchema,
          outputSchema: tool.outputSchema,
          icons: tool.icons as Record<string, unknown>[] | undefined,
          execution: tool.execution as Record<string, unknown> | undefined,
        }),
      )
      .sort(byName),
    resources: surface.resources
      .map((r) => defined({ uri: r.uri, name: r.name, title: r.title, description: r.description, mimeType: r.mimeType }))
      .sort((a, b) => compare(a.uri, b.uri)),
    resourceTemplates: surface.templates
      .map((t) => defined({ uriTemplate: t.uriTemplate, name: t.name, title: t.title, description: t.description, mimeType: t.mimeType }))
      .sort((a, b) => compare(a.uriTemplate, b.uriTemplate)),
    prompts: surface.prompts
      .map((p) =>
        defined({
          name: p.name,
          title: p.title,
          description: p.description,
          arguments: p.arguments.map((arg) => defined({ name: arg.name, title: arg.title, description: arg.description, required: arg.required })).sort(byName),
        }),
      )
      .sort(byName),
    ...(surface.skills?.supported
      ? {
          skills: surface.skills.skills
            .map((skill) => ({
              uri: skill.uri,
              name: skill.name,
              description: skill.description,
              frontmatter: skill.frontmatter,
              files: skill.files === 'dynamic' ? ('dynamic' as const) : skill.files.map((file) => ({ path: file.path, size: file.size, digest: file.digest })).sort((a, b) => compare(a.path, b.path)),
            }))
            .sort((a, b) => compare(a.uri, b.uri)),
        }
      : {}),
    ...(surface.failing?.length ? { failing: [...surface.failing].sort((a, b) => compare(a.method, b.method)) } : {}),
  };
}

/** Object keys sorted at every depth (array order kept): the same document always prints the same. */
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort(compare)
        .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/** The committable text: sorted keys, 2-space indent, a trailing newline. */
export function serializeSnapshot(snapshot: ContractSnapshot): string {
  return `${JSON.stringify(sortKeys(snapshot), null, 2)}\n`;
}

export class InvalidSnapshotError extends Error {
  override name = 'InvalidSnapshotError';
}

/** Reads a snapshot file's text; throws InvalidSnapshotError saying what is wrong with it. */
export function parseSnapshot(text: string): ContractSnapshot {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new InvalidSnapshotError(`not JSON (${(error as Error).message})`);
  }
  const format = (json as { format?: unknown } | null)?.format;
  if (format !== SNAPSHOT_FORMAT) {
    throw new InvalidSnapshotError(format === undefined ? `not a contract snapshot (no "format": "${SNAPSHOT_FORMAT}")` : `format ${JSON.stringify(format)} is not one this version reads (${SNAPSHOT_FORMAT})`);
  }
  const parsed = ContractSnapshotSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new InvalidSnapshotError(`${issue.message} at /${issue.path.join('/')}`);
  }
  return parsed.data;
}
