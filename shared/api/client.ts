/**
 * The one API client every front end builds its AppApi with. A transport carries calls and
 * events; this client turns envelopes into values or AppErrors and hands each batch of
 * events to the listeners, the same way in the desktop app (the preload's IPC bridge) and in
 * browser mode (the host's WebSocket), so browser mode's end-to-end tests exercise the
 * desktop page's path too.
 *
 * Why envelopes all the way to the page: Electron's contextBridge copies a thrown error with
 * its message only ("any custom properties on the Error object will be lost",
 * docs/api/context-bridge.md), so a typed failure's `code` and `kind` must cross it as data.
 */
import type { Envelope } from '../envelope';
import { unwrapEnvelope } from '../envelope';
import { deliverBatch, type AppEvent, type AppEventListener, type Unsubscribe } from '../events';
import { appApiMethods, type AppApi, type AppApiMethod } from './index';

/**
 * What a front end's transport gives. `invoke` answers every call with an envelope and never
 * rejects (a transport's own failure, such as a lost connection, is a failure envelope too);
 * `onEvents` hands over each batch of events, oldest first.
 */
export interface ApiTransport {
  invoke(method: AppApiMethod, payload: unknown): Promise<Envelope<unknown>>;
  onEvents(listener: (batch: readonly AppEvent[]) => void): Unsubscribe;
}

/** An AppApi over a transport: the page's side of both the desktop app and browser mode. */
export function createApiClient(transport: ApiTransport): AppApi {
  const listeners = new Set<AppEventListener>();
  let detach: Unsubscribe | undefined;
  return buildAppApi(
    async (method, payload) => unwrapEnvelope(await transport.invoke(method, payload)),
    (listener) => {
      listeners.add(listener);
      // One subscription on the transport, whatever the number of listeners.
      detach ??= transport.onEvents((batch) => deliverBatch(batch, listeners));
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && detach) {
          detach();
          detach = undefined;
        }
      };
    },
  );
}

/**
 * Builds an AppApi from a call function and a subscription: one method per entry of the
 * channel table. The CLI, which calls the core in its own process, uses it directly.
 */
export function buildAppApi(invoke: (method: AppApiMethod, payload: unknown) => Promise<unknown>, onEvent: AppApi['onEvent']): AppApi {
  const calls = Object.fromEntries(appApiMethods.map((method) => [method, (payload?: unknown) => invoke(method, payload)]));
  // Every AppApi method is in appApiMethods (the channel table's mapped type enforces it).
  return { ...calls, onEvent } as unknown as AppApi;
}
