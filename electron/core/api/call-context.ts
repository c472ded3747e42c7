/**
 * What a front end may hand a core API call besides its payload: a signal that cancels it.
 * The CLI aborts it on Ctrl+C; a call waiting for anything (a connection, a list, a
 * prompt, a task's next poll) settles as cancelled as soon as it aborts. The AppApi the
 * page sees is unchanged: a page cancels a call by its id (cancelCall), which aborts the
 * same way inside the core.
 */
import type { AppApi, AppApiMethod } from '../../../shared/api';
import type { PageEvents } from '../events/event-bus';

export interface CallContext {
  signal?: AbortSignal;
  /**
   * Aborts when the page that made the call goes away (browser mode: its WebSocket closed).
   * Not a cancel: a call the user started still ends as it would; only what waits for that
   * page's answer (a paused chat's tool call) gives up.
   */
  pageGone?: AbortSignal;
  /** The events the calling page receives (its event stream), for a call that chooses them: watchProtocolLog. */
  pageEvents?: PageEvents;
}

/** The AppApi as the core implements it: every method also takes a CallContext, after its request (undefined for a method without one). */
export type CoreApi = {
  [M in AppApiMethod]: Parameters<AppApi[M]> extends []
    ? (request?: undefined, context?: CallContext) => ReturnType<AppApi[M]>
    : (request: Parameters<AppApi[M]>[0], context?: CallContext) => ReturnType<AppApi[M]>;
} & Pick<AppApi, 'onEvent'>;
