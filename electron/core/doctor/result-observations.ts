/**
 * What the doctor learns from tool calls that were made (kept in `doctor-observations.json`
 * in the app data folder, so a later run, or the CLI, still knows): per tool, the last
 * structuredContent-vs-outputSchema verdict, the largest result, and the largest image.
 */
import path from 'node:path';
import { z } from 'zod';
import type { ToolRunResult } from '../../../shared/tool-results';
import { CoalescedWriter } from '../util/coalesced-writer';
import { JsonFile } from '../util/json-file';
import { logFailure } from '../diagnostics/diagnostics';

export const OBSERVATIONS_FILE = 'doctor-observations.json';

const ObservationSchema = z.looseObject({
  time: z.number(),
  /** The last call's outputCheck, when it was checked. */
  output: z.enum(['valid', 'invalid', 'missing']).optional(),
  outputErrors: z.array(z.string()).optional(),
  /**
   * The last successful result's structuredContent (when small), or null when it had none:
   * checked again by the doctor against the schema the server declares now, which the call
   * may not have known (a list the SDK refused leaves the call without its schema).
   */
  structured: z.unknown().optional(),
  maxResultBytes: z.number().default(0),
  /** The largest image sent, as the server sent it. */
  maxImage: z.looseObject({ width: z.number(), height: z.number(), base64Bytes: z.number() }).optional(),
});
export type ToolObservation = z.infer<typeof ObservationSchema>;

const FileSchema = z.looseObject({ tools: z.record(z.string(), ObservationSchema).default({}) });
type ObservationsFile = z.infer<typeof FileSchema>;

/** Structured results up to this many characters of JSON are kept to check again. */
const SAMPLE_LIMIT = 16_384;

const key = (server: string, tool: string) => `${server}\u0000${tool}`;

/** Observations are written at most this long after a call, many calls in one write. */
const OBSERVATIONS_WRITE_DELAY_MS = 500;

export class ResultObservations {
  private data: ObservationsFile = { tools: {} };
  private readonly file: JsonFile<ObservationsFile>;
  /** One write for a burst of calls (an atomic write per call would cost more than the call). */
  private readonly writer: CoalescedWriter;

  /** `redact` masks secret values in what is kept (a tool may echo its API key in a structured result). */
  constructor(
    dataDir: string,
    private readonly redact: <T>(value: T) => T = (value) => value,
  ) {
    this.file = new JsonFile(path.join(dataDir, OBSERVATIONS_FILE), FileSchema, () => ({ tools: {} }));
    // A failed write only costs the record: the next call writes again.
    this.writer = new CoalescedWriter(() => this.file.write(this.data), OBSERVATIONS_WRITE_DELAY_MS, logFailure('Saving the doctor observations failed', 'debug'));
  }

  async load(): Promise<void> {
    this.data = await this.file.read();
  }

  /** The tool runner calls this with every processed result. */
  record(result: ToolRunResult): void {
    const id = key(result.server, result.tool);
    const before = this.data.tools[id];
    const check = result.outputCheck;
    const largest = largestImageOf(result);
    const structured = result.isError ? before?.structured : result.structured === undefined ? null : result.structured.value !== undefined && JSON.stringify(result.structured.value).length <= SAMPLE_LIMIT ? this.redact(result.structured.value) : before?.structured;
    const next: ToolObservation = {
      time: Date.now(),
      ...(structured !== undefined ? { structured } : {}),
      maxResultBytes: Math.max(before?.maxResultBytes ?? 0, result.sizeBytes),
      ...(check.status !== 'not-checked' ? { output: check.status } : before?.output ? { output: before.output } : {}),
      ...(check.status === 'invalid' ? { outputErrors: this.redact(check.errors.slice(0, 5)) } : check.status === 'not-checked' && before?.outputErrors ? { outputErrors: before.outputErrors } : {}),
      ...(largest && (!before?.maxImage || Math.max(largest.width, largest.height) > Math.max(before.maxImage.width, before.maxImage.height) || largest.base64Bytes > before.maxImage.base64Bytes) ? { maxImage: largest } : before?.maxImage ? { maxImage: before.maxImage } : {}),
    };
    // In place: the document is serialized when it is written, as it is then.
    this.data.tools[id] = next;
    this.writer.changed();
  }

  of(server: string, tool: string): ToolObservation | undefined {
    return this.data.tools[key(server, tool)];
  }

  /** Writes what is pending now (shutdown, tests). */
  flush(): Promise<void> {
    return this.writer.flush();
  }
}

/** The result's largest image (by its longer side), as the server sent it; undefined for the usual result, which has none. */
function largestImageOf(result: ToolRunResult): ToolObservation['maxImage'] {
  let largest: ToolObservation['maxImage'];
  for (const block of result.content) {
    const image = block.type === 'image' ? block.original : block.type === 'resource' && block.image ? block.image.original : undefined;
    if (!image || (largest && Math.max(image.width, image.height) <= Math.max(largest.width, largest.height))) continue;
    // base64 is 4/3 of the bytes: the hosts' 5 MB limit is on the base64.
    largest = { width: image.width, height: image.height, base64Bytes: Math.ceil(image.bytes / 3) * 4 };
  }
  return largest;
}
