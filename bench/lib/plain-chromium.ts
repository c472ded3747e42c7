/**
 * Chromium driven over the DevTools protocol with nothing watching the page but what a
 * benchmark asks for: Page (an init script, navigation), Runtime.evaluate and Input.
 *
 * Why not Playwright for page timings that involve big WebSocket frames: Playwright
 * enables the Network domain on every page it drives, and with it Chromium copies each
 * WebSocket frame the page receives to the driver, on the page's main thread, after the
 * page's own message handler has run. For the 569 KB answer listing 2,000 tools that took
 * some 17 ms of the page's time (23 ms from the frame to the next paint against 6.5 ms
 * with Network off, in one page that only parses the frame), which no user's browser
 * pays. `tool-list` measures from such a frame to the paint, so it drives its page here.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import CDP from 'chrome-remote-interface';
import { CHROMIUM_PATH, chromiumLaunchOptions } from '../../e2e/support/chromium';

export interface PlainPage {
  /** Runs `source` in every document this page loads, before the page's own scripts. */
  addInitScript(source: string): Promise<void>;
  /** Navigates and waits for the load event. */
  goto(url: string): Promise<void>;
  /** Evaluates an expression in the page (a promise is awaited); its value comes back as JSON. */
  evaluate<T = unknown>(expression: string): Promise<T>;
  /** Presses and releases one key: a printable character, or `Backspace`. */
  press(key: string): Promise<void>;
}

/** What a trace of the page holds: Chromium's trace events, as DevTools saves them. */
export interface PageTrace {
  traceEvents: unknown[];
}

export interface PlainChromium {
  page: PlainPage;
  /** The page's protocol client, for what a benchmark needs beyond `page` (and for tests). */
  client: CDP.Client;
  /** The folder of this browser's profile: on the command line of each of its processes. */
  profile: string;
  /** Records a Chromium trace (the categories DevTools' Performance panel records, and CPU samples) until the returned stop() is called. */
  trace(): Promise<{ stop(): Promise<PageTrace> }>;
  /** Ends the browser and all its processes, and removes its profile. */
  close(): Promise<void>;
}

/**
 * The switches Playwright starts headless Chromium with that bear on timing, so figures
 * stay comparable with the other browser benchmarks: a page the browser thinks is in the
 * background or hidden gets fewer frames and slower timers; Playwright's default viewport.
 */
const AS_PLAYWRIGHT_DOES = [
  '--headless',
  '--window-size=1280,720',
  '--hide-scrollbars',
  '--mute-audio',
  '--disable-background-timer-throttling',
  '--disable-backgrounding-occluded-windows',
  '--disable-renderer-backgrounding',
  '--disable-ipc-flooding-protection',
  '--disable-extensions',
  '--no-default-browser-check',
];

/** Chromium prints this once its DevTools endpoint listens. */
const LISTENING = /DevTools listening on ws:\/\/[^:]+:(\d+)\//;

/** Headless Chromium with one blank page, its DevTools endpoint on a free loopback port. */
export async function launchPlainChromium(): Promise<PlainChromium> {
  const profile = await mkdtemp(path.join(os.tmpdir(), 'mcpwb-bench-chromium-'));
  const args = [...(chromiumLaunchOptions().args ?? []), ...AS_PLAYWRIGHT_DOES, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'];
  const child = spawn(CHROMIUM_PATH, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let client: CDP.Client | undefined;
  const close = async () => {
    await client?.close().catch(() => undefined);
    await stop(child);
    // Chromium's helpers (crash handler, utility processes) can still be writing into the
    // profile for a moment after the browser process exits; rm retries ENOTEMPTY/EBUSY.
    await rm(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
  };
  try {
    const port = await devToolsPort(child);
    client = await CDP({ port, local: true, target: (targets) => targets.findIndex((target) => target.type === 'page') });
    await client.Page.enable();
    const connected = client;
    return { page: pageOf(connected), client: connected, profile, trace: () => startTrace(connected), close };
  } catch (error) {
    await close();
    throw error;
  }
}

function devToolsPort(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    let seen = '';
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (chunk: string) => {
      seen = (seen + chunk).slice(-4096);
      const match = LISTENING.exec(seen);
      if (match) resolve(Number(match[1]));
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`Chromium at ${CHROMIUM_PATH} exited (code ${code}) before its DevTools endpoint listened: ${seen.trim().slice(-500)}`)));
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  await exited;
}

const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'blink.user_timing',
  'toplevel',
  'v8.execute',
  'disabled-by-default-v8.gc',
  'disabled-by-default-v8.cpu_profiler',
  'cc',
];

async function startTrace(client: CDP.Client): Promise<{ stop(): Promise<PageTrace> }> {
  const traceEvents: unknown[] = [];
  const unsubscribe = client.Tracing.dataCollected(({ value }) => void traceEvents.push(...value));
  await client.Tracing.start({ traceConfig: { includedCategories: TRACE_CATEGORIES }, transferMode: 'ReportEvents' });
  return {
    async stop() {
      const complete = client.Tracing.tracingComplete();
      await client.Tracing.end();
      await complete;
      unsubscribe();
      return { traceEvents };
    },
  };
}

function pageOf(client: CDP.Client): PlainPage {
  return {
    async addInitScript(source) {
      await client.Page.addScriptToEvaluateOnNewDocument({ source });
    },
    async goto(url) {
      const loaded = client.Page.loadEventFired();
      const { errorText } = await client.Page.navigate({ url });
      if (errorText) throw new Error(`Could not load ${url}: ${errorText}`);
      await loaded;
    },
    async evaluate<T>(expression: string) {
      const { result, exceptionDetails } = await client.Runtime.evaluate({ expression, awaitPromise: true, returnByValue: true });
      if (exceptionDetails) throw new Error(`In the page: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
      return result.value as T;
    },
    async press(key) {
      await client.Input.dispatchKeyEvent({ type: key.length === 1 ? 'keyDown' : 'rawKeyDown', ...keyFields(key) });
      await client.Input.dispatchKeyEvent({ type: 'keyUp', ...keyFields(key) });
    },
  };
}

/** What a key event carries for the keys the benchmarks press. */
function keyFields(key: string) {
  if (key === 'Backspace') return { key, code: 'Backspace', windowsVirtualKeyCode: 8 };
  if (key.length !== 1) throw new Error(`No key event for "${key}": press a printable character or Backspace.`);
  const upper = key.toUpperCase();
  const virtual = /[A-Z0-9]/.test(upper) ? upper.charCodeAt(0) : key === '_' ? 189 : 0;
  const code = /[A-Z]/.test(upper) ? `Key${upper}` : /[0-9]/.test(key) ? `Digit${key}` : key === '_' ? 'Minus' : '';
  return { key, code, text: key, unmodifiedText: key, windowsVirtualKeyCode: virtual };
}
