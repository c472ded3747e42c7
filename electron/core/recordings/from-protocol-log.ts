/**
 * A server's protocol log as a recording: its JSON-RPC messages (sent: to the server;
 * received: to the client) and its stdout noise, with times counted from the first, and
 * connection events left out. The log already masks every secret a launch filled in;
 * the entry's credential-named environment values and fields named like credentials are
 * masked here too. An entry the log cut short is no
 * message any more: it is kept as text.
 */
import type { RecordingHeader, RecordingLine, RecordingTransport } from '../../../shared/api/recordings';
import { RECORDING_FORMAT, RECORDING_VERSION } from '../../../shared/api/recordings';
import { isStdioConfig, transportOf, type ServerConfig } from '../../../shared/config/server-config';
import type { ServerView } from '../../../shared/domain';
import type { ProtocolLogEntry } from '../../../shared/protocol-log';
import { headerLine, messageLine } from './format';
import { createRecordingMasker } from './mask';

const MESSAGE_KINDS = new Set(['request', 'response', 'error', 'notification']);

function transportOfConfig(config: ServerConfig, redact: (text: string) => string): RecordingTransport {
  if (isStdioConfig(config)) return { type: 'stdio', command: config.command, args: (config.args ?? []).map(redact) };
  const type = transportOf(config);
  const url = 'url' in config && typeof config.url === 'string' ? redact(config.url) : undefined;
  return { type: type === 'http' || type === 'sse' || type === 'ws' ? type : 'other', ...(url !== undefined ? { url } : {}) };
}

function parsedMessage(entry: ProtocolLogEntry): Record<string, unknown> | undefined {
  if (!MESSAGE_KINDS.has(entry.kind) || entry.truncated) return undefined;
  try {
    const value: unknown = JSON.parse(entry.text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) && (value as { jsonrpc?: unknown }).jsonrpc === '2.0' ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

export function recordingFromProtocolLog(view: ServerView, entries: readonly ProtocolLogEntry[], redact: (text: string) => string): { text: string; count: number } {
  const kept = entries.filter((entry) => entry.direction !== 'local' && entry.kind !== 'event');
  const start = kept[0]?.time ?? Date.now();
  // Values of the entry's own environment variables named like credentials (a secret kept in the store is masked by the log already).
  const masker = createRecordingMasker({ env: isStdioConfig(view.config) ? (view.config.env ?? {}) : {} });
  const header: RecordingHeader = {
    format: RECORDING_FORMAT,
    version: RECORDING_VERSION,
    recordedAt: new Date(start).toISOString(),
    source: 'app',
    transport: transportOfConfig(view.config, redact),
    ...(view.serverInfo ? { server: { name: view.serverInfo.name, ...(view.serverInfo.version ? { version: view.serverInfo.version } : {}) } } : {}),
    ...(view.protocolVersion ? { protocolVersion: view.protocolVersion } : {}),
  };
  const lines = kept.map((entry): RecordingLine => {
    const direction = entry.direction === 'out' ? 'to-server' : 'to-client';
    const ms = Math.max(0, entry.time - start);
    const message = parsedMessage(entry);
    return message ? { direction, ms, message: masker.message(message) } : { direction, ms, text: masker.text(entry.text) };
  });
  return { text: headerLine(header) + lines.map(messageLine).join(''), count: lines.length };
}
