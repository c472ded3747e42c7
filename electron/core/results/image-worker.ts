/**
 * The image worker: a child process that runs the image pipeline (sharp, libvips) for the
 * core, started by image-fitter.ts and ended when it has been idle for a while. libvips
 * allocates tens of megabytes to decode and resize a big image; glibc's allocator keeps
 * much of that in the process once freed, so done in the core's process the memory stays
 * with it for good. Done here, it goes back to the system when this process ends.
 *
 * Under Node (browser mode, the CLI) it is a `child_process.fork` child and talks over its
 * IPC channel; in the desktop app it is an Electron utility process and talks over its
 * parent port. Built to out/electron/image-worker.cjs (scripts/build.mjs).
 */
import { fitImage, ImageDecodeError } from './image-pipeline';
import { asBuffer, type FitAnswer, type FitRequest } from './image-worker-protocol';
import { messageOf } from '../../../shared/errors';

interface ParentPort {
  on(event: 'message', listener: (event: { data: unknown }) => void): void;
  postMessage(message: unknown): void;
}

const parentPort = (process as unknown as { parentPort?: ParentPort }).parentPort;

function reply(answer: FitAnswer): void {
  if (parentPort) parentPort.postMessage(answer);
  else process.send?.(answer);
}

async function handle(request: FitRequest): Promise<void> {
  try {
    const input = asBuffer(request.input);
    const { data, ...image } = await fitImage(input, request.limits);
    reply({ id: request.id, ok: true, image: data === input ? image : { ...image, data } });
  } catch (error) {
    reply({ id: request.id, ok: false, message: messageOf(error), decode: error instanceof ImageDecodeError });
  }
}

if (parentPort) {
  parentPort.on('message', (event) => void handle(event.data as FitRequest));
} else {
  process.on('message', (message) => void handle(message as FitRequest));
  // The core went away (or let go of this worker): nothing more will come.
  process.on('disconnect', () => process.exit(0));
}
