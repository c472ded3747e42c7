/**
 * The messages of a live session's control channel: one JSON object a line, both ways.
 * Every message from a client carries the session's token; both sides parse what they
 * read with these schemas and drop the connection on anything else.
 */
import { timingSafeEqual, createHash } from 'node:crypto';
import type { Socket } from 'node:net';
import { z } from 'zod';
import { FAILURE_KINDS, type Envelope } from '../../../shared/envelope';
import type { AppEvent } from '../../../shared/events';
import { WS_MAX_MESSAGE_BYTES } from '../../../shared/ws-protocol';

/** The largest line either side accepts: the browser host's limit for one message. */
const MAX_LINE_BYTES = WS_MAX_MESSAGE_BYTES;

const token = z.string().min(1).max(200);
const id = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);

export const ClientMessageSchema = z.discriminatedUnion('type', [
  /** The first message: shows the token and subscribes to the session's events. */
  z.object({ type: z.literal('hello'), token }).strict(),
  /** An AppApi call (the session's dispatcher checks method and payload as every front end's does). */
  z.object({ type: z.literal('call'), token, id, method: z.string().min(1).max(100), payload: z.unknown().optional() }).strict(),
  /** Cancels the call `id` of this connection (Ctrl+C in the command that made it). */
  z.object({ type: z.literal('cancel'), token, id }).strict(),
  /** Ends the session: every connection closed, every server stopped. */
  z.object({ type: z.literal('stop'), token }).strict(),
]);
export type ClientMessage = z.infer<typeof ClientMessageSchema>;

const EnvelopeSchema = z.union([
  z.object({ ok: z.literal(true), value: z.unknown() }),
  z.object({
    ok: z.literal(false),
    // rpcCode travels too: a command decides by it (a server without a method answers -32601, see not-offered.ts).
    error: z.object({ code: z.enum(['invalid-request', 'unknown-method', 'untrusted-sender', 'not-found', 'conflict', 'failed']), message: z.string(), kind: z.enum(FAILURE_KINDS), rpcCode: z.number().int().optional() }),
  }),
]);

export const ServerMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('welcome'), servers: z.array(z.string()), pid: z.number().int() }),
  z.object({ type: z.literal('answer'), id, envelope: EnvelopeSchema }),
  // Events are the core's own (the same objects the app's page receives); their shape is the core's contract.
  z.object({ type: z.literal('events'), events: z.array(z.custom<AppEvent>((value) => typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string')) }),
  z.object({ type: z.literal('stopping') }),
  z.object({ type: z.literal('refused'), message: z.string() }),
]);
export type ServerMessage =
  | { type: 'welcome'; servers: string[]; pid: number }
  | { type: 'answer'; id: number; envelope: Envelope<unknown> }
  | { type: 'events'; events: AppEvent[] }
  | { type: 'stopping' }
  | { type: 'refused'; message: string };

/** Compares a token shown with the session's in constant time (hashes first, so lengths never differ). */
export function tokenMatches(shown: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(shown), digest(expected));
}

/** Writes one message as a line; a value that cannot be JSON answers its call as failed instead. */
export function writeMessage(socket: Socket, message: ServerMessage | ClientMessage): void {
  let text: string;
  try {
    text = JSON.stringify(message);
  } catch (error) {
    if (message.type !== 'answer') return;
    text = JSON.stringify({ type: 'answer', id: message.id, envelope: { ok: false, error: { code: 'failed', message: (error as Error).message, kind: 'unexpected' } } });
  }
  if (!socket.destroyed) socket.write(`${text}\n`);
}

/**
 * Reads a socket line by line, each line parsed as JSON and checked by `schema`. A line
 * over the limit, or one that is not a valid message, calls `onBad` (which closes the
 * connection): nothing a peer sends can make the reader hold more than one line.
 */
export function readMessages<T>(socket: Socket, schema: z.ZodType<T>, onMessage: (message: T) => void, onBad: (why: string) => void): void {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  socket.on('data', (chunk: Buffer) => {
    let start = 0;
    for (let newline = chunk.indexOf(0x0a); newline !== -1; newline = chunk.indexOf(0x0a, start)) {
      pending.push(chunk.subarray(start, newline));
      const line = Buffer.concat(pending).toString('utf8');
      pending = [];
      pendingBytes = 0;
      start = newline + 1;
      const parsed = parseLine(line, schema);
      if (parsed === undefined) return onBad('a message that is not one of the session\'s');
      onMessage(parsed.value);
      if (socket.destroyed) return;
    }
    const rest = chunk.subarray(start);
    pendingBytes += rest.length;
    if (pendingBytes > MAX_LINE_BYTES) return onBad(`a message over the ${MAX_LINE_BYTES / (1024 * 1024)} MB limit`);
    if (rest.length) pending.push(rest);
  });
}

function parseLine<T>(line: string, schema: z.ZodType<T>): { value: T } | undefined {
  try {
    const parsed = schema.safeParse(JSON.parse(line));
    return parsed.success ? { value: parsed.data } : undefined;
  } catch {
    return undefined;
  }
}
