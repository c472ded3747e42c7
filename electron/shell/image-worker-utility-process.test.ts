/**
 * The desktop app's image worker runs as an Electron utility process. Here Node plays
 * utilityProcess.fork (the child gets `process.parentPort`, as in Electron, and no IPC
 * channel of its own to read), and the real worker script fits real images through it.
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createImageFitter } from '../core/results/image-fitter';
import { fitImage } from '../core/results/image-pipeline';
import { buildImageWorkerForTests, type BuiltImageWorker } from '../core/results/image-worker.testing';
import { utilityProcessImageWorker, type ForkImageUtilityProcess } from './image-worker-utility-process';

let built: BuiltImageWorker;
let dir: string;
const forked: Array<{ modulePath: string; serviceName?: string; pid?: number }> = [];

beforeAll(async () => {
  built = await buildImageWorkerForTests();
  dir = mkdtempSync(path.join(os.tmpdir(), 'mcpwb-image-utility-'));
}, 60_000);
afterAll(() => {
  built?.remove();
  rmSync(dir, { recursive: true, force: true });
});

/** utilityProcess.fork, played by Node: messages arrive as `{ data }` on process.parentPort. */
const standInFork: ForkImageUtilityProcess = (modulePath, args, options) => {
  const shim = path.join(dir, 'parent-port.cjs');
  writeFileSync(shim, "process.parentPort = { on: (_event, listener) => process.on('message', (data) => listener({ data })), postMessage: (message) => process.send(message) };\n");
  const child = fork(modulePath, args, { execArgv: ['-r', shim], serialization: 'advanced', silent: true, ...(options.env ? { env: options.env as NodeJS.ProcessEnv } : {}) });
  forked.push({ modulePath, ...(options.serviceName ? { serviceName: options.serviceName } : {}), ...(child.pid ? { pid: child.pid } : {}) });
  return {
    pid: child.pid,
    postMessage: (message) => void child.send(message as object),
    kill: () => child.kill(),
    on: (event: 'message' | 'exit' | 'error', listener: (...values: never[]) => void) => child.on(event, listener as (...values: unknown[]) => void),
  } as ReturnType<ForkImageUtilityProcess>;
};

it('fits images in a utility process, exactly as in process, and ends it once idle', async () => {
  const fitter = createImageFitter({ launch: utilityProcessImageWorker(standInFork, built.path), idleMs: 50 });
  try {
    const input = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#336699' } }).png().toBuffer();
    const ended = new Promise<number | undefined>((resolve) => fitter.onWorkerExit(resolve));
    const [here, there] = await Promise.all([fitImage(input), fitter.fit(input)]);
    expect(forked).toEqual([{ modulePath: built.path, serviceName: 'MCP Workbench images', pid: expect.any(Number) }]);
    expect(there.data.equals(here.data)).toBe(true);
    expect([there.width, there.height, there.mimeType, there.transformed]).toEqual([here.width, here.height, here.mimeType, here.transformed]);
    expect(await ended).toBe(forked[0]!.pid);
    expect(fitter.workerPid).toBeUndefined();
  } finally {
    fitter.close();
  }
}, 60_000);
