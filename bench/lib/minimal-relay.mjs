// The control of the browser-path benchmark (bench/benchmarks/browser-path.ts): the least a
// process between a page and a server can do with the same framing as the browser host — a
// WebSocket server on 127.0.0.1 (no compression, as the host), each request answered by a
// bare SDK client calling the server over stdio, the answer sent back as the host frames it
// ({"kind":"response","id":…,"envelope":{"ok":true,"value":…}}). What the host adds beyond
// this is the host's own work; what this adds over a bare client is the extra hop.
// `node minimal-relay.mjs <server.mjs> [args…]`; prints {"port":N} on a line when ready.
import { createServer } from 'node:http';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { WebSocketServer } from 'ws';

const [server, ...serverArgs] = process.argv.slice(2);
if (!server) throw new Error('usage: node minimal-relay.mjs <server.mjs> [args…]');
const client = new Client({ name: 'bench-minimal-relay', version: '1.0.0' });
await client.connect(new StdioClientTransport({ command: process.execPath, args: [server, ...serverArgs], stderr: 'ignore' }));

/** What the page's client asks besides calls (its first request, connecting): answered with nothing. */
const answerEmpty = new Set(['getSettings', 'connectServer']);

const http = createServer((_request, response) => response.writeHead(404).end());
const wss = new WebSocketServer({ server: http, path: '/api', perMessageDeflate: false });
wss.on('connection', (socket) => {
  socket.on('message', async (data) => {
    const request = JSON.parse(String(data));
    /** @param {unknown} envelope */
    const answer = (envelope) => socket.send(JSON.stringify({ kind: 'response', id: request.id, envelope }));
    try {
      if (request.method === 'callTool') {
        const result = await client.callTool({ name: request.payload.tool, arguments: request.payload.arguments });
        return answer({ ok: true, value: result });
      }
      if (answerEmpty.has(request.method)) return answer({ ok: true, value: {} });
      answer({ ok: false, error: { code: 'unknown-method', kind: 'invalid-input', message: `The relay does not do ${request.method}.` } });
    } catch (error) {
      answer({ ok: false, error: { code: 'failed', kind: 'server-error', message: String(error) } });
    }
  });
});
http.listen(0, '127.0.0.1', () => {
  const address = http.address();
  process.stdout.write(`${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`);
});
const stop = async () => {
  wss.close();
  http.close();
  await client.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.stdin.on('end', () => void stop());
process.stdin.resume();
