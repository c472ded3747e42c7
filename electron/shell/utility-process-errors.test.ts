/**
 * A utility process can end with a V8 fatal error: Electron emits 'error' (type, location,
 * report) and then 'exit' (docs/api/utility-process.md, "Event: 'error'": "No matter if
 * you listen to the error event, the exit event will be emitted after the child process
 * terminates"). UtilityProcess is an EventEmitter, and an EventEmitter's 'error' with no
 * listener throws in the emitting process — here the main process. Both of the app's
 * utility processes (the keychain helper and the image worker) must hear it.
 */
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { createImageFitter } from '../core/results/image-fitter';
import { utilityProcessImageWorker, type ImageUtilityProcess } from './image-worker-utility-process';
import { utilityProcessKeychainRunner, type UtilityProcessLike } from './keychain-utility-process';

/** A utility process that, once it is sent a message, dies of a fatal error, as Electron reports it. */
class FatalUtilityProcess extends EventEmitter {
  readonly pid = 4242;
  postMessage(): void {
    setImmediate(() => {
      this.emit('error', 'FatalError', 'v8::ToLocalChecked Empty MaybeLocal', '{"header":{}}');
      this.emit('exit', 134);
    });
  }
  kill(): boolean {
    return true;
  }
}

describe("utility processes' fatal errors", () => {
  it('the keychain helper: the request fails with the error named, and nothing throws in main', async () => {
    const runner = utilityProcessKeychainRunner(() => new FatalUtilityProcess() as unknown as UtilityProcessLike);
    await expect(runner('{"op":"get"}', 5_000)).rejects.toThrow(/keychain helper failed \(FatalError at v8::ToLocalChecked/);
  });

  it('the image worker: the image in flight fails, and nothing throws in main', async () => {
    const fitter = createImageFitter({ launch: utilityProcessImageWorker(() => new FatalUtilityProcess() as unknown as ImageUtilityProcess) });
    try {
      await expect(fitter.fit(Buffer.from('not really an image'))).rejects.toThrow(/image worker ended \(exit code 134\)/);
    } finally {
      fitter.close();
    }
  });
});
