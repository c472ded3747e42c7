/**
 * The desktop page's path, as built: out/electron/preload.cjs runs in a sandboxed preload
 * (only `require('electron')`), exposing `window.api` through a stand-in contextBridge that
 * copies values the way Electron documents (docs/api/context-bridge.md, "Parameter / Error /
 * Return Type support"): functions and promises are proxied; objects and arrays are copied
 * without their prototypes; a thrown error or a rejection is copied with its message only —
 * "any custom properties on the Error object will be lost". The page then builds its AppApi
 * with the same client as browser mode (shared/api/client.ts), and IPC reaches a real
 * dispatcher, payloads structured-cloned as Electron's IPC does (docs/api/ipc-renderer.md).
 * So every typed failure must reach the page with its code and kind.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appApiMethods, channels, EVENT_CHANNEL, type AppApi } from '../shared/api';
import { createApiClient, type ApiTransport } from '../shared/api/client';
import { AppError, FAILURE_KINDS, type FailureKind } from '../shared/envelope';
import type { AppEvent } from '../shared/events';
import { createDispatcher } from '../electron/core/api/dispatcher';

const PRELOAD = path.resolve('out/electron/preload.cjs');

/** A value as it arrives on the other side of contextBridge. */
function acrossBridge(value: unknown): unknown {
  if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return value;
  if (typeof value === 'function') {
    return (...args: unknown[]) => {
      let result: unknown;
      try {
        result = (value as (...a: unknown[]) => unknown)(...args.map(acrossBridge));
      } catch (error) {
        throw errorAcross(error);
      }
      return acrossBridge(result);
    };
  }
  // The preload runs in a context of its own (as in Electron): its promises and errors are not this realm's.
  if (typeof (value as { then?: unknown }).then === 'function') return Promise.resolve(value as PromiseLike<unknown>).then(acrossBridge, (error: unknown) => Promise.reject(errorAcross(error)));
  if (Object.prototype.toString.call(value) === '[object Error]') return errorAcross(value);
  if (Array.isArray(value)) return value.map(acrossBridge);
  // "Cloneable Types": Date, Map, Set, typed arrays… as the structured clone algorithm copies them.
  if (Object.prototype.toString.call(value) !== '[object Object]') return structuredClone(value);
  // "Prototype modifications are dropped. Sending custom classes will copy values but not the prototype."
  return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, acrossBridge(entry)]));
}

/** "Errors that are thrown are also copied … any custom properties on the Error object will be lost." */
function errorAcross(error: unknown): Error {
  return new Error(Object.prototype.toString.call(error) === '[object Error]' ? (error as Error).message : String(error));
}

interface LoadedPreload {
  /** What the page sees as window.api. */
  api: unknown;
  /** The modules the preload asked for. */
  required: string[];
  /** Pushes a batch of events from the main process. */
  sendEvents(batch: AppEvent[]): void;
}

function loadPreload(answer: (channel: string, payload: unknown) => Promise<unknown>): LoadedPreload {
  const mainWorld: Record<string, unknown> = {};
  const required: string[] = [];
  const listeners = new Map<string, Set<(event: unknown, ...args: unknown[]) => void>>();
  const electron = {
    contextBridge: {
      exposeInMainWorld: (key: string, api: unknown) => {
        mainWorld[key] = acrossBridge(api);
      },
    },
    ipcRenderer: {
      invoke: async (channel: string, payload: unknown) => structuredClone(await answer(channel, structuredClone(payload))),
      on: (channel: string, listener: (event: unknown, ...args: unknown[]) => void) => {
        if (!listeners.has(channel)) listeners.set(channel, new Set());
        listeners.get(channel)!.add(listener);
      },
      removeListener: (channel: string, listener: (event: unknown, ...args: unknown[]) => void) => listeners.get(channel)?.delete(listener),
    },
  };
  const sandboxedRequire = (id: string) => {
    required.push(id);
    if (id === 'electron') return electron;
    throw new Error(`module not found: ${id} (a sandboxed preload can load only electron)`);
  };
  const module = { exports: {} };
  vm.runInNewContext(readFileSync(PRELOAD, 'utf8'), { require: sandboxedRequire, module, exports: module.exports, console });
  return {
    api: mainWorld.api,
    required,
    sendEvents: (batch) => {
      for (const listener of listeners.get(EVENT_CHANNEL) ?? []) listener({ sender: {} }, structuredClone(batch));
    },
  };
}

/** A core whose every method fails with the given kind, behind the real dispatcher. */
function failingCore(kind: FailureKind | undefined, code: 'failed' | 'not-found' | 'conflict' = 'failed'): AppApi {
  return new Proxy({} as AppApi, {
    get: (_target, name) => async () => {
      const message = `${String(name)} failed as ${kind ?? 'nothing in particular'}`;
      throw code === 'failed' ? new AppError(code, message, { kind: kind ?? 'unexpected' }) : new AppError(code, message, { kind });
    },
  });
}

let page: AppApi;
let loaded: LoadedPreload;
let failWith: { kind: FailureKind | undefined; code: 'failed' | 'not-found' | 'conflict' } | undefined;

beforeAll(() => {
  const channelToMethod = new Map<string, string>(appApiMethods.map((method) => [channels[method].channel, method]));
  loaded = loadPreload(async (channel, payload) => {
    const method = channelToMethod.get(channel);
    if (failWith) return createDispatcher(failingCore(failWith.kind, failWith.code))(method, payload);
    // A working core for one method: the server list.
    const core = { listServers: async () => [{ name: 'basic', state: 'connected', when: new Date(0) }] } as unknown as AppApi;
    return createDispatcher(core)(method, payload);
  });
  page = createApiClient(loaded.api as ApiTransport);
});

describe('the built preload', () => {
  it('requires electron and nothing else, and carries no schemas (it is data only)', () => {
    expect(loaded.required).toEqual(['electron']);
    const text = readFileSync(PRELOAD, 'utf8');
    expect(text).not.toMatch(/\bzod\b|ZodObject|safeParse/);
    expect(statSync(PRELOAD).size).toBeLessThan(20_000);
    expect(Object.keys(loaded.api as object).sort()).toEqual(['invoke', 'onEvents']);
  });

  it('brings every failure kind to the page with its code and kind (the tool-changed confirmation depends on it)', async () => {
    for (const kind of FAILURE_KINDS) {
      failWith = { kind, code: 'failed' };
      const failure = await page.callTool({ server: 'basic', tool: 'echo', arguments: {} }).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failure, kind).toBeInstanceOf(AppError);
      expect(failure, kind).toMatchObject({ code: 'failed', kind, message: `callTool failed as ${kind}` });
    }
    for (const code of ['not-found', 'conflict'] as const) {
      failWith = { kind: undefined, code };
      // The kind of its code: the page decides by kind alone.
      await expect(page.removeServer({ name: 'basic' })).rejects.toMatchObject({ code, kind: code, message: 'removeServer failed as nothing in particular' });
    }
    failWith = undefined;
  });

  it('answers a bad payload and an unknown method with their codes', async () => {
    failWith = undefined;
    await expect(page.callTool({ server: 'basic' } as never)).rejects.toMatchObject({ code: 'invalid-request' });
    await expect((loaded.api as ApiTransport).invoke('noSuchMethod' as never, {})).resolves.toMatchObject({ ok: false, error: { code: 'unknown-method' } });
  });

  it('brings values back as copies, and events in batches to every listener', async () => {
    failWith = undefined;
    const servers = await page.listServers();
    expect(servers).toEqual([{ name: 'basic', state: 'connected', when: new Date(0) }]);
    const heard: AppEvent[] = [];
    const unsubscribe = page.onEvent((event) => heard.push(event));
    const batch: AppEvent[] = [
      { type: 'tools-changed', server: 'basic' },
      { type: 'prompts-changed', server: 'basic' },
    ];
    loaded.sendEvents(batch);
    expect(heard).toEqual(batch);
    unsubscribe();
    loaded.sendEvents(batch);
    expect(heard).toHaveLength(2);
  });
});
