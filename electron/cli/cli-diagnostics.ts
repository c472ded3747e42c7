/**
 * The CLI's diagnostic log: `cli.log` in the app's log folder for every command that runs,
 * and with --verbose every line down to debug on stderr (never stdout: --json output stays
 * one document).
 */
import { resolveAppDataDir } from '../core/app-data';
import { diagnostics, startDiagnostics } from '../core/diagnostics/diagnostics';
import type { CliIo } from './output';

export function startCliDiagnostics(io: CliIo, verbose: boolean): void {
  const logFile = startDiagnostics({ dataDir: resolveAppDataDir(io.env), fileName: 'cli.log', env: io.env, ...(verbose ? { verbose: io.stderr } : {}) });
  diagnostics.debug(`Diagnostic log: ${logFile}`);
}
