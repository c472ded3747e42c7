/**
 * Content as the UI shows it, whatever carried it: a resource's contents, a prompt
 * message, an embedded resource. The core turns MCP's wire shapes (text, base64 blobs,
 * images, audio, embedded resources, resource links) into these, so the renderer never
 * guesses what a blob is.
 */

/** Binary content: an image or audio to show, or bytes to offer as a download. */
export type BlobView =
  | { kind: 'image'; mimeType: string; data: string; /** What the image pipeline did to it, when it changed it. */ note?: string }
  | { kind: 'audio'; mimeType: string; data: string }
  | { kind: 'binary'; mimeType?: string; /** base64 */ data: string; /** Bytes, decoded. */ size: number };

export type ContentView =
  | { kind: 'text'; text: string; mimeType?: string }
  | BlobView
  /** An embedded resource (prompt messages, resource reads): its URI and what it holds. */
  | { kind: 'resource'; uri: string; mimeType?: string; content: ContentView }
  /** A link to a resource the server offers, to be read separately. */
  | { kind: 'resource-link'; uri: string; name?: string; title?: string; description?: string; mimeType?: string }
  /** A block of a kind this version does not know, shown as JSON. */
  | { kind: 'other'; value: unknown };

export type EmbeddedResourceView = Extract<ContentView, { kind: 'resource' }>;

/** Text that is JSON (by MIME type, or an object or array by its look) parsed, else undefined. */
export function parseJsonText(text: string, mimeType?: string): unknown {
  const trimmed = text.trim();
  const declared = mimeType !== undefined && /^application\/([\w.+-]*\+)?json\b/i.test(mimeType);
  if (!declared && !trimmed.startsWith('{') && !trimmed.startsWith('[')) return undefined;
  try {
    return JSON.parse(trimmed);
  } catch {
    return undefined;
  }
}
