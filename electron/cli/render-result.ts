/**
 * A tool result as the core's result pipeline hands it over (long text cut with the
 * whole saved to a file, images fitted with the original saved to a file, audio and
 * binary resources saved to files), turned into what a terminal or a script wants:
 * - the whole text, never the cut one: a CLI's output is read by programs too;
 * - for people, every saved file by its path, and nothing binary dumped on the screen.
 */
import type { AppApi } from '../../shared/api';
import { MAX_RESULT_READ_BYTES } from '../../shared/api/results';
import type { EmbeddedResourceBlock, ImageBlock, ResultBlock, ResultFileRef, ToolRunResult, Truncation } from '../../shared/tool-results';
import type { Output } from './output';
import { formatBytes } from './table';

/** The whole text of a result file, read through the API a page at a time. */
async function wholeText(api: AppApi, file: ResultFileRef): Promise<string> {
  let text = '';
  for (let offset = 0; ; ) {
    const chunk = await api.readResultText({ id: file.id, offset, length: MAX_RESULT_READ_BYTES });
    text += chunk.text;
    if (chunk.nextOffset >= chunk.totalBytes || chunk.nextOffset === offset) return text;
    offset = chunk.nextOffset;
  }
}

/** A text that was cut comes back whole; `file` says where the whole is saved too. */
async function restore<T extends { truncated?: Truncation }>(api: AppApi, block: T, field: keyof T & string): Promise<Omit<T, 'truncated'> & { file?: ResultFileRef }> {
  if (!block.truncated) return block;
  const { truncated, ...rest } = block;
  return { ...rest, [field]: await wholeText(api, truncated.file), file: truncated.file } as Omit<T, 'truncated'> & { file?: ResultFileRef };
}

/**
 * The result with every cut text made whole again (structured content too); a block that
 * was cut carries `file` (where the whole was saved) instead of `truncated`.
 */
export async function wholeResult(api: AppApi, result: ToolRunResult): Promise<Omit<ToolRunResult, 'content' | 'structured'> & { content: ResultBlock[]; structured?: { value: unknown; file?: ResultFileRef } }> {
  const content = await wholeBlocks(api, result.content);
  // The raw view is the window's; as JSON output the result already is the whole.
  const { structured, raw: _raw, ...rest } = result;
  if (!structured) return { ...rest, content };
  if (!structured.truncated) return { ...rest, content, structured: { value: structured.value } };
  return { ...rest, content, structured: { value: JSON.parse(await wholeText(api, structured.truncated.file)), file: structured.truncated.file } };
}

/** Blocks with every cut text made whole again. */
export function wholeBlocks(api: AppApi, blocks: readonly ResultBlock[]): Promise<ResultBlock[]> {
  return Promise.all(
    blocks.map(async (block): Promise<ResultBlock> => {
      if (block.type === 'text') return (await restore(api, block, 'text')) as ResultBlock;
      if (block.type === 'other') return (await restore(api, block, 'json')) as ResultBlock;
      if (block.type === 'resource') return (await restore(api, block, 'text')) as ResultBlock;
      return block;
    }),
  );
}

type WholeResult = Awaited<ReturnType<typeof wholeResult>>;

export function renderToolResult(result: WholeResult, output: Output): void {
  for (const block of result.content) renderBlock(block, output);
  // Structured content usually repeats the text; shown on its own only when there is no text.
  if (result.structured && !result.content.some((block) => block.type === 'text')) output.line(JSON.stringify(result.structured.value, null, 2));
  if (result.outputCheck.status === 'invalid') output.note(`Note: the structured content does not match the tool's output schema: ${result.outputCheck.errors.join('; ')}`);
  if (result.outputCheck.status === 'missing') output.note("Note: the tool declares an output schema but returned no structured content.");
}

export function renderBlock(block: ResultBlock, output: Output): void {
  switch (block.type) {
    case 'text':
      output.line(block.text);
      return;
    case 'image':
      output.line(describeImage(block));
      return;
    case 'audio':
      output.line(`[audio ${block.mimeType}, ${formatBytes(block.bytes)}]${block.file ? ` saved to ${block.file.path}` : ''}`);
      return;
    case 'resource_link':
      output.line(`[resource link ${block.uri}${block.name ? ` (${block.name})` : ''}${block.description ? ` — ${block.description}` : ''}]`);
      return;
    case 'resource':
      renderResource(block, output);
      return;
    case 'other':
      output.line(block.json);
  }
}

function renderResource(block: EmbeddedResourceBlock, output: Output): void {
  const head = `[resource ${block.uri}${block.mimeType ? ` ${block.mimeType}` : ''}`;
  if (block.text !== undefined) {
    output.line(`${head}]`);
    output.line(block.text);
  } else if (block.image) {
    output.line(`${head}] ${describeImage(block.image)}`);
  } else if (block.file) {
    output.line(`${head}, ${formatBytes(block.file.bytes)}] saved to ${block.file.path}`);
  } else {
    output.line(`${head}]`);
  }
}

function describeImage(image: ImageBlock): string {
  const { original } = image;
  const size = original.width ? `${original.width}×${original.height} ` : '';
  const saved = original.file ? ` saved to ${original.file.path}` : '';
  return `[image ${size}${original.mimeType}, ${formatBytes(original.bytes)}]${saved}${image.problem ? ` (${image.problem})` : ''}`;
}
