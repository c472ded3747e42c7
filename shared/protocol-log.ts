/**
 * The protocol log: every JSON-RPC message a server connection sends or receives, plus
 * the lines around it that explain what happened (garbage on stdout, connection events).
 * The core keeps a bounded log per server; the renderer shows, filters and exports it.
 */
export const PROTOCOL_LOG_KINDS = ['request', 'response', 'error', 'notification', 'noise', 'event'] as const;
/**
 * request / response / error / notification: a JSON-RPC message (error = an error response);
 * noise: a line on a stdio server's stdout that is not JSON-RPC;
 * event: something the connection did (connected, closed, a transport error).
 */
export type ProtocolLogKind = (typeof PROTOCOL_LOG_KINDS)[number];

export const PROTOCOL_LOG_DIRECTIONS = ['out', 'in', 'local'] as const;
/** out: sent to the server; in: received from it; local: noted by the workbench itself. */
export type ProtocolLogDirection = (typeof PROTOCOL_LOG_DIRECTIONS)[number];

export interface ProtocolLogEntry {
  /** Increases by one with every entry of the app run; ties entries to their order. */
  seq: number;
  server: string;
  /** Epoch milliseconds. */
  time: number;
  direction: ProtocolLogDirection;
  kind: ProtocolLogKind;
  /** The method of a request or notification, and of the request a response answers. */
  method?: string;
  id?: string | number;
  /** Bytes of the serialized message (or line). */
  size: number;
  /** For responses: milliseconds since the request they answer was sent or received. */
  latencyMs?: number;
  /** The serialized message, or the line / event text. */
  text: string;
  /** A request sent over Streamable HTTP: the `Mcp-*` HTTP headers it went out with (Mcp-Method, Mcp-Name, Mcp-Param-…). */
  headers?: Record<string, string>;
  /** Set when `text` was cut to keep the log bounded; `size` is still the full size. */
  truncated?: boolean;
  /**
   * For requests that may take several rounds on MCP 2026-07-28 (tools/call, prompts/get,
   * resources/read) and their answers: the same id on every round of one call (the first
   * request, each `input_required` answer, each retry with `inputResponses`, the final
   * result), and the round's number from 1.
   */
  conversation?: string;
  round?: number;
}

export interface ProtocolLogFilter {
  direction?: ProtocolLogDirection;
  kind?: ProtocolLogKind;
  /** Case-insensitive; matched against the method, the id and the message text. */
  search?: string;
}

export function matchesProtocolLogFilter(entry: ProtocolLogEntry, filter: ProtocolLogFilter): boolean {
  if (filter.direction && entry.direction !== filter.direction) return false;
  if (filter.kind && entry.kind !== filter.kind) return false;
  const needle = filter.search?.trim().toLowerCase();
  if (!needle) return true;
  return (
    (entry.method?.toLowerCase().includes(needle) ?? false) ||
    (entry.id !== undefined && String(entry.id).toLowerCase().includes(needle)) ||
    entry.text.toLowerCase().includes(needle)
  );
}

const JSON_KINDS: ReadonlySet<ProtocolLogKind> = new Set(['request', 'response', 'error', 'notification']);

/** One line of a JSON Lines export: the message itself as JSON when it is one, else its text. */
export function protocolLogEntryToJsonLine(entry: ProtocolLogEntry): string {
  let message: unknown;
  if (JSON_KINDS.has(entry.kind) && !entry.truncated) {
    try {
      message = JSON.parse(entry.text);
    } catch {
      message = undefined;
    }
  }
  return JSON.stringify({
    time: new Date(entry.time).toISOString(),
    server: entry.server,
    direction: entry.direction,
    kind: entry.kind,
    ...(entry.method !== undefined ? { method: entry.method } : {}),
    ...(entry.id !== undefined ? { id: entry.id } : {}),
    size: entry.size,
    ...(entry.latencyMs !== undefined ? { latencyMs: entry.latencyMs } : {}),
    ...(entry.headers ? { headers: entry.headers } : {}),
    ...(entry.conversation !== undefined ? { conversation: entry.conversation, round: entry.round } : {}),
    ...(message !== undefined ? { message } : { text: entry.text }),
    ...(entry.truncated ? { truncated: true } : {}),
  });
}
