/**
 * A recording read as a conversation: each request the client sent with the answer the
 * server gave it (matched by JSON-RPC id), the client's notifications in their places,
 * and the requests the server sent the client with the client's answers (elicitation,
 * sampling, roots), which replay gives back when the server asks again.
 */
import type { Recording } from './read-recording';

export type JsonObject = Record<string, unknown>;

export interface RequestStep {
  kind: 'request';
  method: string;
  request: JsonObject;
  /** Undefined when the recording ends before the answer came. */
  response?: JsonObject;
  lineNumber: number;
}

interface NotificationStep {
  kind: 'notification';
  method: string;
  message: JsonObject;
  lineNumber: number;
}

type ClientStep = RequestStep | NotificationStep;

export interface ServerRequestExchange {
  request: JsonObject;
  response?: JsonObject;
}

export interface Exchanges {
  /** What the client sent, in order (its answers to server requests left out). */
  steps: ClientStep[];
  /** The server's requests and the client's answers, by method, in order. */
  serverRequests: Map<string, ServerRequestExchange[]>;
}

const idKey = (id: unknown) => JSON.stringify(id);
const isRequest = (m: JsonObject) => typeof m.method === 'string' && 'id' in m;
const isNotification = (m: JsonObject) => typeof m.method === 'string' && !('id' in m);
const isResponse = (m: JsonObject) => typeof m.method !== 'string' && 'id' in m && ('result' in m || 'error' in m);

export function exchangesOf(recording: Recording): Exchanges {
  const steps: ClientStep[] = [];
  const serverRequests = new Map<string, ServerRequestExchange[]>();
  const openClientRequests = new Map<string, RequestStep>();
  const openServerRequests = new Map<string, ServerRequestExchange>();
  for (const { line, lineNumber } of recording.lines) {
    if (!('message' in line)) continue;
    const message = line.message;
    if (line.direction === 'to-server') {
      if (isRequest(message)) {
        const step: RequestStep = { kind: 'request', method: message.method as string, request: message, lineNumber };
        steps.push(step);
        openClientRequests.set(idKey(message.id), step);
      } else if (isNotification(message)) {
        steps.push({ kind: 'notification', method: message.method as string, message, lineNumber });
      } else if (isResponse(message)) {
        const exchange = openServerRequests.get(idKey(message.id));
        if (exchange) {
          exchange.response = message;
          openServerRequests.delete(idKey(message.id));
        }
      }
    } else if (isRequest(message)) {
      const exchange: ServerRequestExchange = { request: message };
      const list = serverRequests.get(message.method as string) ?? [];
      list.push(exchange);
      serverRequests.set(message.method as string, list);
      openServerRequests.set(idKey(message.id), exchange);
    } else if (isResponse(message)) {
      const step = openClientRequests.get(idKey(message.id));
      if (step) {
        step.response = message;
        openClientRequests.delete(idKey(message.id));
      }
    }
  }
  return { steps, serverRequests };
}
