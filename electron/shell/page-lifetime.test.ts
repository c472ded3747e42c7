/**
 * The page-gone signal of desktop IPC calls, driven by a WebContents stand-in that emits
 * the events as Electron documents them (see web-contents.testing.ts).
 */
import { describe, expect, it } from 'vitest';
import { PageLifetimes } from './page-lifetime';
import { startNavigation, webContentsStandIn } from './web-contents.testing';

describe('PageLifetimes', () => {
  it('aborts when the main frame loads another document (a reload too), and the new page gets a new signal', () => {
    const pages = new PageLifetimes();
    const contents = webContentsStandIn(1);
    const first = pages.signalFor(contents);
    expect(pages.signalFor(contents)).toBe(first);
    startNavigation(contents, { url: 'app://workbench/index.html#/tools', isMainFrame: true, isSameDocument: true });
    startNavigation(contents, { url: 'app://workbench/frame.html', isMainFrame: false, isSameDocument: false });
    expect(first.aborted).toBe(false);
    startNavigation(contents, { url: 'app://workbench/index.html', isMainFrame: true, isSameDocument: false });
    expect(first.aborted).toBe(true);
    const second = pages.signalFor(contents);
    expect(second).not.toBe(first);
    expect(second.aborted).toBe(false);
    // The first page's listeners are gone: only the new page's remain.
    expect(contents.listenerCount('did-start-navigation')).toBe(1);
    expect(contents.listenerCount('destroyed')).toBe(1);
  });

  it('aborts when the renderer process ends or the WebContents is destroyed, and leaves no listener', () => {
    const pages = new PageLifetimes();
    const crashed = webContentsStandIn(2);
    const crashedSignal = pages.signalFor(crashed);
    crashed.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 1 });
    expect(crashedSignal.aborted).toBe(true);
    const closed = webContentsStandIn(3);
    const closedSignal = pages.signalFor(closed);
    closed.emit('destroyed');
    expect(closedSignal.aborted).toBe(true);
    for (const contents of [crashed, closed]) {
      expect(contents.eventNames()).toEqual([]);
    }
  });

  it('keeps the signals of two pages apart', () => {
    const pages = new PageLifetimes();
    const a = webContentsStandIn(4);
    const b = webContentsStandIn(5);
    const signalA = pages.signalFor(a);
    const signalB = pages.signalFor(b);
    a.emit('destroyed');
    expect(signalA.aborted).toBe(true);
    expect(signalB.aborted).toBe(false);
  });
});
