/**
 * Result files (whole texts and original images a tool returned, kept in the app data
 * folder) and the ways out of the app: open, reveal, save as, a link in the browser.
 * Files are named by id only: the UI can never make the main process read or open a
 * path of its choosing.
 */
import { z } from 'zod';
import { ServerNameSchema, type ServerName } from '../config/server-config';
import type { ResultBlock } from '../tool-results';
import type { ChannelTable } from './channel-table';

export const ResultFileIdSchema = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'not a result file id');

/** The most one read returns (the UI pages through bigger files). */
export const MAX_RESULT_READ_BYTES = 4 * 1024 * 1024;

interface ResultFileRequest {
  id: string;
}

interface ReadResultFileRequest {
  id: string;
  /** Byte offset to start at. */
  offset: number;
  /** At most this many bytes (≤ MAX_RESULT_READ_BYTES). */
  length: number;
}

export interface ResultTextChunk {
  /** UTF-8 text; never ends in the middle of a character. */
  text: string;
  /** Where the next read starts (bytes). */
  nextOffset: number;
  totalBytes: number;
}

export interface ResultBytesChunk {
  base64: string;
  nextOffset: number;
  totalBytes: number;
}

export type SaveAsResult = { saved: true; path: string } | { saved: false; reason: 'cancelled' | 'unsupported' };

interface ReadResourceLinkRequest {
  server: ServerName;
  uri: string;
}

interface OpenExternalUrlRequest {
  url: string;
}

export interface ResultsApi {
  readResultText(request: ReadResultFileRequest): Promise<ResultTextChunk>;
  readResultBytes(request: ReadResultFileRequest): Promise<ResultBytesChunk>;
  /** Opens the file with the system's default app. */
  openResultFile(request: ResultFileRequest): Promise<void>;
  /** Shows the file in the system's file manager. */
  revealResultFile(request: ResultFileRequest): Promise<void>;
  /** Asks where to save a copy. "unsupported" (browser mode): the page downloads it instead. */
  saveResultFileAs(request: ResultFileRequest): Promise<SaveAsResult>;
  /** Reads a resource a tool linked to (resources/read), through the same result pipeline. */
  readResourceLink(request: ReadResourceLinkRequest): Promise<ResultBlock[]>;
  /**
   * Opens an http(s) URL in the system browser. `opened: false` in browser mode, where the
   * page is the user's browser and opens it itself.
   */
  openExternalUrl(request: OpenExternalUrlRequest): Promise<{ opened: boolean }>;
}

const ReadSchema = z.strictObject({
  id: ResultFileIdSchema,
  offset: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  length: z.number().int().min(1).max(MAX_RESULT_READ_BYTES),
});
const FileSchema = z.strictObject({ id: ResultFileIdSchema });

export const resultsChannels: ChannelTable<ResultsApi> = {
  readResultText: { channel: 'results:read-text', request: ReadSchema },
  readResultBytes: { channel: 'results:read-bytes', request: ReadSchema },
  openResultFile: { channel: 'results:open', request: FileSchema },
  revealResultFile: { channel: 'results:reveal', request: FileSchema },
  saveResultFileAs: { channel: 'results:save-as', request: FileSchema },
  readResourceLink: { channel: 'results:read-resource-link', request: z.strictObject({ server: ServerNameSchema, uri: z.string().min(1).max(8192) }) },
  openExternalUrl: { channel: 'results:open-external', request: z.strictObject({ url: z.string().min(1).max(8192) }) },
};
