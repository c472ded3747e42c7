/**
 * The real browser host (out/electron/browser-host.cjs, as `npm run web` runs it) in a
 * process of its own, a real stdio fixture server behind it and a plain `ws` client in
 * front: a tool call costs the page one frame, the answer carrying the call's
 * `history-added` event ahead of it. Needs the build (`npm test` builds first).
 */
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { WsServerMessage } from '../../shared/ws-protocol';
import { fixtureServer } from '../../e2e/fixtures/paths';
import { startBrowserHost, type BrowserHost } from '../../e2e/support/browser-host';

let home: string;
let host: BrowserHost;
let ws: WebSocket;
/** Every frame the host sent, each as its list of messages. */
const frames: WsServerMessage[][] = [];
let heard: () => void = () => undefined;

beforeAll(async () => {
  if (!existsSync(path.resolve('out/electron/browser-host.cjs'))) throw new Error('out/electron/browser-host.cjs is missing: run `npm run build` first.');
  home = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-one-frame-'));
  await fs.writeFile(path.join(home, 'servers.json'), JSON.stringify({ mcpServers: { echo: { command: process.execPath, args: [fixtureServer('basic-stdio')] } } }));
  host = await startBrowserHost({ home, env: { MCP_WORKBENCH_KEYCHAIN: 'off' } });
  ws = new WebSocket(`ws://127.0.0.1:${host.port}/api?token=${host.token}`, { headers: { Origin: `http://127.0.0.1:${host.port}` } });
  ws.on('message', (data) => {
    const message = JSON.parse(data.toString()) as WsServerMessage;
    frames.push(message.kind === 'batch' ? message.messages : [message]);
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
  if (home) await fs.rm(home, { recursive: true, force: true });
});

let nextId = 1;
/** Sends one request; resolves with the frames that came from sending it to its answer (that one included). */
function call(method: string, payload?: unknown): Promise<WsServerMessage[][]> {
  const id = nextId++;
  const first = frames.length;
  return new Promise((resolve) => {
    heard = () => {
      const since = frames.slice(first);
      if (since.some((messages) => messages.some((message) => message.kind === 'response' && message.id === id))) resolve(since);
    };
    ws.send(JSON.stringify({ id, method, ...(payload === undefined ? {} : { payload }) }));
  });
}

const responseOf = (messages: WsServerMessage[]) => messages.find((message): message is Extract<WsServerMessage, { kind: 'response' }> => message.kind === 'response');

describe('a tool call over the browser host WebSocket', () => {
  it("comes back as one frame: the answer, with the call's history event ahead of it", async () => {
    const connected = responseOf((await call('connectServer', { name: 'echo' })).at(-1)!);
    expect(connected?.envelope).toMatchObject({ ok: true, value: { status: 'connected' } });

    const calls = 5;
    const framesPerCall: number[] = [];
    for (let i = 0; i < calls; i++) {
      const text = `call ${i}`;
      const since = await call('callTool', { server: 'echo', tool: 'echo', arguments: { text } });
      framesPerCall.push(since.length);
      const answer = responseOf(since.at(-1)!)!;
      expect(answer.envelope).toMatchObject({ ok: true, value: { isError: false } });
      // The history event travels in the answer itself, never in a frame of its own.
      const history = (answer.events ?? []).filter((event) => event.type === 'history-added');
      expect(history.map((event) => event.type === 'history-added' && event.entry.arguments)).toEqual([{ text }]);
      expect(since.slice(0, -1).flat().some((message) => message.kind === 'events' && message.events.some((event) => event.type === 'history-added'))).toBe(false);
    }
    // A frame of events can come between two calls (a batch whose window closed during a
    // call on a slow machine); one frame per call is the rule.
    expect(framesPerCall.filter((count) => count === 1).length).toBeGreaterThanOrEqual(calls - 1);
  });
});
