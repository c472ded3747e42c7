import { describe, expect, it, vi } from 'vitest';
import type { AppApi } from '../../../shared/api';
import type { ServerView, ToolInfo } from '../../../shared/domain';
import type { ToolRunResult } from '../../../shared/tool-results';
import { parseRulePattern, ruleName } from '../../../shared/permissions';
import { parseArguments } from './calls-slice';
import { applyEvent, createWorkbenchStore } from './store';

const echo: ToolInfo = { server: 'a', name: 'echo', fullName: 'mcp__a__echo', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } };
const write: ToolInfo = { server: 'a', name: 'write', fullName: 'mcp__a__write', inputSchema: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] } };
const runResult = (text: string): ToolRunResult => ({
  callId: 'c',
  server: 'a',
  tool: 'echo',
  content: [{ type: 'text', text }],
  outputCheck: { status: 'not-checked', reason: 'none' },
  isError: false,
  durationMs: 1,
  sizeBytes: 10,
});
const view = (name: string, status: ServerView['status']): ServerView => ({ name, status, config: { command: 'x' } });

function fakeApi(overrides: Partial<AppApi> = {}): AppApi {
  return {
    listServers: vi.fn(async () => [view('a', 'connected'), view('b', 'failed')]),
    addServer: vi.fn(),
    removeServer: vi.fn(async () => undefined),
    connectServer: vi.fn(),
    disconnectServer: vi.fn(),
    listTools: vi.fn(async () => [echo, write]),
    callTool: vi.fn(async () => runResult('hi')),
    getPermissions: vi.fn(async () => ({ rules: [], file: '/tmp/permissions.json' })),
    setPermissionRule: vi.fn(async (rule) => ({ rules: ['server' in rule ? { ...rule, pattern: ruleName(rule) } : { ...parseRulePattern(rule.pattern)!, decision: rule.decision, pattern: rule.pattern }], file: '/tmp/permissions.json' })),
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
  it('loads servers, loads the tools of every connected server, and drops them when it goes away', async () => {
    const api = fakeApi();
    const store = createWorkbenchStore(api);
    await store.getState().refreshServers();
    expect(store.getState().servers.map((s) => s.name)).toEqual(['a', 'b']);

    await vi.waitFor(() => expect(store.getState().toolsByServer.a?.status).toBe('ready'));
    expect(api.listTools).not.toHaveBeenCalledWith({ name: 'b' });
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
          new Promise<ToolRunResult>((resolve) => {
            release = () => resolve(runResult(JSON.stringify(request.arguments)));
          }),
      ),
    });
    const store = createWorkbenchStore(api);
    await store.getState().loadTools('a');
    await store.getState().loadPermissions();
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

  it('asks before a tool that is not read-only, and "always allow" saves a rule', async () => {
    const api = fakeApi();
    const store = createWorkbenchStore(api);
    await store.getState().loadTools('a');
    store.getState().setArgsText('mcp__a__write', '{"n": 1}');
    await store.getState().runTool('a', 'write', 'mcp__a__write');
    expect(api.callTool).not.toHaveBeenCalled();
    expect(store.getState().permissionPrompt).toMatchObject({ fullName: 'mcp__a__write', reason: 'the tool is not marked read-only' });
    await store.getState().answerPermissionPrompt('always');
    expect(api.setPermissionRule).toHaveBeenCalledWith({ server: 'a', tool: 'write', decision: 'allow' });
    expect(api.callTool).toHaveBeenCalledWith(expect.objectContaining({ tool: 'write', confirmed: true, arguments: { n: 1 } }));
    // Now the rule allows it: no prompt.
    await store.getState().runTool('a', 'write', 'mcp__a__write');
    expect(store.getState().permissionPrompt).toBeUndefined();
    expect(api.callTool).toHaveBeenCalledTimes(2);
  });

  it('stops arguments that do not match the schema until the user sends them anyway', async () => {
    const api = fakeApi({ getPermissions: vi.fn(async () => ({ rules: [{ server: 'a', pattern: 'mcp__a', decision: 'allow' as const }], file: 'x' })) });
    const store = createWorkbenchStore(api);
    await store.getState().loadTools('a');
    store.getState().setArgsText('mcp__a__write', '{"n": "one"}');
    await store.getState().runTool('a', 'write', 'mcp__a__write');
    expect(api.callTool).not.toHaveBeenCalled();
    expect(store.getState().calls['mcp__a__write']?.schemaIssues).toEqual(['n: must be an integer (got "one")']);
    await store.getState().runTool('a', 'write', 'mcp__a__write', { anyway: true });
    expect(api.callTool).toHaveBeenCalledWith(expect.objectContaining({ arguments: { n: 'one' } }));
  });
});
