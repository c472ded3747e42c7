/**
 * Finished load runs, kept in the data folder's `load-runs/`: one file per run (its set-up,
 * report and budget verdicts) and an index of their summaries, newest first. Bounded: past
 * KEPT_RUNS the oldest runs and their files go, so a folder of hourly CI-like runs never
 * grows without end. A damaged index or record is a lost run, never a failure of the app.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { LoadRunRecord, LoadRunSummary } from '../../../shared/api/load';
import { AppError } from '../../../shared/envelope';
import { JsonFile } from '../util/json-file';

const KEPT_RUNS = 50;
/** A record holds at most a few thousand timeline points and samples: far below this. */
const MAX_RECORD_BYTES = 8 * 1024 * 1024;

const SummarySchema = z.custom<LoadRunSummary>((value) => value !== null && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test((value as { id: string }).id));
const IndexSchema = z.object({ runs: z.array(SummarySchema) });
const RecordSchema = z.custom<LoadRunRecord>((value) => value !== null && typeof value === 'object' && typeof (value as { summary?: unknown }).summary === 'object');

export class LoadRunStore {
  private readonly folder: string;
  private readonly index: JsonFile<{ runs: LoadRunSummary[] }>;

  constructor(dataDir: string) {
    this.folder = path.join(dataDir, 'load-runs');
    this.index = new JsonFile(path.join(this.folder, 'index.json'), IndexSchema, () => ({ runs: [] }), { damaged: 'replace', lock: true });
  }

  async list(): Promise<LoadRunSummary[]> {
    return (await this.index.read()).runs;
  }

  /** Keeps the run (its file first, then its line in the index) and lets the oldest go. */
  async save(record: LoadRunRecord): Promise<void> {
    await new JsonFile(this.fileOf(record.summary.id), RecordSchema, () => record).write(record);
    let dropped: LoadRunSummary[] = [];
    await this.index.update((current) => {
      const runs = [record.summary, ...current.runs.filter((run) => run.id !== record.summary.id)].sort((a, b) => b.startedAt - a.startedAt);
      dropped = runs.slice(KEPT_RUNS);
      return { runs: runs.slice(0, KEPT_RUNS) };
    });
    await Promise.all(dropped.map((run) => fs.rm(this.fileOf(run.id), { force: true })));
  }

  async read(id: string): Promise<LoadRunRecord> {
    const file = new JsonFile<LoadRunRecord | undefined>(this.fileOf(id), RecordSchema, () => undefined, { damaged: 'replace', maxBytes: MAX_RECORD_BYTES });
    const record = await file.read();
    if (!record) throw new AppError('not-found', `No kept load run "${id}": it was never saved, or it is older than the last ${KEPT_RUNS} runs.`);
    return record;
  }

  private fileOf(id: string): string {
    // The id is checked by the payload schema; this keeps a bad one from leaving the folder all the same.
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) throw new AppError('invalid-request', `"${id}" is not a load run id.`);
    return path.join(this.folder, `${id}.json`);
  }
}
