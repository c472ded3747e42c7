/**
 * The plain Chromium driver: the page it drives gets WebSocket frames with no DevTools
 * Network domain watching (which would copy each frame to the driver on the page's main
 * thread), keys reach the focused field, and closing ends every process of the browser.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { pidsWith, waitUntil } from '../../e2e/support/processes';
import { launchPlainChromium, type PlainChromium } from './plain-chromium';

const PAGE = '<!doctype html><html><body><input id="field"></body></html>';
const FRAME = JSON.stringify({ kind: 'response', id: 1, text: 'x'.repeat(100_000) });

let server: http.Server;
let sockets: WebSocketServer;
let browser: PlainChromium | undefined;
let url: string;

beforeEach(async () => {
  server = http.createServer((_, response) => response.writeHead(200, { 'content-type': 'text/html' }).end(PAGE));
  sockets = new WebSocketServer({ server });
  sockets.on('connection', (socket) => socket.send(FRAME));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

afterEach(async () => {
  await browser?.close();
  browser = undefined;
  sockets.close();
  await new Promise((resolve) => server.close(resolve));
});

it('lets the page receive a WebSocket frame without sending the driver a single Network event', { timeout: 60_000 }, async () => {
  browser = await launchPlainChromium();
  const methods: string[] = [];
  browser.client.on('event', (message) => methods.push(message.method));
  await browser.page.goto(url);
  const length = await browser.page.evaluate<number>(`new Promise((resolve) => {
    const socket = new WebSocket(location.href.replace('http', 'ws'));
    socket.onmessage = (event) => resolve(event.data.length);
  })`);
  expect(length).toBe(FRAME.length);
  // The frame is reported (if at all) as it arrives: a page load's own events came through meanwhile.
  expect(methods).toContain('Page.loadEventFired');
  expect(methods.filter((method) => method.startsWith('Network.'))).toEqual([]);
});

it('types printable keys into the focused field and deletes with Backspace', { timeout: 60_000 }, async () => {
  browser = await launchPlainChromium();
  await browser.page.goto(url);
  await browser.page.evaluate(`window.keys = []; document.getElementById('field').addEventListener('keydown', (event) => keys.push(event.key)); document.getElementById('field').focus()`);
  for (const key of ['a', '_', '7', 'Backspace']) await browser.page.press(key);
  expect(await browser.page.evaluate('document.getElementById("field").value')).toBe('a_');
  expect(await browser.page.evaluate('window.keys')).toEqual(['a', '_', '7', 'Backspace']);
});

it('ends every process of the browser and removes its profile on close', { timeout: 60_000 }, async () => {
  const started = await launchPlainChromium();
  await waitUntil(() => pidsWith(started.profile).length > 1, 'the browser and its helper processes');
  await started.close();
  expect(pidsWith(started.profile)).toEqual([]);
});

it('records a trace of the page that holds what the page marked while it ran', { timeout: 60_000 }, async () => {
  browser = await launchPlainChromium();
  await browser.page.goto(url);
  const trace = await browser.trace();
  await browser.page.evaluate(`performance.mark('traced mark')`);
  const { traceEvents } = await trace.stop();
  const names = (traceEvents as Array<{ name?: string }>).map((event) => event.name);
  expect(names).toContain('traced mark');
});
