/**
 * The image worker as a real child process: the worker script is bundled here with esbuild
 * (as scripts/build.mjs does) and forked. What it answers must be exactly what fitImage
 * gives in process; once idle it ends (its memory goes back to the system) and the next
 * image starts another.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createImageFitter, nodeImageWorker, type ImageFitter } from './image-fitter';
import { fitImage, ImageDecodeError } from './image-pipeline';
import { buildImageWorkerForTests, type BuiltImageWorker } from './image-worker.testing';

let built: BuiltImageWorker;
let workerPath: string;

beforeAll(async () => {
  built = await buildImageWorkerForTests();
  workerPath = built.path;
}, 60_000);

afterAll(() => built?.remove());

const flat = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 10, g: 120, b: 200 } } }).png().toBuffer();

/** Whether a process with this id still runs. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Resolves when the fitter's worker has ended, with its process id. */
const workerEnded = (fitter: ImageFitter) =>
  new Promise<number | undefined>((resolve) => {
    const stop = fitter.onWorkerExit((pid) => {
      stop();
      resolve(pid);
    });
  });

describe('the image worker', () => {
  it('answers exactly what fitImage gives in process, for a resized image and for one kept as it came', async () => {
    const fitter = createImageFitter({ launch: nodeImageWorker(workerPath) });
    try {
      for (const input of [await flat(4000, 3000), await flat(800, 600)]) {
        const [here, there] = await Promise.all([fitImage(input), fitter.fit(input)]);
        expect(fitter.workerPid).not.toBe(process.pid);
        expect(there.data.equals(here.data)).toBe(true);
        const { data: _a, ...hereRest } = here;
        const { data: _b, ...thereRest } = there;
        expect(thereRest).toEqual(hereRest);
      }
    } finally {
      fitter.close();
    }
  }, 60_000);

  it('ends once idle, and the next image starts a new worker', async () => {
    const fitter = createImageFitter({ launch: nodeImageWorker(workerPath), idleMs: 50 });
    try {
      const input = await flat(3000, 2000);
      const ended = workerEnded(fitter);
      const first = await fitter.fit(input);
      const firstPid = fitter.workerPid!;
      expect(alive(firstPid)).toBe(true);
      expect(await ended).toBe(firstPid);
      expect(fitter.workerPid).toBeUndefined();
      expect(alive(firstPid)).toBe(false);

      const second = await fitter.fit(input);
      expect(fitter.workerPid).toBeDefined();
      expect(fitter.workerPid).not.toBe(firstPid);
      expect(second.data.equals(first.data)).toBe(true);
    } finally {
      fitter.close();
    }
  }, 60_000);

  it('reports an image it cannot read as an ImageDecodeError, with the same words as in process', async () => {
    const fitter = createImageFitter({ launch: nodeImageWorker(workerPath) });
    try {
      const garbage = Buffer.from('not an image at all');
      const here = (await fitImage(garbage).catch((error: Error) => error)) as Error;
      const there = (await fitter.fit(garbage).catch((error: Error) => error)) as Error;
      expect(there).toBeInstanceOf(ImageDecodeError);
      expect(there.message).toBe(here.message);
    } finally {
      fitter.close();
    }
  }, 60_000);

  it('fails the images in flight when the worker dies, and starts a fresh one for the next', async () => {
    const fitter = createImageFitter({ launch: nodeImageWorker(workerPath) });
    try {
      const input = await flat(4000, 3000);
      await fitter.fit(await flat(10, 10));
      const pid = fitter.workerPid!;
      const inFlight = fitter.fit(input);
      process.kill(pid, 'SIGKILL');
      await expect(inFlight).rejects.toThrow(/The image worker ended/);
      const again = await fitter.fit(input);
      expect(fitter.workerPid).not.toBe(pid);
      expect(again.width).toBe(2000);
    } finally {
      fitter.close();
    }
  }, 60_000);
});
