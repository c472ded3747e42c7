/**
 * Questions servers ask the user (elicitation, sampling, URL consent for a tool call)
 * travel through here: each becomes a `server-request` event, waits for
 * answerServerRequest, and ends after the "Server request timeout" setting, when the
 * server withdraws it (its request was cancelled) or when the connection closes. Every
 * end sends `server-request-closed`, so no dialog outlives its question.
 */
import { randomUUID } from 'node:crypto';
import type { PendingServerRequest, ServerRequestAnswer, ServerRequestBody, ServerRequestCloseReason } from '../../../shared/api/server-requests';
import type { ServerName } from '../../../shared/config/server-config';
import type { EventBus } from '../events/event-bus';

export type ServerRequestOutcome = { answered: true; answer: ServerRequestAnswer } | { answered: false; reason: Exclude<ServerRequestCloseReason, 'answered'> };

/**
 * How many questions a server's own requests (sampling, elicitation) may have waiting at
 * once. A person answers them one by one; past this, a server in a loop only fills memory
 * and the screen. More are refused at once with a JSON-RPC error to the server, and the
 * user is told once per burst.
 */
export const MAX_PENDING_SERVER_QUESTIONS = 20;

/** The questions a server sends by itself (the cap's subject); the workbench's own (headersHelper, project server) are not capped. */
const SERVER_SENT = new Set<ServerRequestBody['kind']>(['sampling', 'elicitation-form', 'elicitation-url']);

/** A server has too many questions waiting: this one was refused without being shown. */
export class TooManyServerRequestsError extends Error {
  constructor(server: ServerName, limit: number) {
    super(`Too many requests waiting for the user: ${server} already has ${limit} open questions in MCP Workbench; this one was refused. Wait for answers before asking more.`);
    this.name = 'TooManyServerRequestsError';
  }
}

interface Waiting {
  request: PendingServerRequest;
  finish: (outcome: ServerRequestOutcome) => void;
}

export class ServerRequestBroker {
  private readonly waiting = new Map<string, Waiting>();
  /** The tool calls running on each server (callIds), to tie a question to its call. */
  private readonly calls = new Map<ServerName, Set<string>>();
  /** Servers told about refusals in their current burst (until their waiting questions drop below the cap). */
  private readonly refusing = new Set<ServerName>();

  constructor(
    private readonly events: EventBus,
    /** Read at each request, so a changed setting applies to the next one. */
    private readonly timeoutMs: () => number,
    private readonly maxPending = MAX_PENDING_SERVER_QUESTIONS,
  ) {}

  /** How many of the server's own questions are waiting. */
  private pendingFrom(server: ServerName): number {
    let count = 0;
    for (const waiting of this.waiting.values()) if (waiting.request.server === server && SERVER_SENT.has(waiting.request.body.kind)) count++;
    return count;
  }

  /**
   * A tool call started on the server; the returned function says it ended. A server does
   * not say which request a question of its own (elicitation, sampling) belongs to, so a
   * question asked while one call alone runs is taken to be that call's.
   */
  callStarted(server: ServerName, callId: string): () => void {
    let running = this.calls.get(server);
    if (!running) this.calls.set(server, (running = new Set()));
    if (running.has(callId)) return () => undefined;
    running.add(callId);
    return () => {
      running.delete(callId);
      if (running.size === 0 && this.calls.get(server) === running) this.calls.delete(server);
    };
  }

  /** The one call running on the server, if exactly one is. */
  private soleCall(server: ServerName): string | undefined {
    const running = this.calls.get(server);
    if (running?.size !== 1) return undefined;
    for (const callId of running) return callId;
    return undefined;
  }

  /**
   * Shows the question and waits for the answer, the timeout, or `signal`; `callId` when the
   * asking call is known. Rejects with TooManyServerRequestsError when the server already
   * has the most questions of its own waiting.
   */
  ask(server: ServerName, body: ServerRequestBody, signal?: AbortSignal, callId?: string): Promise<ServerRequestOutcome> {
    if (SERVER_SENT.has(body.kind)) {
      if (this.pendingFrom(server) >= this.maxPending) {
        // One notice per burst, not one per refusal.
        if (!this.refusing.has(server)) {
          this.refusing.add(server);
          this.events.emit({ type: 'server-requests-refused', server, limit: this.maxPending });
        }
        return Promise.reject(new TooManyServerRequestsError(server, this.maxPending));
      }
    }
    const id = randomUUID();
    const now = Date.now();
    const timeout = this.timeoutMs();
    const call = callId ?? this.soleCall(server);
    const request: PendingServerRequest = { id, server, receivedAt: now, expiresAt: now + timeout, body, ...(call ? { callId: call } : {}) };
    return new Promise<ServerRequestOutcome>((resolve) => {
      const onAbort = () => finish({ answered: false, reason: 'cancelled-by-server' });
      const timer = setTimeout(() => finish({ answered: false, reason: 'timed-out' }), timeout);
      timer.unref?.();
      const finish = (outcome: ServerRequestOutcome) => {
        if (!this.waiting.delete(id)) return;
        if (this.refusing.has(server) && this.pendingFrom(server) < this.maxPending) this.refusing.delete(server);
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        this.events.emit({ type: 'server-request-closed', id, reason: outcome.answered ? 'answered' : outcome.reason });
        resolve(outcome);
      };
      this.waiting.set(id, { request, finish });
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      this.events.emit({ type: 'server-request', request });
    });
  }

  answer(id: string, answer: ServerRequestAnswer): boolean {
    const waiting = this.waiting.get(id);
    if (!waiting) return false;
    waiting.finish({ answered: true, answer });
    return true;
  }

  list(): PendingServerRequest[] {
    return [...this.waiting.values()].map((w) => w.request);
  }

  /** Ends every question of a server whose connection closed. */
  closeServer(server: ServerName): void {
    for (const waiting of [...this.waiting.values()]) {
      if (waiting.request.server === server) waiting.finish({ answered: false, reason: 'connection-closed' });
    }
  }
}
