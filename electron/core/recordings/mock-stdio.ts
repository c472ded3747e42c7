/** The mock server on stdio (the SDK's stdio server transport): it serves until the client closes stdin. */
import type { Readable, Writable } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import type { JsonObject } from './exchanges';
import type { MockResponder } from './mock-responder';

export function serveMockStdio(responder: MockResponder, stdin: Readable, stdout: Writable): Promise<void> {
  const transport = new StdioServerTransport(stdin, stdout);
  return new Promise((resolve, reject) => {
    transport.onmessage = (message) => {
      const request = message as unknown as JsonObject;
      // Notifications and the client's answers need no reply.
      if (typeof request.method !== 'string' || !('id' in request)) return;
      void transport.send(responder.answer(request) as unknown as JSONRPCMessage);
    };
    transport.onclose = () => resolve();
    stdin.once('end', () => void transport.close());
    transport.start().catch(reject);
  });
}
