/** Store behaviours behind a tool run: what the call sends, per-workspace search and log, history, cancel, task-only tools. */
import { describe, expect, it, vi } from 'vitest';
import type { ServerView, ToolInfo } from '../../../shared/domain';
import type { ToolRunResult } from '../../../shared/tool-results';
import { createWorkbenchStore } from './store';
import { fakeApi as sharedFakeApi, type FakeAnswers, type FakeApi } from '../testing/fake-api';

const withDefaults: ToolInfo = {
  server: 'a',
  name: 'greet',
  fullName: 'mcp__a__greet',
  inputSchema: { type: 'object', properties: { greeting: { type: 'string', default: 'hello' }, times: { type: 'integer', default: 2 } } },
  annotations: { readOnlyHint: true },
};
const taskOnly: ToolInfo = { server: 'a', name: 'job', fullName: 'mcp__a__job', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true }, execution: { taskSupport: 'required' } };
const resultOf = (historyId: string): ToolRunResult => ({
  callId: 'c',
  server: 'a',
  tool: 'greet',
  content: [{ type: 'text', text: historyId }],
  outputCheck: { status: 'not-checked', reason: 'none' },
  isError: false,
  durationMs: 1,
  sizeBytes: 1,
  historyId,
});
const view = (name: string): ServerView => ({ name, status: 'connected', config: { command: 'x' } });

function fakeApi(overrides: FakeAnswers = {}): FakeApi {
  return sharedFakeApi({
    listServers: vi.fn(async () => [view('a'), view('b')]),
    listTools: vi.fn(async () => [withDefaults, taskOnly]),
    callTool: vi.fn(async () => resultOf('h1')),
    cancelCall: vi.fn(async () => true),
    getPermissions: vi.fn(async () => ({ rules: [], file: '/tmp/permissions.json' })),
    getProtocolLog: vi.fn(async () => []),
    ...overrides,
  });
}

describe('tool run state', () => {
  it('a timeout set before any argument keeps the schema defaults, and the call sends them', async () => {
    const api = fakeApi();
    const store = createWorkbenchStore(api);
    await store.getState().loadTools('a');
    store.getState().setTimeoutText('mcp__a__greet', '5000');
    expect(JSON.parse(store.getState().calls['mcp__a__greet']!.argsText)).toEqual({ greeting: 'hello', times: 2 });
    await store.getState().runTool('a', 'greet', 'mcp__a__greet');
    expect(api.callTool).toHaveBeenCalledWith(expect.objectContaining({ arguments: { greeting: 'hello', times: 2 }, timeoutMs: 5000 }));
  });

  it('each tool list keeps its own search', () => {
    const store = createWorkbenchStore(fakeApi());
    store.getState().setToolSearch('a', 'kitchen');
    expect(store.getState().toolSearch).toEqual({ a: 'kitchen' });
    expect(store.getState().toolSearch.b).toBeUndefined();
  });

  it('the protocol log opens on the current server, and each server keeps its own filter', async () => {
    const store = createWorkbenchStore(fakeApi());
    await store.getState().refreshServers();
    store.getState().openProtocolLog('a');
    store.getState().setLogFilter({ search: 'tools/list' });
    store.getState().closeProtocolLog();
    store.getState().selectServer('b');
    store.getState().openProtocolLog();
    expect(store.getState().logServer).toBe('b');
    expect(store.getState().logFilter).toEqual({});
    await store.getState().showLogOf('a');
    expect(store.getState().logFilter).toEqual({ search: 'tools/list' });
  });

  it('opening a past call goes to its Tools tab and shows its own result or none', async () => {
    const store = createWorkbenchStore(fakeApi());
    await store.getState().refreshServers();
    await store.getState().loadTools('a');
    await store.getState().runTool('a', 'greet', 'mcp__a__greet');
    store.getState().setWorkspaceTab('a', 'console');
    await store.getState().openRequest({ server: 'a', tool: 'greet', arguments: { greeting: 'hi' } }, false, 'h0');
    expect(store.getState().workspaceTabs.a).toBe('tools');
    expect(store.getState().workspaceTools.a).toBe('greet');
    expect(store.getState().selectedServer).toBe('a');
    expect(store.getState().calls['mcp__a__greet']?.result).toBeUndefined();
    await store.getState().runTool('a', 'greet', 'mcp__a__greet');
    await store.getState().openRequest({ server: 'a', tool: 'greet', arguments: { greeting: 'hi' } }, false, 'h1');
    expect(store.getState().calls['mcp__a__greet']?.result?.historyId).toBe('h1');
  });

  it('a cancel the user asked for is "cancelled", not an error', async () => {
    let reject: (error: Error) => void = () => undefined;
    const api = fakeApi({ callTool: vi.fn(() => new Promise<ToolRunResult>((_resolve, fail) => (reject = fail))) });
    const store = createWorkbenchStore(api);
    await store.getState().loadTools('a');
    const run = store.getState().runTool('a', 'greet', 'mcp__a__greet');
    await vi.waitFor(() => expect(api.callTool).toHaveBeenCalled());
    await store.getState().cancelTool('mcp__a__greet');
    reject(new Error('The call was cancelled.'));
    await run;
    expect(store.getState().calls['mcp__a__greet']).toMatchObject({ running: false, cancelled: true });
    expect(store.getState().calls['mcp__a__greet']?.error).toBeUndefined();
  });

  it('does not send a tool that runs only as a task', async () => {
    const api = fakeApi();
    const store = createWorkbenchStore(api);
    await store.getState().loadTools('a');
    await store.getState().runTool('a', 'job', 'mcp__a__job');
    expect(api.callTool).not.toHaveBeenCalled();
    expect(store.getState().calls['mcp__a__job']?.error).toMatch(/runs only as a task/);
  });

  it('runs a required-task tool as a task on a server with tasks, and an optional one when Run as task is on', async () => {
    const tasksServer: ServerView = { ...view('a'), protocolEra: 'legacy', capabilities: { tasks: { requests: { tools: { call: {} } } } } };
    const optional: ToolInfo = { ...withDefaults, name: 'maybe', fullName: 'mcp__a__maybe', execution: { taskSupport: 'optional' } };
    const api = fakeApi({ listServers: vi.fn(async () => [tasksServer]), listTools: vi.fn(async () => [withDefaults, taskOnly, optional]) });
    const store = createWorkbenchStore(api);
    await store.getState().refreshServers();
    await store.getState().loadTools('a');
    await store.getState().runTool('a', 'job', 'mcp__a__job');
    expect(api.callTool).toHaveBeenLastCalledWith(expect.objectContaining({ tool: 'job', task: true }));
    await store.getState().runTool('a', 'maybe', 'mcp__a__maybe');
    expect(api.callTool).toHaveBeenLastCalledWith(expect.not.objectContaining({ task: true }));
    store.getState().setRunAsTask('mcp__a__maybe', true);
    await store.getState().runTool('a', 'maybe', 'mcp__a__maybe');
    expect(api.callTool).toHaveBeenLastCalledWith(expect.objectContaining({ tool: 'maybe', task: true }));
  });
});
