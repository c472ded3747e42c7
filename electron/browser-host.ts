/**
 * Browser mode: the same renderer and the same AppApi as the desktop app, served to a
 * browser on 127.0.0.1 (another address only with --host and --allow-remote). Prints
 * exactly one line to stdout (the URL with its token); everything else goes to stderr.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createCore } from './core/api/core-api';
import { createSecretStore } from './core/secrets/create-secret-store';
import { lazySecretStore } from './core/secrets/lazy-secret-store';
import { createDispatcher } from './core/api/dispatcher';
import { diagnostics, startDiagnostics } from './core/diagnostics/diagnostics';
import { resolveAppDirs } from './core/app-data';
import { onStopSignals } from './core/lifecycle/stop-signals';
import { installLastResortHandler } from './core/util/last-resort';
import { decideBind, DEFAULT_BIND_HOST, remoteWarning } from './host/bind-address';
import { hostDesktop } from './host/desktop';
import { startHost } from './host/host-server';
import { startSandboxServer } from './host/apps/sandbox-server';
import { allowedOrigins } from './host/request-guard';
import { hostHeaderNames } from './host/bind-address';
import { openInBrowser } from './core/platform/open-browser';
import { messageOf } from '../shared/errors';

declare const __APP_VERSION__: string;

/** Set once the core exists: what the last-resort handler stops before exiting. */
let disposeCore: (() => Promise<void>) | undefined;
installLastResortHandler({ cleanup: async () => disposeCore?.(), write: (text) => process.stderr.write(text) });

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '0' },
      host: { type: 'string', default: DEFAULT_BIND_HOST },
      'allow-remote': { type: 'boolean', default: false },
      'no-open': { type: 'boolean', default: false },
      verbose: { type: 'boolean', default: false },
    },
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write(`--port must be a whole number from 0 to 65535, got "${values.port}"\n`);
    process.exit(2);
  }
  const bind = decideBind(values.host, values['allow-remote']);
  if (!bind.ok) {
    process.stderr.write(`${bind.message}\n`);
    process.exit(2);
  }

  const dirs = resolveAppDirs();
  // --verbose: every diagnostic line, down to debug, on stderr too (stdout keeps its one line).
  const logFile = startDiagnostics({ dataDir: dirs.data, fileName: 'browser.log', ...(values.verbose ? { verbose: process.stderr } : {}) });
  diagnostics.info(`MCP Workbench ${__APP_VERSION__} browser host starting; diagnostic log ${logFile}`);
  // The system keychain's store, shared with the app and the CLI (a 0600 file where none
  // answers), opened when a secret is first read or saved, as in the desktop app: asking the
  // keychain starts a helper process (some 150 ms; on macOS possibly a prompt), which must not
  // hold up the page, nor happen at all in a session that touches no secret.
  const secretStore = lazySecretStore(() => createSecretStore({ dataDir: dirs.config, notice: (line) => process.stderr.write(`${line}\n`) }));
  // MCP Apps run on a listener of their own (another port, so another origin); only the
  // workbench page, known once it listens, may frame it.
  let pageOrigins: readonly string[] = [];
  const sandbox = await startSandboxServer({ host: bind.host, hostNames: hostHeaderNames(bind.host), parentOrigins: () => pageOrigins });
  const core = await createCore({
    dataDir: dirs.config,
    storageDir: dirs.data,
    cacheDir: dirs.cache,
    autoConnect: true,
    watchContracts: true,
    appVersion: __APP_VERSION__,
    desktop: hostDesktop(),
    secretStore,
    appSandbox: () => ({ url: sandbox.url }),
  });
  disposeCore = () => core.dispose();
  const host = await startHost({
    frameSources: [sandbox.origin],
    dispatch: createDispatcher(core.api),
    events: core.events,
    rendererDir: path.resolve(__dirname, '..', 'renderer'),
    port,
    host: bind.host,
  }).catch((error: NodeJS.ErrnoException) => {
    process.stderr.write(
      error.code === 'EADDRINUSE'
        ? `Port ${port} is already in use; pick another with --port, or 0 for any.\n`
        : error.code === 'EADDRNOTAVAIL'
          ? `${bind.host} is not an address of this machine; pick another with --host.\n`
          : `${error.message}\n`,
    );
    return process.exit(1);
  });

  pageOrigins = allowedOrigins(host.port, hostHeaderNames(bind.host));
  if (bind.remote) process.stderr.write(`${remoteWarning(bind.host, host.port)}\n`);
  process.stdout.write(`MCP Workbench ready at ${host.url}\n`);
  // Once the store is open: the page learns where secrets go and, where no system keychain
  // answered, the terminal says so too.
  secretStore.onOpened((info) => {
    core.events.emit({ type: 'secret-store-changed', secretStore: info });
    if (info.warning) process.stderr.write(`Note: ${info.warning}\n`);
  });
  // The opener's command line is readable by every local user: it gets a one-time launch URL, never the token.
  if (!values['no-open']) openInBrowser(host.launchUrl(), (message) => process.stderr.write(`${message}\n`), host.url);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    // Servers first: quitting must leave no server process behind.
    await core.dispose();
    await host.close();
    await sandbox.close();
    await diagnostics.close();
    process.exit(0);
  };
  onStopSignals(() => void stop());
}

main().catch(async (error: unknown) => {
  process.stderr.write(`MCP Workbench could not start: ${messageOf(error)}\n`);
  diagnostics.error('MCP Workbench could not start', error);
  await diagnostics.close();
  process.exit(1);
});
