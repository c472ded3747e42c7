/**
 * A stdio server started before the core's connect (early-stdio-start.ts), on real
 * processes: the connect takes over exactly the process started, with what it wrote
 * meanwhile; anything else ends it.
 */
import { Client } from '@modelcontextprotocol/client';
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { fixtureServer } from '../../../../e2e/fixtures/paths';
import { isAlive, pidsWith, waitUntil } from '../../../../e2e/support/processes';
import type { SecretStore } from '../../secrets/secret-store';
import { startStdioEarly, type EarlyStdioStart } from './early-stdio-start';
import type { TransportContext } from './transport-factory';

/** A store no launch here may read: an entry with a secret is never started early. */
const refusingSecrets: SecretStore = {
  info: () => ({ encrypted: true, location: 'nowhere' }),
  get: () => Promise.reject(new Error('an early start read a secret')),
  set: () => Promise.reject(new Error('an early start saved a secret')),
  delete: () => Promise.reject(new Error('an early start deleted a secret')),
  keys: () => Promise.reject(new Error('an early start listed secrets')),
};

const env = { PATH: process.env.PATH ?? '' };

function context(server: string, stderr: string[] = []): TransportContext {
  return { server, requestTimeoutMs: () => 10_000, toolCallTimeoutMs: () => 10_000, ideLockDir: '/nonexistent', stdio: { onStderr: (text) => stderr.push(text) } };
}

async function started(server: string, args: string[]): Promise<EarlyStdioStart> {
  const early = await startStdioEarly(server, { command: process.execPath, args }, env, refusingSecrets);
  if (!early) throw new Error('the server was not started early');
  await waitUntil(() => early.pid !== undefined, 'the early server to start');
  return early;
}

describe('a stdio server started early', () => {
  it('is the one the connect uses when it launches the same entry, with the stderr it wrote before', async () => {
    const marker = `early-same-${process.pid}-${Date.now()}`;
    const early = await started('basic', [fixtureServer('basic-stdio'), marker]);
    const pid = early.pid!;
    const stderr: string[] = [];
    const built = await early.createTransport(early.launch, context('basic', stderr));
    expect(early.adopted).toBe(true);
    expect((built.transport as { pid?: number }).pid).toBe(pid);
    const client = new Client({ name: 'early-test', version: '1.0.0' });
    await client.connect(built.transport);
    const result = await client.callTool({ name: 'echo', arguments: { text: 'early' } });
    expect(result.content).toEqual([{ type: 'text', text: 'early' }]);
    await waitUntil(() => stderr.join('').includes('basic-fixture: started'), 'the stderr written before the connect');
    expect(pidsWith(marker)).toEqual([pid]);
    // The session's close leaves a taken-over server to its connection; so does a second
    // close (Ctrl+C closes the session and every early start, this one among them).
    await early.close();
    await early.close();
    expect(isAlive(pid)).toBe(true);
    const stillCalled = await client.callTool({ name: 'echo', arguments: { text: 'after close' } });
    expect(stillCalled.content).toEqual([{ type: 'text', text: 'after close' }]);
    await client.close();
    await waitUntil(() => !isAlive(pid), 'the server to end with its connection');
  });

  it('hands the client what the server wrote before the connect, in order', async () => {
    const script = [
      "process.stdout.write(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'one' } }) + '\\n');",
      "process.stdout.write(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'two' } }) + '\\n');",
      'setInterval(() => {}, 1000);',
    ].join('\n');
    const early = await started('talker', ['-e', script]);
    const built = await early.createTransport(early.launch, context('talker'));
    const heard: JSONRPCMessage[] = [];
    built.transport.onmessage = (message) => heard.push(message);
    // Written long before start(): kept, not lost to a transport nobody listened to yet.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(heard).toEqual([]);
    await built.transport.start();
    await waitUntil(() => heard.length === 2, 'both messages');
    expect(heard.map((message) => (message as unknown as { params: { data: string } }).params.data)).toEqual(['one', 'two']);
    await built.transport.close();
  });

  it('is ended when the connect launches another entry, which starts a process of its own', async () => {
    const marker = `early-other-${process.pid}-${Date.now()}`;
    const early = await started('basic', [fixtureServer('basic-stdio'), marker]);
    const pid = early.pid!;
    const built = await early.createTransport({ ...early.launch, env: { ...early.launch.env, EXTRA: '1' } }, context('basic'));
    expect(early.adopted).toBe(false);
    expect(isAlive(pid)).toBe(false);
    await built.transport.start();
    const fresh = (built.transport as { pid?: number }).pid;
    expect(fresh).not.toBe(pid);
    expect(pidsWith(marker)).toEqual([fresh]);
    await built.transport.close();
  });

  it('is not taken over once it has ended on its own: the connect starts the server again and sees how it ends', async () => {
    const early = await started('crashing', ['-e', 'process.exit(3)']);
    const pid = early.pid!;
    // Its exit as Node reports it (the process can be gone a moment before).
    await waitUntil(() => !isAlive(pid) && !early.running, 'the early server to exit');
    const built = await early.createTransport(early.launch, context('crashing'));
    expect(early.adopted).toBe(false);
    const closed = new Promise<void>((resolve) => (built.transport.onclose = resolve));
    await built.transport.start();
    await closed;
    expect(built.exit()).toEqual({ code: 3, signal: null });
  });

  it('is ended when the command closes without connecting, and no connect after that starts the server', async () => {
    const marker = `early-unused-${process.pid}-${Date.now()}`;
    const early = await started('basic', [fixtureServer('basic-stdio'), marker]);
    const pid = early.pid!;
    await early.close();
    expect(isAlive(pid)).toBe(false);
    expect(pidsWith(marker)).toEqual([]);
    // A connect still on its way (the core was loading when Ctrl+C came) starts nothing.
    await expect(early.createTransport(early.launch, context('basic'))).rejects.toThrow(/command is ending/);
    expect(early.adopted).toBe(false);
    expect(pidsWith(marker)).toEqual([]);
  });

  it('is not started for an entry with variables or secrets, nor for a command that is not found', async () => {
    expect(await startStdioEarly('vars', { command: process.execPath, args: ['${HOME}/server.mjs'] }, env, refusingSecrets)).toBeUndefined();
    expect(await startStdioEarly('bare-var', { command: process.execPath, args: ['$HOME/server.mjs'] }, env, refusingSecrets)).toBeUndefined();
    expect(await startStdioEarly('secret', { command: process.execPath, env: { TOKEN: '${secret:token}' } }, env, refusingSecrets)).toBeUndefined();
    expect(await startStdioEarly('missing', { command: 'mcp-workbench-no-such-command' }, env, refusingSecrets)).toBeUndefined();
    expect(await startStdioEarly('remote', { type: 'http', url: 'http://127.0.0.1:1/mcp' }, env, refusingSecrets)).toBeUndefined();
  });
});
