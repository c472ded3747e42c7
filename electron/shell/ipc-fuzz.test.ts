/**
 * IPC fuzzing: for every channel of the contract, generated malformed payloads go
 * through the same path main uses (registerIpcHandlers on an ipcMain stand-in → the
 * dispatcher → a real core on a temporary MCP_WORKBENCH_HOME), after a structured clone
 * as Electron's IPC does. Each must come back as a validation error envelope without
 * reaching the core, without crashing, without polluting a prototype and without
 * writing to the data folder. New channels are covered as soon as they are in the table.
 * FUZZ_RUNS (default 150) sets the runs per kind of payload; a failure prints the
 * fast-check seed and the smallest payload that reproduces it.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { IpcMainInvokeEvent } from 'electron';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { appApiMethods, channels, type AppApi, type AppApiMethod } from '../../shared/api';
import type { Envelope } from '../../shared/envelope';
import { createCore, type Core } from '../core/api/core-api';
import { createDispatcher } from '../core/api/dispatcher';
import { findForbiddenKey } from '../core/api/payload-guard';
import { resolveAppDataDir } from '../core/app-data';
import { SERVERS_FILE } from '../core/config/server-registry';
import { registerIpcHandlers, type IpcMainLike } from './ipc-handlers';
import { isTrustedSender } from './trusted-sender';
import { webContentsStandIn } from './web-contents.testing';

type Listener = (event: IpcMainInvokeEvent, payload: unknown) => Promise<unknown>;

const OUR_ID = 1;
const TRUSTED_EVENT = {
  sender: webContentsStandIn(OUR_ID),
  senderFrame: { url: 'app://workbench/index.html', parent: null },
} as unknown as IpcMainInvokeEvent;
/** A server that exists, so a payload that slipped through could really remove or reconnect it. */
const EXISTING_SERVER = 'existing';
const RUNS = Number(process.env.FUZZ_RUNS ?? 150);

let home: string;
let previousHome: string | undefined;
let core: Core;
const handlers = new Map<string, Listener>();
const reachedCore: string[] = [];
let before: Map<string, string>;
let prototypesBefore: string[];
const crashes: unknown[] = [];
const onCrash = (error: unknown) => void crashes.push(error);

beforeAll(async () => {
  previousHome = process.env.MCP_WORKBENCH_HOME;
  home = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-fuzz-'));
  process.env.MCP_WORKBENCH_HOME = home;
  const dataDir = resolveAppDataDir();
  await fs.writeFile(
    path.join(dataDir, SERVERS_FILE),
    JSON.stringify({ mcpServers: { [EXISTING_SERVER]: { command: 'node', args: ['--version'] } } }, null, 2),
  );
  core = await createCore({ dataDir, autoConnect: false, appVersion: 'fuzz' });
  // The real core, with a tripwire on every method: a malformed payload must never reach one.
  const api = Object.fromEntries(
    Object.entries(core.api).map(([name, method]) => [
      name,
      (...args: unknown[]) => {
        reachedCore.push(name);
        return (method as (...a: unknown[]) => unknown)(...args);
      },
    ]),
  ) as unknown as AppApi;
  const ipcMain: IpcMainLike = { handle: (channel, listener) => void handlers.set(channel, listener) };
  registerIpcHandlers(ipcMain, createDispatcher(api), (sender) => isTrustedSender(sender, new Set([OUR_ID])));
  before = await snapshot(dataDir);
  prototypesBefore = prototypeKeys();
  process.on('unhandledRejection', onCrash);
  process.on('uncaughtException', onCrash);
});

afterAll(async () => {
  process.off('unhandledRejection', onCrash);
  process.off('uncaughtException', onCrash);
  await core?.dispose();
  if (previousHome === undefined) delete process.env.MCP_WORKBENCH_HOME;
  else process.env.MCP_WORKBENCH_HOME = previousHome;
  await fs.rm(home, { recursive: true, force: true });
});

/** Every file under dir with its size, mtime and content: any write shows up as a difference. */
async function snapshot(dir: string): Promise<Map<string, string>> {
  const result = new Map<string, string>();
  for (const entry of await fs.readdir(dir, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name);
    const stat = await fs.stat(full);
    result.set(path.relative(dir, full), entry.isFile() ? `${stat.size}:${stat.mtimeMs}:${await fs.readFile(full, 'utf8')}` : 'dir');
  }
  return result;
}

function prototypeKeys(): string[] {
  const protos = { Object: Object.prototype, Array: Array.prototype, Function: Function.prototype, String: String.prototype };
  return Object.entries(protos).flatMap(([name, proto]) => Reflect.ownKeys(proto).map((key) => `${name}.${String(key)}`));
}

/** Sends a payload as the renderer would: structured-cloned, on the method's channel, from our window. */
async function send(method: AppApiMethod, payload: unknown): Promise<Envelope<unknown>> {
  const handler = handlers.get(channels[method].channel);
  if (!handler) throw new Error(`No handler for ${method}`);
  return (await handler(TRUSTED_EVENT, structuredClone(payload))) as Envelope<unknown>;
}

/** The field names a channel's schema knows, so generated objects look close to real requests. */
function fieldsOf(method: AppApiMethod): string[] {
  const schema: unknown = channels[method].request;
  return schema instanceof z.ZodObject ? Object.keys(schema.shape as object) : [];
}

/** Whether the contract itself refuses this payload; only refused ones are fuzz inputs. */
function refusedByContract(method: AppApiMethod, payload: unknown): boolean {
  if (findForbiddenKey(payload) !== undefined) return true;
  try {
    return !channels[method].request.safeParse(payload).success;
  } catch {
    // zod can throw instead of answering (an object without a prototype where it expects a
    // string); the dispatcher refuses such a payload, so it is one to send.
    return true;
  }
}

// Values that survive a structured clone (what IPC can carry at all).
const cloneable: fc.Arbitrary<unknown> = fc.anything({
  maxDepth: 3,
  withBigInt: true,
  withDate: true,
  withMap: true,
  withSet: true,
  withTypedArray: true,
  withSparseArray: true,
  withNullPrototype: true,
  withObjectString: false,
  withBoxedValues: false,
});
const hugeString = fc.integer({ min: 100_000, max: 1_000_000 }).chain((size) => fc.constantFrom('a', '€', '\u0000', '/', '"').map((ch) => ch.repeat(size)));
const pollutionKey = fc.constantFrom('__proto__', 'constructor', 'prototype');

/** `{"__proto__": {...}}` or `{"constructor": {"prototype": {...}}}` at some depth, built as JSON.parse builds it (an own property). */
const pollution = fc
  .tuple(fc.constantFrom('__proto__', 'constructor.prototype'), fc.array(fc.string({ maxLength: 8 }), { maxLength: 4 }), fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 })))
  .map(([shape, pathToIt, payload]) => {
    const inner = shape === '__proto__' ? `{"__proto__":${JSON.stringify({ polluted: 'yes', ...payload })}}` : `{"constructor":{"prototype":{"polluted":"yes"}}}`;
    return JSON.parse(pathToIt.reduceRight((json, key) => `{${JSON.stringify(key)}:${json}}`, inner)) as unknown;
  });

function deeplyNested(levels: number, leaf: unknown, asArray: boolean): unknown {
  let value = leaf;
  for (let i = 0; i < levels; i++) value = asArray ? [value] : { nest: value };
  return value;
}
const deepNesting = fc.tuple(fc.integer({ min: 65, max: 400 }), cloneable, fc.boolean()).map(([levels, leaf, asArray]) => deeplyNested(levels, leaf, asArray));

/** Generators of malformed payloads for one method, by kind. */
function malformed(method: AppApiMethod): Record<string, fc.Arbitrary<unknown>> {
  const fields = fieldsOf(method);
  const field = fields.length > 0 ? fc.constantFrom(...fields) : fc.string({ minLength: 1, maxLength: 12 });
  const withFieldSetTo = (value: fc.Arbitrary<unknown>) =>
    fc.tuple(field, value, fc.dictionary(fc.constantFrom(...fields, 'extra'), cloneable, { maxKeys: 3 })).map(([key, v, rest]) => ({ ...rest, [key]: v }));
  return {
    'wrong top-level type': fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.string(), fc.bigInt(), fc.array(cloneable, { maxLength: 4 }), fc.date({ noInvalidDate: false })),
    'wrong field types': fc.dictionary(field, cloneable, { minKeys: 1, maxKeys: fields.length + 1 }),
    'unknown extra field': withFieldSetTo(cloneable).map((value) => ({ ...value, [`unexpected_${Object.keys(value).length}`]: 1 })),
    'huge strings': withFieldSetTo(hugeString),
    'deep nesting': fc.oneof(deepNesting, withFieldSetTo(deepNesting)),
    'prototype-pollution keys': fc.oneof(
      pollution,
      withFieldSetTo(pollution),
      fc.tuple(pollutionKey, cloneable).map(([key, value]) => JSON.parse(`{${JSON.stringify(key)}:${JSON.stringify(value === undefined ? null : safeJson(value))}}`) as unknown),
    ),
  };
}

/**
 * A payload the channel's schema accepts, found by trying plausible field values, or
 * undefined when none turns up (e.g. a channel that takes no payload).
 */
function validExample(method: AppApiMethod): Record<string, unknown> | undefined {
  const fields = fieldsOf(method);
  if (fields.length === 0) return undefined;
  const plausible = fc.constantFrom<unknown>(
    EXISTING_SERVER,
    'echo',
    1000,
    true,
    {},
    { command: 'node' },
    { type: 'http', url: 'http://127.0.0.1:9/mcp' },
    [],
    undefined,
  );
  const candidates = fc.sample(fc.record(Object.fromEntries(fields.map((f) => [f, plausible]))), { numRuns: 5_000, seed: 42 });
  return candidates.find((candidate) => channels[method].request.safeParse(candidate).success);
}

type Poison = '__proto__' | 'constructor.prototype' | 'deep nesting';
const POISONS: Poison[] = ['__proto__', 'constructor.prototype', 'deep nesting'];

/** Puts `__proto__` or `constructor.prototype` (as own keys), or 100 levels of nesting, into a copy of `base`, at the top or inside one of its object fields. */
function withPoisonInside(base: Record<string, unknown>, where: string | undefined, poison: Poison): unknown {
  const copy = JSON.parse(JSON.stringify(base)) as Record<string, unknown>;
  const target = (where ? copy[where] : copy) as Record<string, unknown>;
  const polluted: Record<string, unknown> =
    poison === 'deep nesting'
      ? { nest: deeplyNested(100, 'leaf', false) }
      : JSON.parse(poison === '__proto__' ? '{"__proto__":{"polluted":"yes"}}' : '{"constructor":{"prototype":{"polluted":"yes"}}}');
  const [key] = Object.keys(polluted) as [string];
  Object.defineProperty(target, key, { value: polluted[key], enumerable: true, writable: true, configurable: true });
  return copy;
}

/** A JSON-safe stand-in for any value (for embedding in hand-built JSON text). */
function safeJson(value: unknown): unknown {
  try {
    return JSON.parse(JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)) ?? 'null');
  } catch {
    return null;
  }
}

describe('IPC fuzzing through registerIpcHandlers → dispatcher → a real core', () => {
  it('covers every channel of the contract', () => {
    expect(appApiMethods.length).toBeGreaterThan(0);
    expect([...handlers.keys()].sort()).toEqual(appApiMethods.map((m) => channels[m].channel).sort());
  });

  for (const method of appApiMethods) {
    it(`${method} (${channels[method].channel}) answers every malformed payload with a validation error`, async () => {
      const stats = { sent: 0, skipped: 0 };
      for (const [kind, payloads] of Object.entries(malformed(method))) {
        await fc.assert(
          fc.asyncProperty(payloads, async (payload) => {
            // A generated value the contract happens to accept is not malformed: skip it
            // (sending it would be a legitimate call, e.g. one that saves a server).
            if (!refusedByContract(method, payload)) {
              stats.skipped++;
              return;
            }
            stats.sent++;
            const answer = await send(method, payload);
            // The message is built only on a failure: summarizing every payload (up to 1 MB
            // strings, 400 levels) would cost more than the fuzzing itself.
            if (answer.ok) expect.fail(`${kind}: accepted ${summarize(payload)}`);
            expect(answer.error.code).toBe('invalid-request');
            expect(typeof answer.error.message).toBe('string');
            // Errors are short data: no echo of a huge payload, no stack trace.
            expect(answer.error.message.length).toBeLessThan(2_000);
            expect(answer.error.message).not.toMatch(/\n\s+at /);
          }),
          // Huge strings cost a copy of up to 1 MB per run: fewer of them keep this fast.
          { numRuns: kind === 'huge strings' ? Math.ceil(RUNS / 15) : RUNS },
        );
      }
      // The generators are aimed well: nearly everything they make is malformed.
      expect(stats.sent).toBeGreaterThan(stats.skipped * 10);
      expect(reachedCore).toEqual([]);
    });
  }

  it('refuses prototype-pollution keys and deep nesting even inside payloads the schemas accept', async () => {
    let tried = 0;
    for (const method of appApiMethods) {
      const example = validExample(method);
      if (!example) continue;
      const objectFields = Object.keys(example).filter((key) => typeof example[key] === 'object' && example[key] !== null && !Array.isArray(example[key]));
      for (const where of [undefined, ...objectFields]) {
        for (const poison of POISONS) {
          tried++;
          const answer = await send(method, withPoisonInside(example, where, poison));
          expect(answer, `${method} with ${poison} in ${where ?? 'the payload'}`).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
        }
      }
    }
    // callTool's arguments and addServer's config are open objects: the schema alone would let these through.
    expect(tried).toBeGreaterThanOrEqual(12);
    expect(reachedCore).toEqual([]);
  });

  it('a structured clone keeps "__proto__" as an own key, so the pollution cases above are real', () => {
    const cloned = structuredClone(JSON.parse('{"a":{"__proto__":{"polluted":"yes"}}}') as { a: object });
    expect(Object.hasOwn(cloned.a, '__proto__')).toBe(true);
  });

  it('left no prototype polluted, nothing written to the data folder, and nothing crashed', async () => {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(prototypeKeys()).toEqual(prototypesBefore);
    expect(await snapshot(resolveAppDataDir())).toEqual(before);
    expect(crashes).toEqual([]);
    // The core still works after the barrage.
    expect(await send('listServers', undefined)).toMatchObject({ ok: true, value: [expect.objectContaining({ name: EXISTING_SERVER })] });
  });
});

function summarize(payload: unknown): string {
  const text = JSON.stringify(safeJson(payload)) ?? String(payload);
  return text.length > 200 ? `${text.slice(0, 200)}… (${text.length} chars)` : text;
}
