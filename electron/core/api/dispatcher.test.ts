import { describe, expect, it, vi } from 'vitest';
import { appApiMethods, channels, type AppApi } from '../../../shared/api';
import type { ToolRunResult } from '../../../shared/tool-results';
import { AppError, unwrapEnvelope } from '../../../shared/envelope';
import { createDispatcher, payloadCheck } from './dispatcher';

function fakeApi(overrides: Partial<AppApi> = {}): AppApi {
  const fail = () => Promise.reject(new Error('not expected'));
  // Every method of the contract, so a new method never breaks this fake.
  const methods = Object.fromEntries(appApiMethods.map((method) => [method, vi.fn(fail)]));
  return { ...methods, listServers: vi.fn(async () => []), onEvent: () => () => undefined, ...overrides } as AppApi;
}

describe('dispatcher', () => {
  it("checks every request of a channel with that channel's one schema, through one check kept for every dispatcher", async () => {
    const schema = channels.callTool.request;
    const parse = vi.spyOn(schema, 'safeParse');
    try {
      const check = payloadCheck('callTool');
      const first = createDispatcher(fakeApi({ callTool: vi.fn(async () => ({}) as ToolRunResult) }));
      const second = createDispatcher(fakeApi({ callTool: vi.fn(async () => ({}) as ToolRunResult) }));
      const good = { server: 'ok', tool: 'echo', arguments: {} };
      expect(await first('callTool', good)).toMatchObject({ ok: true });
      expect(await second('callTool', good)).toMatchObject({ ok: true });
      expect(await first('callTool', { ...good, extra: 1 })).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
      expect(parse).toHaveBeenCalledTimes(3);
      expect(parse.mock.contexts.every((context) => context === schema)).toBe(true);
      expect(payloadCheck('callTool')).toBe(check);
    } finally {
      parse.mockRestore();
    }
  });

  it('hands the caller\'s signal to the method, so a front end that can cancel (the CLI) does', async () => {
    const seen: Array<AbortSignal | undefined> = [];
    const callTool = vi.fn(async (_request: unknown, context?: { signal?: AbortSignal }) => {
      seen.push(context?.signal);
      return {} as ToolRunResult;
    });
    const dispatch = createDispatcher(fakeApi({ callTool } as Partial<AppApi>));
    const controller = new AbortController();
    await dispatch('callTool', { server: 'ok', tool: 'echo', arguments: {} }, { signal: controller.signal });
    await dispatch('callTool', { server: 'ok', tool: 'echo', arguments: {} });
    expect(seen).toEqual([controller.signal, undefined]);
  });

  it('refuses a method that is not in the channel table', async () => {
    const api = fakeApi();
    const dispatch = createDispatcher(api);
    for (const method of ['onEvent', 'toString', '__proto__', 'constructor', 'shell:openExternal', 42, undefined]) {
      const answer = await dispatch(method, undefined);
      expect(answer).toMatchObject({ ok: false, error: { code: 'unknown-method' } });
    }
  });

  it('refuses a payload that fails its schema and never calls the handler', async () => {
    const api = fakeApi();
    const dispatch = createDispatcher(api);
    const bad: unknown[] = [
      undefined,
      null,
      'echo',
      { server: 'ok', tool: 'echo' },
      { server: 'bad name!', tool: 'echo', arguments: {} },
      { server: 'ok', tool: 'echo', arguments: [] },
      { server: 'ok', tool: 'echo', arguments: {}, extra: true },
      { server: 'ok', tool: '', arguments: {} },
    ];
    for (const payload of bad) {
      const answer = await dispatch('callTool', payload);
      expect(answer, JSON.stringify(payload)).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
    }
    expect(api.callTool).not.toHaveBeenCalled();
  });

  it('refuses a payload its schema throws on instead of judging (an object without a prototype where a string belongs)', async () => {
    const api = fakeApi();
    const dispatch = createDispatcher(api);
    // zod's length check reads `length` of whatever it was given and compares it: an object
    // without a prototype cannot be turned into a number, so the check throws.
    const answer = await dispatch('removePermissionRule', { pattern: { length: Object.create(null) } });
    expect(answer).toMatchObject({ ok: false, error: { code: 'invalid-request', message: expect.stringContaining('could not be checked') } });
  });

  it('names the failing field in the validation message', async () => {
    const answer = await createDispatcher(fakeApi())('addServer', { name: 'x', config: { command: 5 } });
    expect(answer.ok).toBe(false);
    if (!answer.ok) expect(answer.error.message).toContain('config.command');
  });

  it('refuses prototype-pollution keys anywhere in the payload', async () => {
    const api = fakeApi();
    const dispatch = createDispatcher(api);
    const payload = JSON.parse('{"server":"s","tool":"t","arguments":{"nested":{"__proto__":{"polluted":true}}}}');
    expect(await dispatch('callTool', payload)).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
    const ctor = JSON.parse('{"server":"s","tool":"t","arguments":{"constructor":{"prototype":{"x":1}}}}');
    expect(await dispatch('callTool', ctor)).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
    expect(api.callTool).not.toHaveBeenCalled();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('carries the kind of a failure in the envelope, so front ends need not read the message', async () => {
    const callTool = vi.fn(async () => {
      throw new AppError('failed', 'srv: The call timed out after 1 s.', { kind: 'timeout' });
    });
    const answer = await createDispatcher(fakeApi({ callTool }))('callTool', { server: 'srv', tool: 'echo', arguments: {} });
    expect(answer).toEqual({ ok: false, error: { code: 'failed', message: 'srv: The call timed out after 1 s.', kind: 'timeout' } });
    expect(() => unwrapEnvelope(answer)).toThrow(expect.objectContaining({ code: 'failed', kind: 'timeout' }));
  });

  it('passes a valid payload to the method and wraps the answer', async () => {
    const callTool = vi.fn(async () => ({ content: [], isError: false, durationMs: 1 }) as unknown as ToolRunResult);
    const dispatch = createDispatcher(fakeApi({ callTool }));
    const request = { server: 'srv', tool: 'echo', arguments: { text: 'hi', constructor: 'plain data is fine' } };
    expect(await dispatch('callTool', request)).toEqual({ ok: true, value: { content: [], isError: false, durationMs: 1 } });
    expect(callTool).toHaveBeenCalledWith(request, undefined);
  });

  it('returns errors as data: code, message and kind, no stack', async () => {
    const dispatch = createDispatcher(
      fakeApi({
        connectServer: async () => {
          throw new AppError('not-found', 'No server named "x".');
        },
        listTools: async () => {
          throw new TypeError('boom');
        },
      }),
    );
    expect(await dispatch('connectServer', { name: 'x' })).toEqual({ ok: false, error: { code: 'not-found', message: 'No server named "x".', kind: 'not-found' } });
    const answer = await dispatch('listTools', { name: 'x' });
    expect(answer).toEqual({ ok: false, error: { code: 'failed', message: 'boom', kind: 'unexpected' } });
    expect(JSON.stringify(answer)).not.toContain('at ');
  });
});

describe('dispatcher: load runs', () => {
  const good = { server: 'srv', workload: { tool: 'work', arguments: { n: 1 } }, clients: 2, concurrency: 4, durationMs: 10_000 };

  it('passes a valid run, one tool or a collection, to startLoadRun', async () => {
    const startLoadRun = vi.fn(async () => ({ runId: 'r1' }));
    const dispatch = createDispatcher(fakeApi({ startLoadRun }));
    expect(await dispatch('startLoadRun', good)).toEqual({ ok: true, value: { runId: 'r1' } });
    const mix = { server: 'srv', workload: { collection: 'mix.yaml' }, clients: 1, concurrency: 1, requests: 100, rate: 50, profile: 'ramp', budgets: 'p95<=200ms', allowRemote: true, allowDestructive: false, sharedProcess: true };
    expect(await dispatch('startLoadRun', mix)).toMatchObject({ ok: true });
    expect(startLoadRun).toHaveBeenCalledTimes(2);
  });

  it('refuses runs that are unbounded, too large or malformed, and never starts them', async () => {
    const startLoadRun = vi.fn(async () => ({ runId: 'r1' }));
    const dispatch = createDispatcher(fakeApi({ startLoadRun }));
    const bad: unknown[] = [
      { ...good, clients: 0 },
      { ...good, clients: 1.5 },
      { ...good, concurrency: 1001 },
      { ...good, clients: 1000, concurrency: 1000 },
      { ...good, durationMs: 25 * 3_600_000 },
      { ...good, durationMs: 10 },
      { ...good, requests: 0 },
      { ...good, rate: -1 },
      { ...good, workload: { tool: 'work', collection: 'mix.yaml' } },
      { ...good, workload: { tool: '' } },
      { ...good, workload: { tool: 'work', arguments: [1] } },
      { ...good, server: '' },
      { ...good, allowRemote: 'yes' },
      { ...good, extra: 1 },
      { ...good, budgets: 'x'.repeat(3000) },
    ];
    for (const payload of bad) expect(await dispatch('startLoadRun', payload), JSON.stringify(payload).slice(0, 120)).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
    expect(startLoadRun).not.toHaveBeenCalled();
  });

  it('takes only a plain run id for stop, read and the HTML report (no path)', async () => {
    const readLoadRun = vi.fn(async () => ({}) as never);
    const dispatch = createDispatcher(fakeApi({ readLoadRun, stopLoadRun: vi.fn(async () => true), loadRunHtml: vi.fn(async () => '') }));
    for (const id of ['../index', 'a/b', '', 'x'.repeat(65), 42]) {
      expect(await dispatch('readLoadRun', { id })).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
      expect(await dispatch('loadRunHtml', { id })).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
      expect(await dispatch('stopLoadRun', { runId: id })).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
    }
    expect(readLoadRun).not.toHaveBeenCalled();
    expect(await dispatch('readLoadRun', { id: '5f0c-aa_1' })).toMatchObject({ ok: true });
    expect(await dispatch('listLoadRuns', { server: 5 })).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
  });
});
