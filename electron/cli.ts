/**
 * `mcp-workbench`: the headless CLI on the same core as the app (see electron/cli/).
 * Every server it starts is closed before it exits, also on Ctrl+C.
 */
import { EXIT } from './cli/exit-codes';
import { flush } from './cli/output';
import { runCli } from './cli/run-cli';
import { stopSignalOwner } from './cli/signal-handoff';
import { onStopSignals, signalExitCode } from './core/lifecycle/stop-signals';
import { installLastResortHandler } from './core/util/last-resort';
import { messageOf } from '../shared/errors';


const io = { stdout: process.stdout, stderr: process.stderr, env: process.env, cwd: process.cwd() };

// A reader that went away (`mcp-workbench tools list x | head -3`) must not crash the CLI
// before it closes its servers: what is left to write is dropped, the run ends as usual.
for (const stream of [process.stdout, process.stderr]) stream.on('error', () => undefined);

async function exit(code: number): Promise<never> {
  // A pipe may still hold part of a big --json document: hand it all over first.
  await Promise.all([flush(process.stdout), flush(process.stderr)]);
  process.exit(code);
}

/** Only a command that opened the core has servers to close (and has loaded the session module). */
const closeSessions = async () => (await import('./cli/session')).closeAllSessions();
/** Ctrl+C: what is under way is cancelled first (its server is told), then everything is closed. */
const cancelThenClose = async () => {
  // Closing waits (briefly) for the cancelled calls to reach their servers (connection-manager.ts closeAll).
  (await import('./cli/session')).cancelAllSessions();
  await closeSessions();
};

// An error nobody caught: close every server, then exit as a failed run does (never leave one running).
installLastResortHandler({ cleanup: closeSessions, write: (text) => process.stderr.write(text), exit: (code) => void exit(code), exitCode: EXIT.connection });

let interrupted = false;
const interrupt = (signal: NodeJS.Signals, code: number) => {
  if (interrupted) process.exit(code); // a second Ctrl+C: stop waiting
  interrupted = true;
  process.stderr.write(`\n${signal === 'SIGINT' ? 'Interrupted' : 'Stopped'}: closing servers…\n`);
  void cancelThenClose().finally(() => exit(code));
};
onStopSignals((signal) => {
  // `record` passes signals on to the server it stands in front of, and ends when it does.
  const owner = stopSignalOwner();
  if (owner) owner(signal);
  else interrupt(signal, signalExitCode(signal));
});

runCli(process.argv.slice(2), io).then(
  (code) => {
    if (!interrupted) void exit(code);
  },
  async (error: unknown) => {
    process.stderr.write(`mcp-workbench failed: ${messageOf(error)}\n`);
    await closeSessions();
    await exit(EXIT.connection);
  },
);
