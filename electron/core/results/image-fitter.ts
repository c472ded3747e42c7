/**
 * Fits images (image-pipeline.ts) in a worker process of their own, started on the first
 * image and ended once it has had nothing to do for a while (IMAGE_WORKER_IDLE_MS), so the
 * memory libvips and the allocator hold after a big image goes back to the system with
 * it; on glibc that memory would otherwise stay with the core's process for good (see
 * docs/development.md, "image-memory"). The answers are exactly what `fitImage` gives in
 * process.
 *
 * How the worker is started depends on the host: under Node (browser mode, the CLI, tests)
 * a `child_process.fork` of image-worker.cjs; in the desktop app, whose packaged binary
 * cannot run as plain Node, an Electron utility process (electron/shell passes that
 * launcher in with `setImageWorkerLauncher`). Where no worker script exists (the core run from its
 * TypeScript sources, in unit tests) images are fitted in process.
 */
import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { diagnostics } from '../diagnostics/diagnostics';
import { fitImage, ImageDecodeError, type FittedImage, type ImageLimits } from './image-pipeline';
import { asBuffer, type FitAnswer, type FitRequest } from './image-worker-protocol';

/** Beside the bundles in out/electron (and out/bench) once built. */
export const IMAGE_WORKER_PATH = path.join(__dirname, 'image-worker.cjs');

/** How long a worker with nothing to do is kept, for the next image of a burst. */
export const IMAGE_WORKER_IDLE_MS = 10_000;

/** A started worker, whatever kind of process it is. */
interface ImageWorkerProcess {
  readonly pid: number | undefined;
  send(request: FitRequest): void;
  onMessage(listener: (answer: FitAnswer) => void): void;
  onExit(listener: (code: number | null) => void): void;
  /** Whether the worker may keep the core's process alive (only while it has work). */
  hold(on: boolean): void;
  kill(): void;
}

export type LaunchImageWorker = () => ImageWorkerProcess;

/**
 * A Node child process. MALLOC_MMAP_THRESHOLD_ makes glibc map big blocks and hand them
 * back when freed, so the worker stays small between images too; other allocators ignore it.
 */
export function nodeImageWorker(scriptPath = IMAGE_WORKER_PATH): LaunchImageWorker {
  return () => {
    const child = fork(scriptPath, [], {
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      env: { ...process.env, MALLOC_MMAP_THRESHOLD_: '131072' },
      execArgv: [],
    });
    return {
      pid: child.pid,
      send: (request) => child.send(request),
      onMessage: (listener) => child.on('message', (message) => listener(message as FitAnswer)),
      onExit: (listener) => {
        child.once('exit', (code) => listener(code));
        // A fork that could not start ends with 'error' and no 'exit'.
        child.once('error', () => listener(null));
      },
      hold: (on) => {
        if (on) {
          child.ref();
          child.channel?.ref();
        } else {
          child.unref();
          child.channel?.unref();
        }
      },
      kill: () => child.kill(),
    };
  };
}

export interface ImageFitter {
  fit(input: Buffer, limits?: ImageLimits): Promise<FittedImage>;
  /** The running worker's process id; undefined when none runs. */
  readonly workerPid: number | undefined;
  /** Called each time a worker ends (idle, killed, crashed). */
  onWorkerExit(listener: (pid: number | undefined) => void): () => void;
  /** Ends the worker now; images still being fitted fail. */
  close(): void;
}

export interface ImageFitterOptions {
  launch: LaunchImageWorker;
  idleMs?: number;
}

interface Waiting {
  input: Buffer;
  resolve(image: FittedImage): void;
  reject(error: Error): void;
}

export function createImageFitter({ launch, idleMs = IMAGE_WORKER_IDLE_MS }: ImageFitterOptions): ImageFitter {
  let worker: ImageWorkerProcess | undefined;
  let idleTimer: ReturnType<typeof setTimeout> | undefined;
  let nextId = 1;
  const waiting = new Map<number, Waiting>();
  const exitListeners = new Set<(pid: number | undefined) => void>();

  const stopIdleTimer = () => {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = undefined;
  };

  const start = (): ImageWorkerProcess => {
    const started = launch();
    started.onMessage((answer) => {
      const call = waiting.get(answer.id);
      if (!call) return;
      waiting.delete(answer.id);
      if (answer.ok) call.resolve({ ...answer.image, data: answer.image.data ? asBuffer(answer.image.data) : call.input });
      else call.reject(answer.decode ? decodeError(answer.message) : new Error(answer.message));
      if (waiting.size === 0) idle();
    });
    started.onExit((code) => {
      if (worker !== started) return;
      worker = undefined;
      stopIdleTimer();
      const lost = [...waiting.values()];
      waiting.clear();
      for (const call of lost) call.reject(new Error(`The image worker ended (${code === null ? 'it could not start or was killed' : `exit code ${code}`}) before it answered.`));
      for (const listener of exitListeners) listener(started.pid);
    });
    return started;
  };

  /** Nothing to do: let the core's process exit if it wants to, and end the worker after idleMs. */
  const idle = () => {
    worker?.hold(false);
    stopIdleTimer();
    idleTimer = setTimeout(() => {
      idleTimer = undefined;
      if (waiting.size === 0) worker?.kill();
    }, idleMs);
    idleTimer.unref?.();
  };

  return {
    fit(input, limits) {
      stopIdleTimer();
      worker ??= start();
      worker.hold(true);
      const id = nextId++;
      return new Promise<FittedImage>((resolve, reject) => {
        waiting.set(id, { input, resolve, reject });
        worker!.send({ id, input, ...(limits ? { limits } : {}) });
      });
    },
    get workerPid() {
      return worker?.pid;
    },
    onWorkerExit(listener) {
      exitListeners.add(listener);
      return () => exitListeners.delete(listener);
    },
    close() {
      stopIdleTimer();
      worker?.kill();
    },
  };
}

function decodeError(message: string): ImageDecodeError {
  const error = new ImageDecodeError(undefined);
  error.message = message;
  return error;
}

/**
 * The fitter every result and resource image goes through. `null` fits in process;
 * undefined (the default) picks a Node worker when its script exists.
 */
let launcher: LaunchImageWorker | null | undefined;
let shared: ImageFitter | undefined;

/** The desktop app passes an Electron utility process launcher here, before the first image. */
export function setImageWorkerLauncher(launch: LaunchImageWorker | null): void {
  shared?.close();
  shared = undefined;
  launcher = launch;
}

function sharedFitter(): ImageFitter | undefined {
  if (shared) return shared;
  if (launcher === undefined) {
    launcher = existsSync(IMAGE_WORKER_PATH) ? nodeImageWorker() : null;
    if (!launcher) diagnostics.debug(`No image worker at ${IMAGE_WORKER_PATH}: images are fitted in this process.`);
  }
  if (launcher) shared = createImageFitter({ launch: launcher });
  return shared;
}

/** Fits an image within the model-client limits, in the image worker when there is one. */
export function fitImageInWorker(input: Buffer, limits?: ImageLimits): Promise<FittedImage> {
  const fitter = sharedFitter();
  return fitter ? fitter.fit(input, limits) : fitImage(input, limits);
}

/** The shared worker's process id while one runs (for the image-memory benchmark). */
export function imageWorkerPid(): number | undefined {
  return shared?.workerPid;
}
