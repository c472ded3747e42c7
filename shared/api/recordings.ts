/**
 * Recordings: a real MCP session kept as one file (JSON Lines, described in
 * docs/recordings.md) to replay against a server as a regression test or to serve as a
 * mock server. The CLI records through a stdio proxy; the app saves a server's protocol
 * log as one.
 */
import { z } from 'zod';
import { ServerNameSchema, type ServerName } from '../config/server-config';
import type { ChannelTable } from './channel-table';

/** The first line's `format`: what tells a recording from any other JSON Lines file. */
export const RECORDING_FORMAT = 'mcp-workbench-recording';
/** Bumped only when a reader of the previous version could no longer read the file. */
export const RECORDING_VERSION = 1;

/** Which way a message went: to the server (sent by the client) or to the client (sent by the server). */
export const RECORDING_DIRECTIONS = ['to-server', 'to-client'] as const;
export type RecordingDirection = (typeof RECORDING_DIRECTIONS)[number];

export type RecordingTransport = { type: 'stdio'; command: string; args: string[] } | { type: 'http' | 'sse' | 'ws' | 'other'; url?: string };

/** The first line of a recording. */
export interface RecordingHeader {
  format: typeof RECORDING_FORMAT;
  version: typeof RECORDING_VERSION;
  /** ISO 8601: when the first message was recorded; every line's `ms` counts from here. */
  recordedAt: string;
  /** `record`: the stdio proxy; `app`: a protocol log saved from the app. */
  source: 'record' | 'app';
  transport: RecordingTransport;
  /** The server's `serverInfo` from its initialize answer, when the recording has one. */
  server?: { name: string; version?: string };
  /** The protocol version the session agreed on. */
  protocolVersion?: string;
}

/** Every other line: one message (or one line that was not a JSON-RPC message, as `text`). */
export type RecordingLine = { direction: RecordingDirection; ms: number } & ({ message: Record<string, unknown> } | { text: string });

interface SaveRecordingRequest {
  server: ServerName;
  /** An absolute path; the app's data folder and symbolic links are refused. */
  path: string;
  /** Replace an existing file (its previous version is kept as `<file>.bak`). */
  overwrite?: boolean;
}

interface SaveRecordingResult {
  savedTo: string;
  /** Messages written (the log's JSON-RPC messages; connection events are left out). */
  count: number;
}

export interface RecordingsApi {
  /** Writes the server's protocol log, as kept now, as a recording file. */
  saveProtocolLogAsRecording(request: SaveRecordingRequest): Promise<SaveRecordingResult>;
}

export const recordingsChannels: ChannelTable<RecordingsApi> = {
  saveProtocolLogAsRecording: {
    channel: 'recordings:save-from-log',
    request: z.strictObject({ server: ServerNameSchema, path: z.string().trim().min(1, 'Give a file path').max(4096), overwrite: z.boolean().optional() }),
  },
};
