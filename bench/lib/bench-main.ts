/**
 * The entry of every benchmark file: `benchmark({ id, title, run })`. When the bundle
 * runs as a process it parses the runner's arguments (`--smoke` for the tiny
 * configuration, `--result <file>` for where to write the result), runs the benchmark,
 * writes a BenchmarkResult and exits. Progress goes to stderr.
 *
 * A benchmark that measures in separate processes (memory) passes `roles`: the same
 * bundle started with `--role <name>` runs that role instead.
 */
import fs from 'node:fs';
import type { BenchmarkOutput, BenchmarkResult } from './result';

export interface BenchContext {
  /** The tiny configuration `npm test` runs to prove the harness works (no goals judged). */
  smoke: boolean;
  log(message: string): void;
}

export interface BenchmarkDefinition {
  id: string;
  title: string;
  run(ctx: BenchContext): Promise<BenchmarkOutput>;
  roles?: Record<string, (args: string[]) => Promise<void>>;
}

export function benchmark(definition: BenchmarkDefinition): void {
  const args = process.argv.slice(2);
  const role = argValue(args, '--role');
  if (role !== undefined) {
    const run = definition.roles?.[role];
    if (!run) fail(`${definition.id}: no role "${role}"`);
    run(args).then(
      () => process.exit(0),
      (error: unknown) => fail(`${definition.id} (${role}): ${describe(error)}`),
    );
    return;
  }

  const ctx: BenchContext = {
    smoke: args.includes('--smoke'),
    log: (message) => process.stderr.write(`  [${definition.id}] ${message}\n`),
  };
  const resultFile = argValue(args, '--result');
  const started = performance.now();
  definition.run(ctx).then(
    (output) => finish({ id: definition.id, title: definition.title, ok: true, durationMs: performance.now() - started, ...output }),
    (error: unknown) =>
      finish({ id: definition.id, title: definition.title, ok: false, error: describe(error), durationMs: performance.now() - started, figures: [] }),
  );

  function finish(result: BenchmarkResult): void {
    // The table only says that it failed: the reason is printed here, with the progress.
    if (!result.ok) process.stderr.write(`  [${definition.id}] failed: ${result.error}\n`);
    const json = `${JSON.stringify(result, null, 2)}\n`;
    if (resultFile) fs.writeFileSync(resultFile, json);
    else process.stdout.write(json);
    // A benchmark cleans up after itself; exiting here keeps a forgotten handle from
    // holding the whole run (the leak benchmark counts handles itself).
    process.exit(result.ok ? 0 : 1);
  }
}

export function argValue(args: readonly string[], name: string): string | undefined {
  const index = args.indexOf(name);
  return index === -1 ? undefined : args[index + 1];
}

function describe(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}
