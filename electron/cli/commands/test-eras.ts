/**
 * `test --eras both`: each collection runs twice against its server, once at 2025-11-25 (the
 * 2025 `initialize` handshake) and once at 2026-07-28 (the modern era), each in a session of
 * its own pinned to that revision; then the two runs are compared step by step: the verdict,
 * the outcome, the error, each assertion, and the answer itself (every place in it that
 * differs, as a JSON pointer with both values). Exit 1 when a step failed at either revision.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { CollectionRunReport, StepResult } from '../../../shared/api/collections';
import { MODERN_PROTOCOL_VERSION } from '../../../shared/config/server-config';
import type { CommandRun } from '../command-run';
import { exitCodeOf } from '../exit-code-of';
import { EXIT, usageError, type ExitCode } from '../exit-codes';
import { openSession, type Session } from '../session';
import { collectionFiles, loadAll, type TestOptions } from './test';
import { forTerminal, jsonForTerminal } from '../terminal-text';
import { messageOf } from '../../../shared/errors';

export const ERAS = [
  { label: '2025-11-25', protocol: '2025-11-25' },
  { label: MODERN_PROTOCOL_VERSION, protocol: 'modern' },
] as const;

/** At most this many differing places are listed per step (the count says how many there were). */
const MAX_PLACES = 20;
const MAX_VALUE = 80;

export interface PlaceDifference {
  pointer: string;
  /** The value at each revision (absent: not there). */
  values: [unknown, unknown];
}

export interface EraStepComparison {
  index: number;
  id: string;
  name?: string;
  /** The step at each revision (absent: the run stopped before it, or could not run at all). */
  steps: [StepResult | undefined, StepResult | undefined];
  /** What differs, in words, besides the answer. */
  differences: string[];
  /** Where the answers differ. */
  places: PlaceDifference[];
  placeCount: number;
}

export interface EraCollectionOutcome {
  collection: string;
  file: string;
  server: string;
  /** Each revision's run, or why it could not run. */
  runs: [CollectionRunReport | { error: string }, CollectionRunReport | { error: string }];
  /** The protocol version each session agreed with the server. */
  negotiated: [string | undefined, string | undefined];
  steps: EraStepComparison[];
}

const pointerOf = (parts: ReadonlyArray<string | number>) => parts.map((p) => `/${String(p).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');

/** Every place where two JSON documents differ, deepest first reached, in document order. */
export function differingPlaces(a: unknown, b: unknown, at: Array<string | number> = [], out: PlaceDifference[] = []): PlaceDifference[] {
  if (Object.is(a, b)) return out;
  const bothArrays = Array.isArray(a) && Array.isArray(b);
  const bothObjects = !bothArrays && typeof a === 'object' && a !== null && typeof b === 'object' && b !== null && !Array.isArray(a) && !Array.isArray(b);
  if (bothArrays) {
    for (let i = 0; i < Math.max(a.length, b.length); i++) differingPlaces(a[i], b[i], [...at, i], out);
    return out;
  }
  if (bothObjects) {
    const left = a as Record<string, unknown>;
    const right = b as Record<string, unknown>;
    for (const key of [...new Set([...Object.keys(left), ...Object.keys(right)])]) differingPlaces(left[key], right[key], [...at, key], out);
    return out;
  }
  out.push({ pointer: pointerOf(at), values: [a, b] });
  return out;
}

function verdict(step: StepResult | undefined): string {
  if (!step) return 'not run';
  return `${step.status}${step.outcome ? `, ${step.outcome}` : ''}`;
}

export function compareSteps(a: CollectionRunReport | undefined, b: CollectionRunReport | undefined): EraStepComparison[] {
  const count = Math.max(a?.steps.length ?? 0, b?.steps.length ?? 0);
  const comparisons: EraStepComparison[] = [];
  for (let index = 0; index < count; index++) {
    const steps: [StepResult | undefined, StepResult | undefined] = [a?.steps[index], b?.steps[index]];
    const [x, y] = steps;
    const differences: string[] = [];
    if (verdict(x) !== verdict(y)) differences.push(`${verdict(x)} at ${ERAS[0].label}, ${verdict(y)} at ${ERAS[1].label}`);
    // A step that did not run at one revision has nothing else to compare.
    if (x && y) {
      if ((x.error ?? '') !== (y.error ?? '')) differences.push(`error: ${x.error ? JSON.stringify(x.error) : 'none'} → ${y.error ? JSON.stringify(y.error) : 'none'}`);
      for (let i = 0; i < Math.max(x.assertions.length, y.assertions.length); i++) {
        const [p, q] = [x.assertions[i], y.assertions[i]];
        if (p?.passed !== q?.passed) differences.push(`assertion ${i + 1} ${p?.passed ? 'passed' : 'failed'} → ${q?.passed ? 'passed' : 'failed'}: ${(q?.passed ? p : q)?.message ?? ''}`.trimEnd());
      }
    }
    const all = x && y ? differingPlaces(x.result, y.result) : [];
    comparisons.push({ index, id: x?.id ?? y!.id, ...((x?.name ?? y?.name) ? { name: x?.name ?? y?.name } : {}), steps, differences, places: all.slice(0, MAX_PLACES), placeCount: all.length });
  }
  return comparisons;
}

const shown = (value: unknown) => {
  if (value === undefined) return '(absent)';
  const text = JSON.stringify(value);
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1)}…` : text;
};

export function erasPretty(outcome: EraCollectionOutcome): string[] {
  const lines = [`${outcome.collection} (${outcome.file}) on ${outcome.server}, at ${ERAS[0].label} and ${ERAS[1].label}:`];
  outcome.runs.forEach((run, i) => {
    if ('error' in run) lines.push(`  could not run at ${ERAS[i]!.label}: ${run.error}`);
    else if (outcome.negotiated[i] && outcome.negotiated[i] !== ERAS[i]!.label) lines.push(`  note: at ${ERAS[i]!.label} the server agreed to ${outcome.negotiated[i]}`);
  });
  for (const step of outcome.steps) {
    const title = `${step.index + 1}. ${step.id}${step.name ? ` (${step.name})` : ''}`;
    if (step.differences.length === 0 && step.placeCount === 0) {
      lines.push(`  = ${title}: the same at both (${verdict(step.steps[0])})`);
      continue;
    }
    const [x, y] = step.steps;
    const answer = !x || !y ? 'ran at one revision only' : step.placeCount ? `the answer differs in ${step.placeCount} ${step.placeCount === 1 ? 'place' : 'places'}` : 'the same answer';
    lines.push(`  ≠ ${title}: ${answer}`);
    for (const difference of step.differences) lines.push(`      ${difference}`);
    for (const place of step.places) lines.push(`      ${place.pointer || '(the whole answer)'}: ${shown(place.values[0])} → ${shown(place.values[1])}`);
    if (step.placeCount > step.places.length) lines.push(`      … and ${step.placeCount - step.places.length} more`);
  }
  const differ = outcome.steps.filter((s) => s.differences.length || s.placeCount).length;
  lines.push(`  ${outcome.steps.length} ${outcome.steps.length === 1 ? 'step' : 'steps'}, ${differ} ${differ === 1 ? 'differs' : 'differ'} between the revisions.`);
  return lines;
}

async function runAtEra(session: Session, loaded: Awaited<ReturnType<typeof loadAll>>, serverOf: (collection: { server?: string }) => string | undefined) {
  const runs: Array<CollectionRunReport | { error: string; exit: ExitCode }> = [];
  const negotiated: Array<string | undefined> = [];
  for (const { file, collection } of loaded) {
    const server = serverOf(collection)!;
    try {
      runs.push(await session.api.runCollection({ collection, source: file, server }));
    } catch (error) {
      runs.push({ error: messageOf(error), exit: exitCodeOf(error) });
    }
    negotiated.push((await session.view(server))?.protocolVersion);
  }
  return { runs, negotiated };
}

export async function testEras(run: CommandRun, files: string[], options: TestOptions): Promise<ExitCode> {
  if (options.protocol !== undefined) throw usageError('Give --eras both or --protocol, not both: --eras both runs at 2025-11-25 and at 2026-07-28.');
  const reporter = options.reporter ?? 'pretty';
  if (reporter !== 'pretty' && reporter !== 'json') throw usageError(`--eras both reports as pretty or json; got --reporter ${reporter}.`);
  if (options.bail) throw usageError('--bail stops a run at its first failed step; with --eras both every step runs at each revision, so they can be compared.');
  const loaded = await loadAll(run, await collectionFiles(run, files, options));
  const perEra: Array<Awaited<ReturnType<typeof runAtEra>>> = [];
  for (const era of ERAS) {
    run.output.note(`Running at ${era.label}…`);
    const session = await openSession({ ...options, protocol: era.protocol }, run.io, { answersServerRequests: true });
    try {
      const known = new Set((await session.api.listServers()).map((view) => view.name));
      const serverOf = (collection: { server?: string }) => session.adhoc?.name ?? options.server ?? collection.server;
      for (const { file, collection } of loaded) {
        const server = serverOf(collection);
        if (server === undefined) throw usageError(`${file} names no server.`, 'Add "server: <name>" to it, or give --server <name> (or --stdio, --url).');
        if (!known.has(server)) throw usageError(`${file}: no server named "${server}".`);
      }
      perEra.push(await runAtEra(session, loaded, serverOf));
    } finally {
      await session.close();
    }
  }

  let exit: ExitCode = EXIT.ok;
  const outcomes: EraCollectionOutcome[] = loaded.map(({ file, collection }, i) => {
    const [a, b] = [perEra[0]!.runs[i]!, perEra[1]!.runs[i]!];
    for (const result of [a, b]) {
      if ('error' in result) exit = exit === EXIT.ok || exit === EXIT.toolError ? result.exit : exit;
      else if (result.status !== 'passed' && exit === EXIT.ok) exit = EXIT.toolError;
    }
    const strip = (r: typeof a) => ('error' in r ? { error: r.error } : r);
    return {
      collection: collection.name,
      file,
      server: ('error' in a ? undefined : a.server) ?? ('error' in b ? undefined : b.server) ?? options.server ?? collection.server ?? '',
      runs: [strip(a), strip(b)],
      negotiated: [perEra[0]!.negotiated[i], perEra[1]!.negotiated[i]],
      steps: compareSteps('error' in a ? undefined : a, 'error' in b ? undefined : b),
    };
  });

  const text = reporter === 'json' ? `${JSON.stringify({ ok: exit === EXIT.ok, eras: ERAS.map((era) => era.label), collections: outcomes }, null, 2)}\n` : `${outcomes.flatMap((outcome) => [...erasPretty(outcome), '']).join('\n')}\n`;
  // On the terminal, server text (names, messages, values) is made safe to print; a file gets it as sent.
  if (options.output === undefined) run.io.stdout.write(reporter === 'json' ? jsonForTerminal(text) : forTerminal(text));
  else {
    await writeFile(path.resolve(run.io.cwd, options.output), text);
    const differ = outcomes.reduce((sum, o) => sum + o.steps.filter((s) => s.differences.length || s.placeCount).length, 0);
    run.output.note(`${outcomes.length} collections at both revisions, ${differ} steps differ; the ${reporter} report is in ${options.output}.`);
  }
  return exit;
}
