/**
 * A stand-in for an Electron WebContents in tests: an EventEmitter (as WebContents is) with
 * an id, on which a test emits the instance events as Electron documents them
 * (https://www.electronjs.org/docs/latest/api/web-contents#instance-events):
 * 'destroyed' with no arguments, 'render-process-gone' with (event, details), and
 * 'did-start-navigation' with an Event carrying url, isSameDocument and isMainFrame.
 */
import { EventEmitter } from 'node:events';

export type WebContentsStandIn = EventEmitter & { id: number };

export function webContentsStandIn(id: number): WebContentsStandIn {
  return Object.assign(new EventEmitter(), { id });
}

/** Emits 'did-start-navigation' as Electron 45 does: the details Event first (the positional arguments after it are deprecated). */
export function startNavigation(contents: EventEmitter, details: { url: string; isMainFrame: boolean; isSameDocument: boolean }): void {
  contents.emit('did-start-navigation', { preventDefault: () => undefined, ...details }, details.url, details.isSameDocument, details.isMainFrame);
}
