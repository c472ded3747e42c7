/** A tool whose definition changed since it was allowed: the core refuses it, the permission prompt says what changed, Run once accepts the change. */
import { describe, expect, it, vi } from 'vitest';
import type { AppApi } from '../../../shared/api';
import type { ToolInfo } from '../../../shared/domain';
import { AppError } from '../../../shared/envelope';
import type { ToolRunResult } from '../../../shared/tool-results';
import { doctorCounts } from './doctor-slice';
import { createWorkbenchStore } from './store';
import { fakeApi } from '../testing/fake-api';

const echo: ToolInfo = { server: 'a', name: 'echo', fullName: 'mcp__a__echo', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } };
const result: ToolRunResult = { callId: 'c', server: 'a', tool: 'echo', content: [], outputCheck: { status: 'not-checked', reason: 'none' }, isError: false, durationMs: 1, sizeBytes: 2 };

describe('a changed tool', () => {
  it('asks again, saying what changed, and runs with acceptChanges when the user agrees', async () => {
    const message = 'mcp__a__echo changed since you allowed it: its description changed. Look at the tool again, then confirm to run the new version.';
    const callTool = vi.fn(async (request: Parameters<AppApi['callTool']>[0]) => {
      if (!request.acceptChanges) throw new AppError('conflict', message, { kind: 'tool-changed' });
      return result;
    });
    const api = fakeApi({ listServers: vi.fn(async () => []), listTools: vi.fn(async () => [echo]), callTool, getPermissions: vi.fn(async () => ({ rules: [], file: 'x' })) });
    const store = createWorkbenchStore(api);
    await store.getState().loadTools('a');
    await store.getState().runTool('a', 'echo', 'mcp__a__echo');
    expect(store.getState().permissionPrompt).toMatchObject({ fullName: 'mcp__a__echo', reason: message, changed: true });
    expect(store.getState().calls['mcp__a__echo']?.error).toBeUndefined();
    await store.getState().answerPermissionPrompt('once');
    expect(callTool).toHaveBeenLastCalledWith(expect.objectContaining({ tool: 'echo', confirmed: true, acceptChanges: true }));
    expect(store.getState().calls['mcp__a__echo']?.result).toEqual(result);
  });
});

describe('doctorCounts', () => {
  it('counts the rules broken at error and warning level, in the report and the shared findings, and nothing before a run', () => {
    expect(doctorCounts(undefined)).toBeUndefined();
    const finding = (rule: string, severity: 'error' | 'warning', tool?: string) => ({ rule, severity, hosts: ['spec' as const], pointer: '', message: 'm', source: 'https://x', ...(tool ? { tool } : {}) });
    // One rule broken by nineteen tools is one problem to fix.
    const nineteen = Array.from({ length: 19 }, (_, i) => finding('no-schema-keyword', 'error', `tool_${i}`));
    const report = { server: 'a', connected: true, toolCount: 19, findings: [...nineteen, finding('w', 'warning')], tokens: { perTool: [], total: { openai: 0 } }, timings: { lists: {} } };
    expect(doctorCounts({ report, shared: [finding('collision', 'error')], running: false })).toEqual({ errors: 2, warnings: 1 });
  });
});
