/**
 * Elicitation (client side): a server asks the user for input.
 * - Form mode: a dialog built from `requestedSchema`; accept (with the values), decline or cancel.
 * - URL mode: the user is asked for consent to open a URL (sign-in, payment, …) in the
 *   system browser; the server later sends notifications/elicitation/complete.
 * Tool calls refused with error -32042 (URL elicitation required) use
 * `waitForCompletion` to retry once the user finished at the URL.
 */
import type { Client, ElicitRequest, ElicitResult } from '@modelcontextprotocol/client';
import type { ServerConfig, ServerName } from '../../../shared/config/server-config';
import { checkExternalUrl } from '../../../shared/external-url';
import type { ClientFeature } from '../connections/client-feature';
import type { ServerRequestBroker } from './server-request-broker';

/** Completions that arrived before anyone waited for them are remembered this long. */
const EARLY_COMPLETION_MS = 10 * 60 * 1000;

export class ElicitationFeature implements ClientFeature {
  private readonly waiters = new Map<string, Set<() => void>>();
  private readonly completed = new Map<string, number>();

  constructor(private readonly broker: ServerRequestBroker) {}

  capabilities() {
    // applyDefaults: the SDK fills fields the user's answer leaves out with the schema's
    // defaults (SEP-1034), so a server gets what its form promised.
    return { elicitation: { form: { applyDefaults: true }, url: {} } };
  }

  install(server: ServerName, _config: ServerConfig, client: Client): void {
    client.setRequestHandler('elicitation/create', async (request, ctx) => this.answer(server, request.params, ctx.mcpReq.signal));
    client.setNotificationHandler('notifications/elicitation/complete', async (notification) => {
      this.complete(server, notification.params.elicitationId);
    });
  }

  /** Asks the user (form or URL consent) and returns what goes back to the server; tasks' input requests use it too. */
  async answer(server: ServerName, params: ElicitRequest['params'], signal?: AbortSignal): Promise<ElicitResult> {
    if (params.mode === 'url') {
      // Only a clean http(s) URL is ever offered to the user.
      if (!checkExternalUrl(params.url).ok) return { action: 'decline' };
      const outcome = await this.broker.ask(
        server,
        { kind: 'elicitation-url', message: params.message, url: params.url, elicitationId: params.elicitationId, during: 'request' },
        signal,
      );
      if (!outcome.answered) return { action: 'cancel' };
      return { action: outcome.answer.action === 'accept' ? 'accept' : outcome.answer.action === 'decline' ? 'decline' : 'cancel' };
    }
    const outcome = await this.broker.ask(
      server,
      { kind: 'elicitation-form', message: params.message, requestedSchema: params.requestedSchema as Record<string, unknown> },
      signal,
    );
    if (!outcome.answered) return { action: 'cancel' };
    const answer = outcome.answer;
    if (answer.action === 'accept') return { action: 'accept', content: (answer.content ?? {}) as ElicitResult['content'] };
    return { action: answer.action === 'decline' ? 'decline' : 'cancel' };
  }

  /** Resolves when the server says the URL elicitation finished; rejects on abort or timeout. */
  waitForCompletion(server: ServerName, elicitationId: string, timeoutMs: number, signal?: AbortSignal): Promise<void> {
    const key = keyOf(server, elicitationId);
    if (this.completed.delete(key)) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const done = () => {
        cleanup();
        resolve();
      };
      const onAbort = () => {
        cleanup();
        reject(new Error('cancelled'));
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`the server did not report the URL step as finished within ${Math.round(timeoutMs / 1000)} s`));
      }, timeoutMs);
      timer.unref?.();
      const cleanup = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        const set = this.waiters.get(key);
        set?.delete(done);
        if (set?.size === 0) this.waiters.delete(key);
      };
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      const set = this.waiters.get(key) ?? new Set();
      set.add(done);
      this.waiters.set(key, set);
    });
  }

  private complete(server: ServerName, elicitationId: string): void {
    const key = keyOf(server, elicitationId);
    const set = this.waiters.get(key);
    if (set && set.size > 0) {
      for (const done of [...set]) done();
      return;
    }
    const now = Date.now();
    for (const [k, time] of this.completed) if (now - time > EARLY_COMPLETION_MS) this.completed.delete(k);
    this.completed.set(key, now);
  }
}

function keyOf(server: ServerName, elicitationId: string): string {
  return `${server}\u0000${elicitationId}`;
}
