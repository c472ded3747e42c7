/**
 * Timing inside the page (Chromium), installed before the app's own scripts run.
 *
 * - When a response to a `listTools` request arrives on the app's WebSocket, the time is
 *   noted before the app sees the message (the socket class is wrapped; nothing else
 *   changes).
 * - "Shown" means: a frame whose DOM already has what we wait for has been painted. We
 *   check the DOM in requestAnimationFrame callbacks (just before a frame renders); once
 *   it matches, a task posted from that callback runs after that frame is rendered, and
 *   its time is the figure. This is accurate to within the posting delay, not a frame.
 * - A keystroke is timed from its keydown event's timestamp (when the browser received
 *   the input) to the first frame showing the updated tool count.
 * - A scroll moves the tool list at a steady speed for a few seconds, a step in every
 *   frame (bouncing at either end). Each frame is timed from its start (the timestamp
 *   requestAnimationFrame hands its callbacks, taken before the frame's scroll events and
 *   the renders they cause) to a task posted from that callback, which runs once the
 *   frame has been rendered: the main thread's work for that frame. The gaps between
 *   frame starts are kept too: a gap of two display frames or more is a frame the screen
 *   missed.
 * - Each result is handed to the driver through `__bench.next()`, a promise that settles
 *   when the next one exists (or at once with one already kept).
 *
 * Plain JavaScript in a string: it runs in the page, not in Node.
 */
/** The performance mark an armed list measurement sets when the answer arrives (only when asked to). */
export const LIST_ARRIVED_MARK = 'bench: listTools answer arrived';

export const PAGE_PROBE = String.raw`(() => {
  const bench = (window.__bench = { arrivals: [], results: [] });
  // A result goes to whoever waits in next(), else it is kept until asked for.
  const waiters = [];
  const publish = (result) => {
    const waiter = waiters.shift();
    if (waiter) waiter(result);
    else bench.results.push(result);
  };
  bench.next = () => (bench.results.length > 0 ? Promise.resolve(bench.results.shift()) : new Promise((resolve) => waiters.push(resolve)));
  const listRequests = new Map();
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    send(data) {
      if (typeof data === 'string' && data.includes('"method":"listTools"')) {
        try {
          const request = JSON.parse(data);
          listRequests.set(request.id, request.payload && request.payload.name);
        } catch {}
      }
      return super.send(data);
    }
    addEventListener(type, listener, options) {
      if (type !== 'message') return super.addEventListener(type, listener, options);
      return super.addEventListener(type, (event) => {
        if (listRequests.size > 0 && typeof event.data === 'string') {
          const match = /^\{"kind":"response","id":(\d+)/.exec(event.data);
          const id = match ? Number(match[1]) : undefined;
          if (id !== undefined && listRequests.has(id)) {
            bench.arrivals.push({ server: listRequests.get(id), at: performance.now(), bytes: event.data.length });
            listRequests.delete(id);
            if (bench.onArrival) bench.onArrival();
          }
        }
        return listener.call(this, event);
      }, options);
    }
  };

  const countText = () => {
    const element = document.querySelector('.tool-count');
    return element ? element.textContent : null;
  };
  /** Resolves with the time the first frame in which check() holds has been painted. */
  const paintedWhen = (check) =>
    new Promise((resolve) => {
      const frame = () => {
        if (!check()) return requestAnimationFrame(frame);
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve(performance.now());
        channel.port2.postMessage(null);
      };
      requestAnimationFrame(frame);
    });

  /** Next listTools answer: from its arrival to the frame showing "<expected> tools". */
  /** With mark, the arrival is also a performance mark (LIST_ARRIVED_MARK), for a trace to find. */
  bench.armList = (expected, mark) => {
    bench.arrivals = [];
    bench.onArrival = () => {
      bench.onArrival = undefined;
      const arrival = bench.arrivals[bench.arrivals.length - 1];
      if (mark) performance.mark('${LIST_ARRIVED_MARK}');
      paintedWhen(() => countText() === expected + ' tools').then((shown) =>
        publish({ kind: 'list', server: arrival.server, ms: shown - arrival.at, bytes: arrival.bytes }),
      );
    };
  };

  /** Next keydown in the search box: to the frame whose tool count passes done(text). */
  /** Listens on the document, not the box: a search box the app renders anew between arming and the key still counts. */
  bench.armKey = (kind, expected) => {
    const onKey = (event) => {
      if (!(event.target instanceof Element) || !event.target.matches('input.tool-search')) return;
      document.removeEventListener('keydown', onKey, { capture: true });
      const start = event.timeStamp || performance.now();
      const done = kind === 'type' ? (text) => text !== null && text.endsWith(' match') : (text) => text === expected + ' tools';
      paintedWhen(() => done(countText())).then((shown) => publish({ kind, ms: shown - start }));
    };
    document.addEventListener('keydown', onKey, { capture: true });
  };
  /** Scrolls the tool list for durationMs at pxPerSecond; pushes { kind: 'scroll', frames, gaps }. */
  bench.scroll = (durationMs, pxPerSecond) => {
    const scroller = document.querySelector('.tool-scroll');
    const frames = [];
    const gaps = [];
    let pending = 0;
    let first;
    let last;
    let direction = 1;
    const done = () => publish({ kind: 'scroll', frames, gaps, height: scroller.scrollHeight });
    const step = (frameStart) => {
      if (first === undefined) first = frameStart;
      else gaps.push(frameStart - last);
      const elapsed = last === undefined ? 1000 / 60 : frameStart - last;
      last = frameStart;
      const max = scroller.scrollHeight - scroller.clientHeight;
      let top = scroller.scrollTop + (direction * pxPerSecond * elapsed) / 1000;
      if (top >= max) (top = max), (direction = -1);
      else if (top <= 0) (top = 0), (direction = 1);
      scroller.scrollTop = top;
      const more = frameStart - first < durationMs;
      pending++;
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        frames.push(performance.now() - frameStart);
        if (--pending === 0 && !more) done();
      };
      channel.port2.postMessage(null);
      if (more) requestAnimationFrame(step);
    };
    scroller.scrollTop = 0;
    requestAnimationFrame(step);
  };
  bench.take = () => bench.results.splice(0);
})();`;
