/**
 * A starting point for answering an MCP 2026-07-28 `input_required` result by hand: one
 * `inputResponses` entry per input request, shaped like the result its method expects
 * (an ElicitResult, a CreateMessageResult, a ListRootsResult), for the user to edit.
 */

export function inputResponsesSkeleton(inputRequests: Record<string, unknown>): Record<string, unknown> {
  const skeleton: Record<string, unknown> = {};
  for (const [key, request] of Object.entries(inputRequests)) skeleton[key] = responseSkeleton(request);
  return skeleton;
}

function responseSkeleton(request: unknown): unknown {
  const { method, params } = (request ?? {}) as { method?: unknown; params?: { mode?: unknown; requestedSchema?: { properties?: Record<string, { type?: unknown }> } } };
  switch (method) {
    case 'elicitation/create':
      if (params?.mode === 'url') return { action: 'accept' };
      return { action: 'accept', content: contentSkeleton(params?.requestedSchema?.properties ?? {}) };
    case 'sampling/createMessage':
      return { role: 'assistant', content: { type: 'text', text: '' }, model: 'mcp-workbench-user', stopReason: 'endTurn' };
    case 'roots/list':
      return { roots: [] };
    default:
      return {};
  }
}

/** A placeholder per form field, by its type. */
function contentSkeleton(properties: Record<string, { type?: unknown }>): Record<string, unknown> {
  const content: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(properties)) {
    const type = property?.type;
    content[name] = type === 'boolean' ? false : type === 'number' || type === 'integer' ? 0 : type === 'array' ? [] : '';
  }
  return content;
}
