/**
 * A tool result for people: each content block as it reads best in a terminal. Text is
 * printed as the server sent it; binary content (images, audio, blobs) is never dumped
 * into the terminal.
 */
import type { ContentBlock, ToolCallResult } from '../../shared/domain';
import type { Output } from './output';
import { formatBytes } from './table';

export function renderToolResult(result: ToolCallResult, output: Output): void {
  const texts = result.content.filter((block) => block.type === 'text');
  for (const block of result.content) renderBlock(block, output);
  // Structured content usually repeats the text; shown on its own only when there is no text.
  if (result.structuredContent && texts.length === 0) output.line(JSON.stringify(result.structuredContent, null, 2));
}

function renderBlock(block: ContentBlock, output: Output): void {
  switch (block.type) {
    case 'text':
      output.line((block as { text: string }).text);
      return;
    case 'image':
    case 'audio': {
      const { data, mimeType } = block as { data: string; mimeType: string };
      output.line(`[${block.type} ${mimeType}, ${formatBytes(base64Bytes(data))}]`);
      return;
    }
    case 'resource_link': {
      const link = block as { uri: string; name?: string };
      output.line(`[resource link ${link.uri}${link.name ? ` (${link.name})` : ''}]`);
      return;
    }
    case 'resource': {
      const { resource } = block as { resource: { uri: string; mimeType?: string; text?: string; blob?: string } };
      if (resource.text !== undefined) {
        output.line(`[resource ${resource.uri}]`);
        output.line(resource.text);
      } else {
        output.line(`[resource ${resource.uri}${resource.mimeType ? ` ${resource.mimeType}` : ''}, ${formatBytes(base64Bytes(resource.blob ?? ''))}]`);
      }
      return;
    }
    default:
      output.line(JSON.stringify(block, null, 2));
  }
}

function base64Bytes(data: string): number {
  return Math.floor((data.length * 3) / 4) - (data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0);
}
