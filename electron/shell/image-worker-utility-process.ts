/**
 * The desktop app's image worker (electron/core/results/image-fitter.ts): an Electron
 * utility process, since the packaged binary cannot run as plain Node (its RunAsNode fuse
 * is off). It ends when idle like the Node one, handing back the memory libvips used.
 * Written against a minimal slice of Electron's types so it can be tested with a stand-in.
 */
import type { ForkOptions } from 'electron';
import { IMAGE_WORKER_PATH, type LaunchImageWorker } from '../core/results/image-fitter';
import { diagnostics } from '../core/diagnostics/diagnostics';
import type { FitAnswer } from '../core/results/image-worker-protocol';

export interface ImageUtilityProcess {
  readonly pid: number | undefined;
  postMessage(message: unknown): void;
  on(event: 'message', listener: (message: unknown) => void): unknown;
  on(event: 'exit', listener: (code: number) => void): unknown;
  /** A V8 fatal error in the child (docs/api/utility-process.md); 'exit' follows. Unheard, an EventEmitter's 'error' throws in the main process. */
  on(event: 'error', listener: (type: string, location: string) => void): unknown;
  kill(): boolean;
}
export type ForkImageUtilityProcess = (modulePath: string, args: string[], options: ForkOptions) => ImageUtilityProcess;

export function utilityProcessImageWorker(fork: ForkImageUtilityProcess, workerPath = IMAGE_WORKER_PATH): LaunchImageWorker {
  return () => {
    const child = fork(workerPath, [], { serviceName: 'MCP Workbench images', stdio: 'ignore', env: { ...process.env, MALLOC_MMAP_THRESHOLD_: '131072' } });
    // The fitter hears the 'exit' that follows and fails the images in flight.
    child.on('error', (type, location) => diagnostics.warn(`The image worker failed (${type} at ${location})`));
    return {
      get pid() {
        return child.pid;
      },
      send: (request) => child.postMessage(request),
      onMessage: (listener) => child.on('message', (message) => listener(message as FitAnswer)),
      onExit: (listener) => child.on('exit', (code) => listener(code)),
      // A utility process never keeps the app running.
      hold: () => undefined,
      kill: () => void child.kill(),
    };
  };
}
