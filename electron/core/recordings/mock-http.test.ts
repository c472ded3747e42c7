/**
 * `mock --http` over real sockets: a request from a foreign Host is refused from its
 * headers alone, while its announced gigabyte of body never comes; a body over the limit
 * is refused (announced or streamed) and never gathered; an honest request is answered.
 */
import net from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { headerLine, messageLine } from './format';
import { MOCK_MAX_BODY_BYTES, serveMockHttp, type MockHttpServer } from './mock-http';
import { MockResponder } from './mock-responder';
import { parseRecording } from './read-recording';

const recording = parseRecording(
  [
    headerLine({ format: 'mcp-workbench-recording', version: 1, recordedAt: '2026-12-01T10:00:00.000Z', source: 'record', transport: { type: 'stdio', command: 'x', args: [] } }),
    messageLine({ direction: 'to-server', ms: 0, message: { jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'c', version: '1' } } } }),
    messageLine({ direction: 'to-client', ms: 1, message: { jsonrpc: '2.0', id: 0, result: { protocolVersion: '2025-06-18', capabilities: {}, serverInfo: { name: 's', version: '1' } } } }),
  ].join(''),
  'test.jsonl',
);

let mock: MockHttpServer;
let port: number;
beforeAll(async () => {
  mock = await serveMockHttp(new MockResponder(recording), 0);
  port = Number(new URL(mock.url).port);
});
afterAll(() => mock.close());

/** Sends the raw bytes and resolves with the status line the server answers with (the body may never be sent in full). */
function statusFor(head: string, body: Buffer | string = ''): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    // Only turns a missing answer into a named failure.
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within 10 s to ${head.split('\r\n')[0]}`));
    }, 10_000);
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
      if (received.includes('\r\n')) {
        clearTimeout(timer);
        socket.destroy();
        resolve(received.slice(0, received.indexOf('\r\n')));
      }
    });
    socket.on('error', () => undefined);
    socket.write(head);
    if (body.length) socket.write(body);
  });
}

it('refuses a foreign Host from the headers alone: its announced gigabyte of body is never waited for', async () => {
  const status = await statusFor(`POST /mcp HTTP/1.1\r\nHost: attacker.example:${port}\r\nContent-Type: application/json\r\nContent-Length: 1000000000\r\n\r\n`, '{"jsonrpc"');
  expect(status).toBe('HTTP/1.1 403 Forbidden');
});

it('refuses a body over the limit, announced or streamed in chunks', async () => {
  const head = `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\n`;
  expect(await statusFor(`${head}Content-Length: ${MOCK_MAX_BODY_BYTES + 1}\r\n\r\n`)).toBe('HTTP/1.1 413 Payload Too Large');
  const chunk = Buffer.alloc(1024 * 1024, 'a');
  const chunked = Buffer.concat(Array.from({ length: 5 }, () => Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')])));
  expect(await statusFor(`${head}Transfer-Encoding: chunked\r\n\r\n`, chunked)).toBe('HTTP/1.1 413 Payload Too Large');
});

it('answers an honest request', async () => {
  const response = await fetch(mock.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'c', version: '1' } } }),
  });
  expect(response.status).toBe(200);
  expect(await response.json()).toMatchObject({ id: 7, result: { serverInfo: { name: 's' } } });
});
