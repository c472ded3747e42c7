/**
 * A tool result as the UI receives it: after the main process cut long text, resized
 * images and saved originals and whole texts to files. Everything here is small enough
 * to cross IPC; what was cut lives in a result file the UI can page through, open,
 * reveal or save elsewhere.
 */
import type { ServerName } from './config/server-config';

/** A file in the app data folder's results folder, named by its id (never by a path the UI gives). */
export interface ResultFileRef {
  id: string;
  /** The file's name (for "save as"). */
  name: string;
  /** Where it is on disk, to show the user. */
  path: string;
  bytes: number;
  mimeType?: string;
}

/** Text that was cut before it crossed IPC: what is shown, and where the whole is. */
export interface Truncation {
  /** Characters shown (the start of the text). */
  shownChars: number;
  /** Bytes shown, UTF-8. */
  shownBytes: number;
  totalChars: number;
  totalBytes: number;
  file: ResultFileRef;
}

interface ImageFacts {
  width: number;
  height: number;
  bytes: number;
  mimeType: string;
}

/** What a content block says about itself (MCP annotations): who it is for and how much it matters. */
export interface ContentAnnotations {
  audience?: string[];
  /** 0 (least) to 1 (most important). */
  priority?: number;
  lastModified?: string;
}

/** Text, with the truncation when it was cut. */
export interface TextBlock {
  type: 'text';
  text: string;
  truncated?: Truncation;
}

export interface ImageBlock {
  type: 'image';
  /** base64 of the image as shown: within the model-client limits (≤ 2000 px, ≤ 3.75 MB). */
  data?: string;
  shown?: ImageFacts;
  /** The image as the server sent it, saved to a file. */
  original: ImageFacts & { file?: ResultFileRef };
  /** What the pipeline did, e.g. "resized to 2000×1500, PNG palette". Absent: kept as sent. */
  transformed?: string;
  /** Why it cannot be shown (not an image sharp can read, …). */
  problem?: string;
}

export interface AudioBlock {
  type: 'audio';
  mimeType: string;
  /** base64, when small enough to play inline. */
  data?: string;
  bytes: number;
  file?: ResultFileRef;
}

export interface ResourceLinkBlock {
  type: 'resource_link';
  uri: string;
  name?: string;
  title?: string;
  description?: string;
  mimeType?: string;
  size?: number;
}

/** An embedded resource: its text (possibly cut), or its blob as an image or a file. */
export interface EmbeddedResourceBlock {
  type: 'resource';
  uri: string;
  mimeType?: string;
  text?: string;
  truncated?: Truncation;
  image?: ImageBlock;
  /** A binary resource that is not an image, saved to a file. */
  file?: ResultFileRef;
}

/** A block of a kind this version does not know, shown as JSON (possibly cut). */
interface OtherBlock {
  type: 'other';
  kind: string;
  json: string;
  truncated?: Truncation;
}

export type ResultBlock = (TextBlock | ImageBlock | AudioBlock | ResourceLinkBlock | EmbeddedResourceBlock | OtherBlock) & { annotations?: ContentAnnotations };

/** How structuredContent compares with the tool's outputSchema. */
export type OutputCheck =
  /** No outputSchema, or a tool error without structured content. */
  | { status: 'not-checked'; reason: string }
  | { status: 'valid' }
  | { status: 'invalid'; errors: string[] }
  /** The tool declares an outputSchema but returned no structuredContent. */
  | { status: 'missing' };

export interface StructuredResult {
  /** The structured content, when small enough; else `truncated` says where it is. */
  value?: unknown;
  truncated?: Truncation;
  /** Its first part, pretty-printed, when it was cut. */
  preview?: string;
}

export interface ToolRunResult {
  callId: string;
  server: ServerName;
  tool: string;
  content: ResultBlock[];
  structured?: StructuredResult;
  outputCheck: OutputCheck;
  /** The tool itself reported failure (as opposed to a protocol or connection error). */
  isError: boolean;
  durationMs: number;
  /** Size of the result as the server sent it (its JSON, UTF-8 bytes). */
  sizeBytes: number;
  /** The history entry this call was recorded under. */
  historyId?: string;
  /** The result as the server sent it, pretty JSON (long base64 shortened), cut like long text. */
  raw?: { text: string; truncated?: Truncation };
  /** The call ran as a task: its id and state (with detach, the result is empty and the task still running). */
  task?: { taskId: string; status: string };
}
