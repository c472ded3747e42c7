/**
 * What a provider's request made of each tool's input schema. The library adapts schemas
 * to each provider (Gemini's OpenAPI subset drops keywords, OpenAI's strict mode adds
 * some); this compares the schema the server gave with the one in the request body the
 * provider received, and lists every keyword removed or changed (lossy: the model never
 * sees it) and every one added.
 */
import type { ProviderId } from './providers';
import type { AdaptedTool, SchemaChange } from '../../../shared/api/models';

/** Each tool's parameters in a request body, by the provider's request format. */
function toolSchemasInRequest(provider: ProviderId, body: unknown): Map<string, unknown> {
  const found = new Map<string, unknown>();
  const json = typeof body === 'string' ? safeParse(body) : body;
  const tools = (json as { tools?: unknown } | undefined)?.tools;
  if (!Array.isArray(tools)) return found;
  for (const entry of tools as Array<Record<string, unknown>>) {
    if (provider === 'google') {
      for (const fn of (entry.functionDeclarations as Array<Record<string, unknown>> | undefined) ?? []) {
        found.set(String(fn.name), fn.parameters ?? fn.parametersJsonSchema);
      }
    } else if (provider === 'anthropic') {
      found.set(String(entry.name), entry.input_schema);
    } else {
      const fn = entry.function as Record<string, unknown> | undefined;
      if (fn) found.set(String(fn.name), fn.parameters);
    }
  }
  return found;
}

export function adaptedTools(provider: ProviderId, body: unknown, originals: ReadonlyMap<string, Record<string, unknown>>): AdaptedTool[] {
  const inRequest = toolSchemasInRequest(provider, body);
  return [...originals].map(([name, original]) => {
    const adapted = inRequest.get(name);
    return { name, adapted, changes: adapted === undefined ? [{ path: '', change: 'removed', lossy: true, detail: 'the tool is not in the request' }] : compareSchemas(original, adapted) };
  });
}

export function compareSchemas(original: unknown, adapted: unknown, path = ''): SchemaChange[] {
  if (isRecord(original) && isRecord(adapted)) {
    const changes: SchemaChange[] = [];
    for (const key of Object.keys(original)) {
      const at = `${path}/${escapePointer(key)}`;
      if (!(key in adapted)) changes.push({ path: at, change: 'removed', lossy: true, detail: short(original[key]) });
      else changes.push(...compareSchemas(original[key], adapted[key], at));
    }
    for (const key of Object.keys(adapted)) {
      if (!(key in original)) changes.push({ path: `${path}/${escapePointer(key)}`, change: 'added', lossy: false, detail: short(adapted[key]) });
    }
    return changes;
  }
  if (Array.isArray(original) && Array.isArray(adapted) && original.length === adapted.length) {
    return original.flatMap((item, index) => compareSchemas(item, adapted[index], `${path}/${index}`));
  }
  if (JSON.stringify(original) === JSON.stringify(adapted)) return [];
  // A type keyword spelled in another case (Gemini's "STRING" for "string") says the same thing.
  if (typeof original === 'string' && typeof adapted === 'string' && original.toLowerCase() === adapted.toLowerCase()) return [];
  return [{ path, change: 'changed', lossy: true, detail: `${short(original)} → ${short(adapted)}` }];
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const escapePointer = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

function short(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
