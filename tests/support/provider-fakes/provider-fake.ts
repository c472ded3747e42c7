/**
 * A model provider's HTTP API on 127.0.0.1 (port 0), answering from a script: each request
 * takes the next scripted turn (or asks a function for one). It speaks the real wire format
 * of the provider named, so the real AI library talks to it as to the provider itself:
 *
 * - openai: Chat Completions, whole and streamed (openai-chat.mjs), and GET /models
 * - anthropic: Messages, whole and streamed (anthropic-messages.mjs)
 * - google: Gemini generateContent and streamGenerateContent (gemini.mjs)
 *
 * A turn: { text } | { toolCalls: [{ name, arguments }] } (arguments as a string are sent
 * as they are, to script a malformed call) | { refusal } | { error: { status, message,
 * retryAfter } } | any of them with { cutAfter: n } (a stream ends, broken, after n events).
 * Every request is kept (path, headers, parsed body) for the test to look at. A request
 * beyond the script is answered 500 "script exhausted", so a test never hangs on it.
 *
 */
import http from 'node:http';
import type net from 'node:net';
import { anthropicMessages } from './anthropic-messages';
import { geminiContent } from './gemini';
import { openAiChat } from './openai-chat';

export type FakeKind = 'openai' | 'anthropic' | 'google';

export interface ScriptedToolCall {
  name: string;
  /** An object is sent as JSON; a string is sent as it is (a malformed call). */
  arguments?: unknown;
  id?: string;
}

export interface ScriptedTurn {
  text?: string;
  toolCalls?: ScriptedToolCall[];
  refusal?: string;
  error?: { status: number; message: string; retryAfter?: number; type?: string };
  /** Streams end, broken, after this many events. */
  cutAfter?: number;
  usage?: { input?: number; output?: number };
}

export interface RecordedRequest {
  method: string | undefined;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

/** The body of a model request, as the fakes read it. */
export type RequestBody = { model?: string; stream?: boolean; stream_options?: { include_usage?: boolean } } | undefined;

export interface FakeScript {
  turns?: ScriptedTurn[];
  /** Answers each request in place of `turns` (n: its number, from 1). */
  respond?: (request: RecordedRequest, n: number) => ScriptedTurn | undefined;
  /** What GET /models lists (OpenAI-compatible endpoints). */
  models?: string[];
}

type Handler = (request: RecordedRequest, turn: ScriptedTurn, res: http.ServerResponse) => void;

const HANDLERS: Record<FakeKind, Handler> = { openai: openAiChat, anthropic: anthropicMessages, google: geminiContent };
/** More than any scripted request; a larger body is refused (413). */
const MAX_BODY = 32 * 1024 * 1024;

export async function startProviderFake(kind: FakeKind, script: FakeScript = {}) {
  const handler = HANDLERS[kind];
  if (!handler) throw new Error(`unknown provider fake "${kind}"`);
  const requests: RecordedRequest[] = [];
  const turns = [...(script.turns ?? [])];
  const sockets = new Set<net.Socket>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) req.destroy();
      else chunks.push(chunk);
    });
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        body = text;
      }
      const request: RecordedRequest = { method: req.method, path: req.url ?? '/', headers: req.headers, body };
      requests.push(request);
      if (req.method === 'GET' && /\/models\/?$/.test(request.path)) {
        return sendJson(res, 200, { object: 'list', data: (script.models ?? []).map((id) => ({ id, object: 'model', created: 0, owned_by: 'fake' })) });
      }
      const turn = script.respond ? script.respond(request, requests.length) : turns.shift();
      if (!turn) return sendJson(res, 500, { error: { message: 'script exhausted: the test asked for more model turns than it scripted', type: 'server_error' } });
      if (turn.error) {
        const headers: Record<string, string> = turn.error.retryAfter !== undefined ? { 'retry-after': String(turn.error.retryAfter) } : {};
        return sendJson(res, turn.error.status, { error: { message: turn.error.message, type: turn.error.type ?? 'error' } }, headers);
      }
      return handler(request, turn, res);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  const baseUrl = { openai: `${origin}/v1`, anthropic: `${origin}/v1`, google: `${origin}/v1beta` }[kind];
  return {
    origin,
    baseUrl,
    requests,
    /** Model requests only (not GET /models). */
    modelRequests: () => requests.filter((r) => r.method === 'POST'),
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export function sendJson(res: http.ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(value);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

/**
 * Server-sent events, one `data:` (and optional `event:`) per item; with `cutAfter`, the
 * connection is destroyed after that many events, as a stream cut off mid-way.
 */
export function sendEvents(res: http.ServerResponse, events: Array<{ event?: string; data: unknown }>, cutAfter: number | undefined): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  let sent = 0;
  for (const item of events) {
    if (cutAfter !== undefined && sent >= cutAfter) {
      // Flush what was written, then break the connection without ending the chunked body.
      res.socket?.end();
      setImmediate(() => res.socket?.destroy());
      return;
    }
    res.write(`${item.event ? `event: ${item.event}\n` : ''}data: ${typeof item.data === 'string' ? item.data : JSON.stringify(item.data)}\n\n`);
    sent++;
  }
  res.end();
}

/** Tool call arguments as the wire carries them: a JSON string (a string in the script is sent as is, malformed or not). */
export const argumentText = (args: unknown): string => (typeof args === 'string' ? args : JSON.stringify(args ?? {}));

export const usageOf = (turn: ScriptedTurn) => ({ input: turn.usage?.input ?? 11, output: turn.usage?.output ?? 7 });
