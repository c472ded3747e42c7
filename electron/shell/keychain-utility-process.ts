/**
 * The desktop app's way to run the keychain helper: an Electron utility process. A plain
 * Node child (ELECTRON_RUN_AS_NODE) is not available in the packaged app, whose fuses
 * switch it off; a utility process is, and is as easy to kill when the keychain hangs.
 * Written against a minimal slice of Electron's types so it can be tested with a stand-in.
 */
import type { ForkOptions, UtilityProcess } from 'electron';
import { KEYCHAIN_HELPER_PATH, type KeychainRunner } from '../core/secrets/keychain-runner';

export type UtilityProcessLike = Pick<UtilityProcess, 'postMessage' | 'kill'> & {
  on(event: 'message', listener: (message: unknown) => void): unknown;
  on(event: 'exit', listener: (code: number) => void): unknown;
  /** A V8 fatal error in the child (docs/api/utility-process.md); 'exit' follows. Unheard, an EventEmitter's 'error' throws in the main process. */
  on(event: 'error', listener: (type: string, location: string) => void): unknown;
};
export type ForkUtilityProcess = (modulePath: string, args: string[], options: ForkOptions) => UtilityProcessLike;

export function utilityProcessKeychainRunner(fork: ForkUtilityProcess, helperPath = KEYCHAIN_HELPER_PATH): KeychainRunner {
  return (request, timeoutMs) =>
    new Promise((resolve, reject) => {
      let settled = false;
      let child: UtilityProcessLike;
      const finish = (action: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        // The helper waits for further messages on its port: it is done once it has answered.
        child?.kill();
        action();
      };
      const timer = setTimeout(() => finish(() => reject(new Error(`it did not answer within ${timeoutMs / 1000} s`))), timeoutMs);
      try {
        child = fork(helperPath, [], { serviceName: 'MCP Workbench keychain', stdio: 'ignore' });
      } catch (error) {
        finish(() => reject(error as Error));
        return;
      }
      child.on('message', (message) => finish(() => resolve(String(message))));
      child.on('error', (type, location) => finish(() => reject(new Error(`the keychain helper failed (${type} at ${location})`))));
      child.on('exit', (code) => finish(() => reject(new Error(`the keychain helper ended (exit code ${code}) without an answer`))));
      child.postMessage(request);
    });
}
