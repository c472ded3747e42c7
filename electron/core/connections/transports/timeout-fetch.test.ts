import { getEventListeners } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchWithTimeout, RequestTimeoutError } from './timeout-fetch';

/** /slow never answers; /stream sends headers, then a chunk every 20 ms until closed; /ok answers at once. */
let server: http.Server;
let base: string;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/ok') res.end('fine');
    else if (req.url === '/stream') {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const timer = setInterval(() => res.write('data: tick\n\n'), 20);
      res.on('close', () => clearInterval(timer));
    }
    // /slow: no answer at all.
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('fetchWithTimeout', () => {
  it('fails a request that gets no answer in time with its own error', async () => {
    const started = Date.now();
    await expect(fetchWithTimeout(() => 150)(`${base}/slow`)).rejects.toBeInstanceOf(RequestTimeoutError);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('does not cut a body that outlives the limit (an event stream)', async () => {
    // 500 ms for the headers: a local server answers at once, but a busy machine may not get to it in 100 ms.
    const response = await fetchWithTimeout(() => 500)(`${base}/stream`);
    const reader = response.body!.getReader();
    // Chunks may arrive coalesced or late on a busy machine, so what counts is that data
    // still arrives at three times the limit; a body cut at the limit ends (or errors) first.
    const started = Date.now();
    let lastChunkAfterMs = 0;
    while (lastChunkAfterMs < 1500 && Date.now() - started < 10_000) {
      const chunk = await reader.read().catch(() => ({ done: true }));
      if (chunk.done) break;
      lastChunkAfterMs = Date.now() - started;
    }
    expect(lastChunkAfterMs).toBeGreaterThanOrEqual(1500);
    await reader.cancel();
  });

  it('follows the caller\'s abort, body included, and removes its listener when the body ends', async () => {
    const caller = new AbortController();
    const fetchFn = fetchWithTimeout(() => 5000);
    expect(await (await fetchFn(`${base}/ok`, { signal: caller.signal })).text()).toBe('fine');
    expect(getEventListeners(caller.signal, 'abort')).toHaveLength(0);

    const stream = await fetchFn(`${base}/stream`, { signal: caller.signal });
    expect(getEventListeners(caller.signal, 'abort')).toHaveLength(1);
    const reader = stream.body!.getReader();
    await reader.read();
    caller.abort();
    await expect(
      (async () => {
        for (;;) if ((await reader.read()).done) return;
      })(),
    ).rejects.toThrow();
    expect(getEventListeners(caller.signal, 'abort')).toHaveLength(0);
  });
});
