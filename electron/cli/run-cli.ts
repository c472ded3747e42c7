/** Parses the command line, runs the command, and answers with the exit code. */
import { CommanderError } from 'commander';
import { diagnostics } from '../core/diagnostics/diagnostics';
import { EXIT, type ExitCode } from './exit-codes';
import type { CliIo } from './output';
import { buildProgram } from './program';

export async function runCli(argv: string[], io: CliIo): Promise<ExitCode> {
  let exitCode: ExitCode = EXIT.ok;
  const program = buildProgram(io, (code) => (exitCode = code));
  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (error) {
    // --help and --version end with code 0; a parse error (already explained on stderr) is a usage error.
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    throw error;
  } finally {
    // The log file's last lines are written before the process exits.
    await diagnostics.close();
  }
  return exitCode;
}
