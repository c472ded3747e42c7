/**
 * A tool's result as the text a model reads: text blocks as they are, structured content
 * as JSON, other blocks as a short description (images and audio are not sent to the
 * model; the user sees them in the result view).
 */
import type { ResultBlock, ToolRunResult } from '../../../shared/tool-results';

/** More than any model needs from one result; the rest is cut, saying so. */
const MAX_RESULT_CHARS = 50_000;

export function toolResultText(result: ToolRunResult): string {
  const parts = result.content.map(blockText);
  if (result.structured && result.content.length === 0) parts.push(result.structured.value !== undefined ? JSON.stringify(result.structured.value) : (result.structured.preview ?? ""));
  const text = parts.join('\n');
  return text.length > MAX_RESULT_CHARS ? `${text.slice(0, MAX_RESULT_CHARS)}\n[cut: the result has ${text.length} characters]` : text;
}

function blockText(block: ResultBlock): string {
  switch (block.type) {
    case 'text':
      return block.text;
    case 'image':
      return `[image ${block.original.mimeType} ${block.original.width}×${block.original.height}]`;
    case 'audio':
      return `[audio ${block.mimeType}, ${block.bytes} bytes]`;
    case 'resource_link':
      return `[resource link ${block.uri}${block.name ? ` (${block.name})` : ''}]`;
    case 'resource':
      return block.text ?? `[resource ${block.uri}]`;
    case 'other':
      return block.json;
  }
}
