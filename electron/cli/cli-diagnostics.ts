/**
 * The CLI's diagnostic log: `cli.log` in the app's log folder for every command that runs,
 * and with --verbose every line down to debug on stderr (never stdout: --json output stays
 * one document).
 */
import { resolveAppDataDir } from '../core/app-data';
import { diagnostics, startDiagnostics } from '../core/diagnostics/diagnostics';
import type { CliIo } from './output';
import { forTerminal } from './terminal-text';

export function startCliDiagnostics(io: CliIo, verbose: boolean): void {
  // Diagnostic lines quote servers (their stderr, their errors): safe for the terminal like every other line.
  const terminal = { write: (text: string) => io.stderr.write(forTerminal(text)) };
  const logFile = startDiagnostics({ dataDir: resolveAppDataDir(io.env), fileName: 'cli.log', env: io.env, ...(verbose ? { verbose: terminal } : {}) });
  diagnostics.debug(`Diagnostic log: ${logFile}`);
}
