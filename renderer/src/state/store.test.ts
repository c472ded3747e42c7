import { describe, expect, it, vi } from 'vitest';
import type { AppApi } from '../../../shared/api';
import type { ServerView, ToolCallResult, ToolInfo } from '../../../shared/domain';
import { parseArguments } from './calls-slice';
import { applyEvent, createWorkbenchStore } from './store';

const echo: ToolInfo = { server: 'a', name: 'echo', fullName: 'mcp__a__echo', inputSchema: { type: 'object' } };
const view = (name: string, status: ServerView['status']): ServerView => ({ name, status, config: { command: 'x' } });

function fakeApi(overrides: Partial<AppApi> = {}): AppApi {
  return {
    listServers: vi.fn(async () => [view('a', 'connected'), view('b', 'failed')]),
    addServer: vi.fn(),
    removeServer: vi.fn(async () => undefined),
    connectServer: vi.fn(),
    disconnectServer: vi.fn(),
    listTools: vi.fn(async () => [echo]),
    callTool: vi.fn(async () => ({ content: [{ type: 'text', text: 'hi' }], isError: false, durationMs: 3 })),
    onEvent: () => () => undefined,
    ...overrides,
  } as AppApi;
}

describe('parseArguments', () => {
  it('accepts a JSON object and treats an empty box as {}', () => {
    expect(parseArguments('{"a":1}')).toEqual({ ok: true, value: { a: 1 } });
    expect(parseArguments('  ')).toEqual({ ok: true, value: {} });
  });
  it('explains invalid JSON and non-objects', () => {
    expect(parseArguments('{"a":')).toMatchObject({ ok: false, message: expect.stringContaining('not valid JSON') });
    expect(parseArguments('[1]')).toMatchObject({ ok: false, message: expect.stringContaining('must be a JSON object') });
    expect(parseArguments('null')).toMatchObject({ ok: false });
  });
});

describe('workbench store', () => {
  it('loads servers, loads tools when a selected server connects, and drops them when it goes away', async () => {
    const api = fakeApi();
    const store = createWorkbenchStore(api);
    await store.getState().refreshServers();
    expect(store.getState().servers.map((s) => s.name)).toEqual(['a', 'b']);

    store.getState().selectServer('b');
    expect(api.listTools).not.toHaveBeenCalled();
    applyEvent(store, { type: 'server-state', server: view('b', 'connected') });
    await vi.waitFor(() => expect(store.getState().toolsByServer.b?.status).toBe('ready'));

    applyEvent(store, { type: 'server-state', server: view('b', 'failed') });
    expect(store.getState().toolsByServer.b).toBeUndefined();
    expect(store.getState().servers.find((s) => s.name === 'b')?.status).toBe('failed');
  });

  it('keeps each tool call apart, records results, request errors and progress', async () => {
    let release: () => void = () => {};
    const api = fakeApi({
      callTool: vi.fn(
        (request) =>
          new Promise<ToolCallResult>((resolve) => {
            release = () => resolve({ content: [{ type: 'text', text: JSON.stringify(request.arguments) }], isError: false, durationMs: 1 });
          }),
      ),
    });
    const store = createWorkbenchStore(api);
    store.getState().setArgsText('mcp__a__echo', '{"text":"x"}');
    const run = store.getState().runTool('a', 'echo', 'mcp__a__echo');
    const callId = store.getState().calls['mcp__a__echo']?.callId;
    expect(callId).toBeTruthy();
    applyEvent(store, { type: 'tool-progress', callId: callId!, progress: 1, total: 2, message: 'half' });
    expect(store.getState().calls['mcp__a__echo']?.progress).toEqual({ progress: 1, total: 2, message: 'half' });
    release();
    await run;
    expect(store.getState().calls['mcp__a__echo']).toMatchObject({ running: false, result: { content: [{ text: '{"text":"x"}' }] } });
    expect(store.getState().calls['mcp__b__echo']).toBeUndefined();

    store.getState().setArgsText('mcp__a__echo', 'nope');
    await store.getState().runTool('a', 'echo', 'mcp__a__echo');
    expect(store.getState().calls['mcp__a__echo']?.error).toMatch(/not valid JSON/);
    expect(api.callTool).toHaveBeenCalledTimes(1);
  });
});
