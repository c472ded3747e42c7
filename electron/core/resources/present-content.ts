/**
 * Turns MCP content as it arrives (resource contents, prompt message blocks) into the
 * ContentView the UI shows. Every base64 blob passes through presentBlob, the one
 * place that decides how binary content is shown: images (through the image
 * pipeline), audio, or bytes offered as a download.
 */
import type { BlobView, ContentView, EmbeddedResourceView } from '../../../shared/content-view';
import { fitImageInWorker } from '../results/image-fitter';
import type { FittedImage } from '../results/image-pipeline';

/** The resource contents a read returns (and a prompt embeds): text or a base64 blob. */
export interface WireResourceContents {
  uri: string;
  mimeType?: string;
  text?: string;
  blob?: string;
}

/** How binary content is shown. Images go through the image pipeline (see below). */
export async function presentBlob(data: string, mimeType: string | undefined): Promise<BlobView> {
  const type = mimeType?.toLowerCase();
  if (type?.startsWith('image/') && type !== 'image/svg+xml') return presentImage(data, type);
  if (type?.startsWith('audio/')) return { kind: 'audio', mimeType: type, data };
  return { kind: 'binary', ...(mimeType ? { mimeType } : {}), data, size: base64Size(data) };
}

/**
 * The image pipeline of tool results (results/image-pipeline.ts): upright, metadata
 * removed, fitted within what model clients accept. An image that cannot be decoded is
 * offered as a download. SVG is never shown as an image (it is a document that may carry
 * scripts): it is offered as a download like other bytes.
 */
async function presentImage(data: string, mimeType: string): Promise<BlobView> {
  const input = Buffer.from(data, 'base64');
  let fitted: FittedImage;
  try {
    fitted = await fitImageInWorker(input);
  } catch {
    return { kind: 'binary', mimeType, data, size: input.length };
  }
  const note = fitted.transformed
    ? `Shown ${fitted.transformed}; the server sent ${fitted.original.width}×${fitted.original.height}, ${fitted.original.bytes} bytes.`
    : undefined;
  return { kind: 'image', mimeType: fitted.mimeType, data: fitted.data === input ? data : fitted.data.toString('base64'), ...(note ? { note } : {}) };
}

export async function presentResourceContents(contents: WireResourceContents): Promise<EmbeddedResourceView> {
  const mimeType = contents.mimeType;
  let content: ContentView;
  if (typeof contents.text === 'string') content = { kind: 'text', text: contents.text, ...(mimeType ? { mimeType } : {}) };
  else if (typeof contents.blob === 'string') content = await presentBlob(contents.blob, mimeType);
  else content = { kind: 'other', value: contents };
  return { kind: 'resource', uri: contents.uri, ...(mimeType ? { mimeType } : {}), content };
}

/** One content block of a prompt message (the same kinds as a tool result's). */
export async function presentContentBlock(block: Record<string, unknown>): Promise<ContentView> {
  switch (block.type) {
    case 'text':
      if (typeof block.text === 'string') return { kind: 'text', text: block.text };
      break;
    case 'image':
    case 'audio':
      if (typeof block.data === 'string' && typeof block.mimeType === 'string') {
        // A block that says it is an image is shown as one only if it really is image/*.
        return presentBlob(block.data, block.mimeType);
      }
      break;
    case 'resource': {
      const resource = block.resource as WireResourceContents | undefined;
      if (resource && typeof resource.uri === 'string') return presentResourceContents(resource);
      break;
    }
    case 'resource_link':
      if (typeof block.uri === 'string') {
        return {
          kind: 'resource-link',
          uri: block.uri,
          ...stringField(block, 'name'),
          ...stringField(block, 'title'),
          ...stringField(block, 'description'),
          ...stringField(block, 'mimeType'),
        };
      }
      break;
  }
  return { kind: 'other', value: block };
}

/** Decoded size of base64 text, without decoding it. */
export function base64Size(data: string): number {
  const clean = data.replace(/[^A-Za-z0-9+/=_-]/g, '');
  const padding = clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((clean.length * 3) / 4) - padding);
}

function stringField<K extends string>(block: Record<string, unknown>, key: K): Partial<Record<K, string>> {
  const value = block[key];
  return typeof value === 'string' ? ({ [key]: value } as Record<K, string>) : {};
}
