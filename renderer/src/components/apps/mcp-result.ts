/**
 * A tool result as an app receives it (MCP CallToolResult), from the workbench's own
 * ToolRunResult: text as shown, images and audio inline when they crossed over, links and
 * resources as they came, structured content when it was not cut.
 */
import type { ResultBlock, ToolRunResult } from '../../../../shared/tool-results';

export interface McpCallToolResult {
  [key: string]: unknown;
  content: Record<string, unknown>[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

export function toMcpResult(result: ToolRunResult): McpCallToolResult {
  const structured = result.structured?.value;
  return {
    content: result.content.map(toMcpBlock),
    ...(structured && typeof structured === 'object' && !Array.isArray(structured) ? { structuredContent: structured as Record<string, unknown> } : {}),
    ...(result.isError ? { isError: true } : {}),
  };
}

function toMcpBlock(block: ResultBlock): Record<string, unknown> {
  switch (block.type) {
    case 'text':
      return { type: 'text', text: block.text };
    case 'image':
      return block.data && block.shown ? { type: 'image', data: block.data, mimeType: block.shown.mimeType } : { type: 'text', text: '[image not shown]' };
    case 'audio':
      return block.data ? { type: 'audio', data: block.data, mimeType: block.mimeType } : { type: 'text', text: '[audio]' };
    case 'resource_link': {
      const { annotations: _annotations, ...link } = block;
      return { ...link, name: block.name ?? block.uri };
    }
    case 'resource':
      return { type: 'resource', resource: { uri: block.uri, ...(block.mimeType ? { mimeType: block.mimeType } : {}), text: block.text ?? '' } };
    default:
      return { type: 'text', text: block.json };
  }
}
