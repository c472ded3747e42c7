/** `snapshot` (a server's contract as a committable file) and `diff` (two snapshots, or a live server against one). */
import fs from 'node:fs/promises';
import path from 'node:path';
import { captureSnapshot } from '../../core/contracts/capture';
import { CHANGE_KINDS, diffSnapshots, hasBreaking, type ContractChange } from '../../core/contracts/diff';
import { InvalidSnapshotError, parseSnapshot, serializeSnapshot, type ContractSnapshot } from '../../core/contracts/snapshot';
import type { CommandRun } from '../command-run';
import { CliError, EXIT, usageError, type ExitCode } from '../exit-codes';
import type { Session, SourceOptions } from '../session';
import { formatTable } from '../table';

export interface SnapshotOptions extends SourceOptions {
  output?: string;
}

export interface DiffOptions extends SourceOptions {
  against?: string;
}

/** Connects the server and takes its snapshot; a server that does not connect is a connection failure. */
async function liveSnapshot(run: CommandRun, session: Session, server: string | undefined): Promise<ContractSnapshot> {
  const name = run.serverName(session, server);
  const view = await session.api.connectServer({ name });
  if (view.status !== 'connected') {
    throw new CliError(`${name} did not connect (${view.status})${view.error ? `: ${view.error}` : ''}.`, view.errorKind === 'timeout' ? EXIT.timeout : EXIT.connection);
  }
  const snapshot = await captureSnapshot(session.api, view);
  // Written all the same: the failing list is part of what clients meet. Said once, on stderr.
  for (const failed of snapshot.failing ?? []) run.output.note(`Warning: ${name} declares "${failed.capability}" but ${failed.method} failed: ${failed.error}. Recorded under "failing"; its list is empty.`);
  return snapshot;
}

/** Reads a snapshot file; a missing, unreadable or invalid one is bad input (exit 2), said plainly. */
async function readSnapshotFile(run: CommandRun, file: string): Promise<ContractSnapshot> {
  const where = path.resolve(run.io.cwd, file);
  let text: string;
  try {
    text = await fs.readFile(where, 'utf8');
  } catch (error) {
    throw usageError(`Cannot read the snapshot ${file}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}.`);
  }
  try {
    return parseSnapshot(text);
  } catch (error) {
    if (error instanceof InvalidSnapshotError) throw usageError(`${file} is not a valid snapshot: ${error.message}.`, 'Write one with: mcp-workbench snapshot <server> -o <file>');
    throw error;
  }
}

export async function snapshot(run: CommandRun, server: string | undefined, options: SnapshotOptions): Promise<ExitCode> {
  const session = await run.session(options);
  const text = serializeSnapshot(await liveSnapshot(run, session, server));
  if (options.output) {
    await fs.writeFile(path.resolve(run.io.cwd, options.output), text);
    if (run.output.json) run.output.document({ server: run.server, file: options.output });
    else run.output.note(`Wrote ${options.output}.`);
  } else {
    // The snapshot is JSON already, written exactly as a file would hold it (with or without --json).
    run.io.stdout.write(text);
  }
  return EXIT.ok;
}

export async function diff(run: CommandRun, operands: string[], options: DiffOptions): Promise<ExitCode> {
  let before: ContractSnapshot;
  let after: ContractSnapshot;
  if (options.against !== undefined) {
    if (operands.length > 1) throw usageError('With --against, give one server (or --stdio/--url), not files.');
    before = await readSnapshotFile(run, options.against);
    after = await liveSnapshot(run, await run.session(options), operands[0]);
  } else {
    if (operands.length !== 2) throw usageError('Give two snapshot files (diff <before.json> <after.json>), or a server and --against <file>.');
    if (options.stdio !== undefined || options.url !== undefined) throw usageError('A live server (--stdio, --url) is compared with --against <file>.');
    before = await readSnapshotFile(run, operands[0]!);
    after = await readSnapshotFile(run, operands[1]!);
  }
  const changes = diffSnapshots(before, after);
  const breaking = hasBreaking(changes);
  const counts = Object.fromEntries(CHANGE_KINDS.map((kind) => [kind, changes.filter((c) => c.kind === kind).length]));
  if (run.output.json) {
    run.output.document({ breaking, counts, changes });
  } else {
    printChanges(run, changes);
    run.output.line(changes.length ? CHANGE_KINDS.map((kind) => `${counts[kind]} ${kind}`).join(', ') + '.' : 'No changes.');
  }
  return breaking ? EXIT.toolError : EXIT.ok;
}

function printChanges(run: CommandRun, changes: ContractChange[]): void {
  if (changes.length === 0) return;
  const ordered = [...changes].sort((a, b) => CHANGE_KINDS.indexOf(a.kind) - CHANGE_KINDS.indexOf(b.kind));
  const lines = formatTable(
    ordered,
    [
      { header: 'KIND', value: (c) => c.kind },
      { header: 'WHERE', value: (c) => `${c.in}:${c.pointer}` },
      { header: 'CHANGE', value: (c) => c.message },
    ],
    run.output.width,
  );
  for (const line of lines) run.output.line(line);
  run.output.line();
}
