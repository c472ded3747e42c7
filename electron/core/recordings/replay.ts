/**
 * Replays a recording against a live server, as a regression test. The recorded
 * messages are sent as they were, the initialize request included (so the server sees
 * the recorded client, its capabilities and protocol version), one at a time in the
 * recorded order: a request waits for its answer (or the time limit) before the next
 * message goes. Each answer is compared with the recorded one under the volatile rules.
 * A request the server sends meanwhile (elicitation, sampling, roots) gets the client's
 * recorded answer to that method, in order (the last one again once they run out).
 */
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import { compareMessages, type Difference } from './compare';
import { exchangesOf, type JsonObject, type ServerRequestExchange } from './exchanges';
import type { Recording } from './read-recording';
import { VolatileMatcher, type VolatileRules } from './volatile';
import { ignoreFailure } from '../diagnostics/diagnostics';

type ReplayStatus = 'same' | 'different' | 'no-answer' | 'not-recorded';

interface ReplayedRequest {
  method: string;
  /** The recorded request's line in the recording. */
  line: number;
  status: ReplayStatus;
  differences: Difference[];
  /** Why there is no answer (time limit, the server closed the connection). */
  problem?: string;
}

export interface ReplayReport {
  requests: ReplayedRequest[];
  notificationsSent: number;
  /** Requests the server sent and the recorded client answers given back. */
  serverRequestsAnswered: number;
  /** True when every recorded answer came back the same. */
  passed: boolean;
}

export interface ReplayOptions {
  rules?: VolatileRules;
  timeoutMs: number;
}

const idKey = (id: unknown) => JSON.stringify(id);

export async function replayRecording(recording: Recording, transport: Transport, options: ReplayOptions): Promise<ReplayReport> {
  const { steps, serverRequests } = exchangesOf(recording);
  const matcher = new VolatileMatcher(options.rules);
  const waiting = new Map<string, (message: JsonObject | Error) => void>();
  const used = new Map<string, number>();
  let closed: string | undefined;
  let serverRequestsAnswered = 0;

  const answerServerRequest = (request: JsonObject) => {
    const method = String(request.method);
    const recorded: ServerRequestExchange[] = (serverRequests.get(method) ?? []).filter((exchange) => exchange.response);
    const index = used.get(method) ?? 0;
    used.set(method, index + 1);
    const pick = recorded[Math.min(index, recorded.length - 1)];
    const outcome = pick?.response
      ? (({ jsonrpc: _j, id: _i, ...rest }) => rest)(pick.response)
      : { error: { code: -32601, message: `The recording has no client answer to ${method}.` } };
    serverRequestsAnswered++;
    void transport.send({ jsonrpc: '2.0', id: request.id, ...outcome } as unknown as JSONRPCMessage).catch(ignoreFailure('answering a client that went away: the replay ends with it'));
  };

  transport.onmessage = (message) => {
    const incoming = message as unknown as JsonObject;
    if (typeof incoming.method === 'string') {
      if ('id' in incoming) answerServerRequest(incoming);
      return;
    }
    waiting.get(idKey(incoming.id))?.(incoming);
  };
  transport.onclose = () => {
    closed ??= 'the server closed the connection';
    for (const done of waiting.values()) done(new Error(closed));
  };
  transport.onerror = () => undefined;

  const report: ReplayReport = { requests: [], notificationsSent: 0, serverRequestsAnswered: 0, passed: true };
  await transport.start();
  try {
    for (const step of steps) {
      if (step.kind === 'notification') {
        if (!closed) await transport.send(step.message as unknown as JSONRPCMessage).catch(ignoreFailure('sending to a client that went away: the replay ends with it'));
        report.notificationsSent++;
        continue;
      }
      const key = idKey(step.request.id);
      // A request the recording has no answer to (cancelled, or the session ended first) is sent, not waited for.
      if (!step.response) {
        if (!closed) await transport.send(step.request as unknown as JSONRPCMessage).catch(ignoreFailure('sending to a client that went away: the replay ends with it'));
        report.requests.push({ method: step.method, line: step.lineNumber, status: 'not-recorded', differences: [] });
        continue;
      }
      const answer = await new Promise<JsonObject | Error>((resolve) => {
        if (closed) return resolve(new Error(closed));
        const timer = setTimeout(() => resolve(new Error(`no answer within ${options.timeoutMs} ms`)), options.timeoutMs);
        waiting.set(key, (message) => {
          clearTimeout(timer);
          resolve(message);
        });
        transport.send(step.request as unknown as JSONRPCMessage).catch((error: Error) => {
          clearTimeout(timer);
          resolve(error);
        });
      });
      waiting.delete(key);
      if (answer instanceof Error) {
        report.requests.push({ method: step.method, line: step.lineNumber, status: 'no-answer', differences: [], problem: answer.message });
        report.passed = false;
        continue;
      }
      if (step.method === 'initialize') {
        const version = (answer.result as { protocolVersion?: unknown } | undefined)?.protocolVersion;
        // Streamable HTTP sends the agreed version as a header on every later request.
        if (typeof version === 'string') transport.setProtocolVersion?.(version);
      }
      const differences = compareMessages(step.response, answer, matcher);
      if (differences.length) report.passed = false;
      report.requests.push({ method: step.method, line: step.lineNumber, status: differences.length ? 'different' : 'same', differences });
    }
  } finally {
    report.serverRequestsAnswered = serverRequestsAnswered;
    await transport.close().catch(ignoreFailure('closing a replay transport'));
  }
  return report;
}
