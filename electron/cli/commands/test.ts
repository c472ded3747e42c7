/**
 * `test`: runs collection files (saved requests with assertions) against a server and
 * reports as pretty text, JUnit XML, TAP or JSON. Files that do not parse stop everything
 * before any server starts (exit 2); a server that does not connect is its own exit code
 * (3, or 4 for a timeout); otherwise 0 when every step passed and 1 when one failed.
 */
import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Collection } from '../../../shared/api/collections';
import { checkedCollectionsFolder, isCollectionFileName, readCollectionFile } from '../../core/collections/collection-folder';
import type { CommandRun } from '../command-run';
import { exitCodeOf } from '../exit-code-of';
import { EXIT, usageError, type ExitCode } from '../exit-codes';
import { REPORTERS, type CollectionOutcome, type ReporterName } from '../reporters/collection-results';
import { collectionsJson } from '../reporters/json-collections';
import { collectionsJunit } from '../reporters/junit-collections';
import { collectionHeader, collectionsPretty, stepPretty, summaryLine } from '../reporters/pretty-collections';
import { collectionsTap } from '../reporters/tap-collections';
import type { SourceOptions } from '../session';
import { forTerminal, jsonForTerminal } from '../terminal-text';
import { messageOf } from '../../../shared/errors';
import { ModelRecording } from '../../core/models/model-recording';
import type { ModelTurnMode } from '../../core/models/model-access';

export interface TestOptions extends SourceOptions {
  server?: string;
  reporter?: string;
  output?: string;
  bail?: boolean;
  /** `both`: run at 2025-11-25 and at 2026-07-28 and compare (test-eras.ts). */
  eras?: string;
  /** Save every model answer of the run's eval steps to this file. */
  llmRecord?: string;
  /** Answer the eval steps' model turns from this file (made by --llm-record). */
  llmReplay?: string;
}

const RENDER: Record<ReporterName, (outcomes: readonly CollectionOutcome[]) => string> = {
  pretty: collectionsPretty,
  junit: collectionsJunit,
  tap: collectionsTap,
  json: collectionsJson,
};

/** The files named, or every collection file of the project's collections folder. */
export async function collectionFiles(run: CommandRun, files: string[], options: TestOptions): Promise<string[]> {
  if (files.length) return files.map((file) => path.resolve(run.io.cwd, file));
  const folder = await checkedCollectionsFolder(path.resolve(run.io.cwd, options.project ?? '.'));
  let names: string[];
  try {
    names = (await readdir(folder, { withFileTypes: true })).filter((entry) => entry.isFile() && isCollectionFileName(entry.name)).map((entry) => entry.name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    names = [];
  }
  if (names.length === 0) throw usageError(`No collection files in ${folder}.`, 'Name the files to run (mcp-workbench test smoke.yaml), or save collections in the app.');
  return names.sort((a, b) => a.localeCompare(b)).map((name) => path.join(folder, name));
}

interface Loaded {
  file: string;
  collection: Collection;
}

/** Every file parsed first: one with problems stops the run before any server starts. */
export async function loadAll(run: CommandRun, paths: string[]): Promise<Loaded[]> {
  const read = await Promise.all(paths.map((where) => readCollectionFile(where, path.relative(run.io.cwd, where) || where)));
  const problems = read.flatMap((file) => file.problems);
  if (problems.length) {
    const lines = problems.map((problem) => `${problem.file}${problem.line ? `:${problem.line}` : ''}: ${problem.step ? `step ${problem.step}: ` : ''}${problem.message}`);
    throw usageError(`${problems.length === 1 ? 'A collection file has a problem' : `Collection files have ${problems.length} problems`}; nothing was run:\n  ${lines.join('\n  ')}`, 'docs/collections.md describes the format.');
  }
  return read.map((file) => ({ file: file.file, collection: file.collection! }));
}

export async function test(run: CommandRun, files: string[], options: TestOptions): Promise<ExitCode> {
  if (options.eras === 'both') {
    if (options.llmRecord !== undefined || options.llmReplay !== undefined) throw usageError('--llm-record and --llm-replay work on a single run, not with --eras both.');
    return (await import('./test-eras')).testEras(run, files, options);
  }
  const reporter = (options.reporter ?? 'pretty') as ReporterName;
  if (!REPORTERS.includes(reporter)) throw usageError(`--reporter must be one of ${REPORTERS.join(', ')}; got "${options.reporter}".`);
  const loaded = await loadAll(run, await collectionFiles(run, files, options));
  const modelTurns = await modelTurnMode(run, options);
  // The collections' scripted answers answer the servers' questions: nothing is declined for them.
  const session = await run.session(options, { answersServerRequests: true, ...(modelTurns ? { modelTurns } : {}) });
  const known = new Set((await session.api.listServers()).map((view) => view.name));
  if (session.adhoc && options.server !== undefined) throw usageError('Give --server or an ad-hoc server (--stdio, --url), not both.');
  const serverOf = (collection: Collection) => session.adhoc?.name ?? options.server ?? collection.server;
  for (const { file, collection } of loaded) {
    const server = serverOf(collection);
    if (server === undefined) throw usageError(`${file} names no server.`, 'Add "server: <name>" to it, or give --server <name> (or --stdio, --url).');
    if (!known.has(server)) throw usageError(`${file}: no server named "${server}".`, known.size ? `Servers here: ${[...known].join(', ')}.` : 'mcp-workbench servers list shows the configured servers.');
  }

  // Pretty on stdout: each step is printed as it ends, so a long run shows where it is.
  const live = reporter === 'pretty' && options.output === undefined;
  // Server text (results quoted in failed assertions, errors) and collection names are made safe for the terminal.
  const print = (lines: string[]) => void run.io.stdout.write(forTerminal(lines.map((line) => `${line}\n`).join('')));
  const outcomes: CollectionOutcome[] = [];
  let worst: ExitCode = EXIT.ok;
  for (const { file, collection } of loaded) {
    const server = serverOf(collection)!;
    run.server = server;
    if (live) print([collectionHeader(collection.name, file, server)]);
    const stopPrinting = live ? session.api.onEvent((event) => event.type === 'collection-progress' && event.progress.result && print(stepPretty(event.progress.result))) : undefined;
    try {
      const report = await session.api.runCollection({ collection, source: file, server, ...(options.bail ? { bail: true } : {}) });
      outcomes.push({ kind: 'ran', report });
      if (report.status !== 'passed' && worst === EXIT.ok) worst = EXIT.toolError;
    } catch (error) {
      const message = messageOf(error);
      // A run that could not happen (the server did not connect) outranks failed assertions.
      if (worst === EXIT.ok || worst === EXIT.toolError) worst = exitCodeOf(error);
      outcomes.push({ kind: 'error', file, collection: collection.name, server, message });
      if (live) print([`  ✗ could not run: ${message}`]);
    } finally {
      stopPrinting?.();
    }
    if (live) print(['']);
  }

  if (modelTurns?.kind === 'record') {
    await modelTurns.recording.save();
    run.output.note(`${modelTurns.recording.size} model answer(s) recorded in ${options.llmRecord}; replay them with --llm-replay ${options.llmRecord}.`);
  }

  if (live) run.io.stdout.write(`${forTerminal(summaryLine(outcomes))}\n`);
  else if (options.output !== undefined) {
    await writeFile(path.resolve(run.io.cwd, options.output), RENDER[reporter](outcomes));
    run.output.note(`${summaryLine(outcomes)}; the ${reporter} report is in ${options.output}.`);
  } else run.io.stdout.write(reporter === 'json' ? jsonForTerminal(RENDER.json(outcomes)) : forTerminal(RENDER[reporter](outcomes)));
  if (worst !== EXIT.ok && worst !== EXIT.toolError) {
    const failed = outcomes.find((outcome) => outcome.kind === 'error');
    if (failed?.kind === 'error') run.output.note(`Error: ${failed.collection} could not run: ${failed.message}`);
  }
  return worst;
}

/** --llm-record / --llm-replay: a recording to fill, or one read (and checked) before anything starts. */
async function modelTurnMode(run: CommandRun, options: TestOptions): Promise<ModelTurnMode | undefined> {
  if (options.llmRecord !== undefined && options.llmReplay !== undefined) throw usageError('Give --llm-record or --llm-replay, not both.', 'Record once with a key (--llm-record), then replay without one (--llm-replay).');
  if (options.llmRecord !== undefined) return { kind: 'record', recording: ModelRecording.empty(path.resolve(run.io.cwd, options.llmRecord)) };
  if (options.llmReplay === undefined) return undefined;
  try {
    return { kind: 'replay', recording: await ModelRecording.load(path.resolve(run.io.cwd, options.llmReplay)) };
  } catch (error) {
    throw usageError(messageOf(error));
  }
}
