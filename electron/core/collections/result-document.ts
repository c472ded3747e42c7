/**
 * The document a step's assertions and later steps' variables read, in MCP's own shapes so
 * a path reads like the protocol: a tool's `{content, structuredContent, isError}`, a
 * resource's `{contents: [{uri, mimeType, text | blob}]}`, a prompt's `{description,
 * messages: [{role, content}]}`, and for a request that got no answer `{error: {message, kind}}`.
 */
import type { PromptResult } from '../../../shared/api/prompts';
import type { ResourceReadResult } from '../../../shared/api/resources';
import type { ContentView } from '../../../shared/content-view';
import type { ToolRunResult } from '../../../shared/tool-results';

export function toolDocument(result: ToolRunResult): Record<string, unknown> {
  return {
    content: result.content,
    ...(result.structured && 'value' in result.structured ? { structuredContent: result.structured.value } : {}),
    isError: result.isError,
  };
}

/** A resource's contents as resources/read sends them. */
function resourceContents(uri: string, mimeType: string | undefined, content: ContentView): Record<string, unknown> {
  const base = { uri, ...(mimeType ? { mimeType } : {}) };
  switch (content.kind) {
    case 'text':
      return { ...base, text: content.text };
    case 'image':
    case 'audio':
    case 'binary':
      return { ...base, mimeType: content.mimeType ?? mimeType, blob: content.data };
    default:
      return { ...base, content: contentBlock(content) };
  }
}

export function resourceDocument(result: ResourceReadResult): Record<string, unknown> {
  return { contents: result.contents.map((view) => resourceContents(view.uri, view.mimeType, view.content)) };
}

/** A prompt message's content as prompts/get sends it. */
function contentBlock(content: ContentView): unknown {
  switch (content.kind) {
    case 'text':
      return { type: 'text', text: content.text };
    case 'image':
    case 'audio':
      return { type: content.kind, mimeType: content.mimeType, data: content.data };
    case 'binary':
      return { type: 'resource', resource: { uri: '', mimeType: content.mimeType, blob: content.data } };
    case 'resource':
      return { type: 'resource', resource: resourceContents(content.uri, content.mimeType, content.content) };
    case 'resource-link':
      return { type: 'resource_link', uri: content.uri, ...(content.name ? { name: content.name } : {}), ...(content.mimeType ? { mimeType: content.mimeType } : {}) };
    case 'other':
      return content.value;
  }
}

export function promptDocument(result: PromptResult): Record<string, unknown> {
  return {
    ...(result.description !== undefined ? { description: result.description } : {}),
    messages: result.messages.map((message) => ({ role: message.role, content: contentBlock(message.content) })),
  };
}

export function errorDocument(message: string, kind?: string): Record<string, unknown> {
  return { error: { message, ...(kind ? { kind } : {}) } };
}
