/**
 * The real browser host (out/electron/browser-host.cjs, as `npm run web` runs it) opens
 * the secret store when a secret is first read, not at start: asking the system keychain
 * starts a helper process (keychain-helper.cjs), which the page's start must not wait for.
 * Every Node process started with the host's environment runs a `--require` preload that
 * writes down its script, so the helper's start is seen from outside. The keychain is left
 * as users have it (not switched off). Needs the build (`npm test` builds first).
 */
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { AppEvent } from '../../shared/events';
import type { WsServerMessage } from '../../shared/ws-protocol';
import { startBrowserHost, type BrowserHost } from '../../e2e/support/browser-host';

let dir: string;
let startedList: string;
let host: BrowserHost;
let ws: WebSocket;
const messages: WsServerMessage[] = [];
let heard: () => void = () => undefined;

beforeAll(async () => {
  if (!existsSync(path.resolve('out/electron/browser-host.cjs'))) throw new Error('out/electron/browser-host.cjs is missing: run `npm run build` first.');
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-secret-on-use-'));
  startedList = path.join(dir, 'started.txt');
  await fs.writeFile(path.join(dir, 'started.cjs'), "require('node:fs').appendFileSync(process.env.STARTED_LIST, String(process.argv[1]) + '\\n');\n");
  const home = path.join(dir, 'home');
  await fs.mkdir(home);
  host = await startBrowserHost({ home, env: { MCP_WORKBENCH_KEYCHAIN: undefined, STARTED_LIST: startedList, NODE_OPTIONS: `--require ${path.join(dir, 'started.cjs')}` } });
  ws = new WebSocket(`ws://127.0.0.1:${host.port}/api?token=${host.token}`, { headers: { Origin: `http://127.0.0.1:${host.port}` } });
  ws.on('message', (data) => {
    const message = JSON.parse(data.toString()) as WsServerMessage;
    messages.push(...(message.kind === 'batch' ? message.messages : [message]));
    heard();
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
});

afterAll(async () => {
  ws?.close();
  await host?.stop();
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

let nextId = 1;
/** Sends one request and waits until `until` holds of the messages received since (its answer, by default). */
function call(method: string, until?: (since: WsServerMessage[]) => boolean): Promise<WsServerMessage[]> {
  const id = nextId++;
  const first = messages.length;
  return new Promise((resolve) => {
    heard = () => {
      const since = messages.slice(first);
      const answered = since.some((message) => message.kind === 'response' && message.id === id);
      if (answered && (until?.(since) ?? true)) resolve(since);
    };
    ws.send(JSON.stringify({ id, method }));
  });
}

/** The events among the messages: in an events message, or riding in an answer. */
const eventsIn = (received: WsServerMessage[]): AppEvent[] => received.flatMap((message) => (message.kind === 'events' || message.kind === 'response' ? (message.events ?? []) : []));
const storeChanged = (received: WsServerMessage[]) => eventsIn(received).find((event) => event.type === 'secret-store-changed');

const helpersStarted = async () => (await fs.readFile(startedList, 'utf8')).split('\n').filter((script) => path.basename(script).startsWith('keychain-helper'));

it('starts without asking the keychain, and asks it (telling the page where secrets are kept) once a secret is read', async () => {
  const status = await call('getConfigStatus');
  const answer = status.find((message) => message.kind === 'response');
  expect(JSON.stringify(answer)).toContain('opened when a secret is first read or saved');
  // The preload ran in the host itself.
  expect((await fs.readFile(startedList, 'utf8')).split('\n')).toContain(path.resolve('out/electron/browser-host.cjs'));
  expect(await helpersStarted()).toEqual([]);

  // Listing model providers reads whether each has a saved key: the store opens.
  const changed = storeChanged(await call('listModelProviders', (received) => storeChanged(received) !== undefined));
  expect(changed).toMatchObject({ type: 'secret-store-changed', secretStore: { location: expect.any(String) } });
  expect(JSON.stringify(changed)).not.toContain('opened when a secret is first read or saved');
  expect(await helpersStarted()).toHaveLength(1);
}, 60_000);
