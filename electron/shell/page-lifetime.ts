/**
 * When the page that made an IPC call goes away: its renderer process ends, its WebContents
 * is destroyed, or its main frame starts loading another document (a reload included). What
 * waits for that page's answer (a paused chat's tool call) then gives up at once instead of
 * at its timeout; the browser host does the same when a page's WebSocket closes.
 * Written against the slice of WebContents it listens to, so a stand-in can drive it in tests.
 * Events as Electron documents them: https://www.electronjs.org/docs/latest/api/web-contents#instance-events
 */

/** What the page-gone signal needs of a WebContents. */
export interface PageEvents {
  once(event: 'destroyed', listener: () => void): unknown;
  once(event: 'render-process-gone', listener: () => void): unknown;
  on(event: 'did-start-navigation', listener: (details: NavigationStart) => void): unknown;
  removeListener(event: 'destroyed' | 'render-process-gone', listener: () => void): unknown;
  removeListener(event: 'did-start-navigation', listener: (details: NavigationStart) => void): unknown;
}

/** The fields of Electron's WebContentsDidStartNavigationEventParams that matter here. */
interface NavigationStart {
  isMainFrame: boolean;
  isSameDocument: boolean;
}

/** One signal per page: a WebContents that loads a new document gets a new one. */
export class PageLifetimes {
  private readonly current = new WeakMap<PageEvents, AbortSignal>();

  /** Aborts when the page now shown in `contents` goes away. */
  signalFor(contents: PageEvents): AbortSignal {
    const known = this.current.get(contents);
    if (known) return known;
    const controller = new AbortController();
    const gone = () => {
      this.current.delete(contents);
      contents.removeListener('destroyed', gone);
      contents.removeListener('render-process-gone', gone);
      contents.removeListener('did-start-navigation', onNavigation);
      controller.abort();
    };
    // A hash change or history.pushState is the same document: the page is still there.
    const onNavigation = (details: NavigationStart) => {
      if (details.isMainFrame && !details.isSameDocument) gone();
    };
    contents.once('destroyed', gone);
    contents.once('render-process-gone', gone);
    contents.on('did-start-navigation', onNavigation);
    this.current.set(contents, controller.signal);
    return controller.signal;
  }
}
