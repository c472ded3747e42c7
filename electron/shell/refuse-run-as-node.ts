/**
 * Imported first by main.ts, so it runs before anything else of the app. The packaged app
 * has its RunAsNode fuse off: `ELECTRON_RUN_AS_NODE` is then ignored by the binary
 * (Electron's shell/app/electron_main_*.cc run Node only when the fuse is on and the
 * variable is set and not empty) and the whole app starts. Something meant to run a script
 * with the app's binary as Node — an older version of our own login-shell probe, a tool
 * that copies the variable into its children — would start a second app, which could do
 * the same. Exit at once instead, saying why.
 */
import { runAsNodeRefusal } from './run-as-node';

const refusal = runAsNodeRefusal(process.env);
if (refusal) {
  process.stderr.write(`${refusal}\n`);
  process.exit(1);
}
