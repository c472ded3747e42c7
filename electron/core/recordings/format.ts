/**
 * The recording file, line by line: the zod schemas every line is checked against when
 * a recording is read, and how a line is written. A recording is JSON Lines: the header
 * first, then one line per message in the order they passed.
 */
import { z } from 'zod';
import { RECORDING_DIRECTIONS, RECORDING_FORMAT, RECORDING_VERSION, type RecordingHeader, type RecordingLine } from '../../../shared/api/recordings';

export const RecordingHeaderSchema = z.strictObject({
  format: z.literal(RECORDING_FORMAT),
  version: z.literal(RECORDING_VERSION),
  recordedAt: z.iso.datetime({ offset: true }),
  source: z.enum(['record', 'app']),
  transport: z.union([
    z.strictObject({ type: z.literal('stdio'), command: z.string(), args: z.array(z.string()) }),
    z.strictObject({ type: z.enum(['http', 'sse', 'ws', 'other']), url: z.string().optional() }),
  ]),
  server: z.strictObject({ name: z.string(), version: z.string().optional() }).optional(),
  protocolVersion: z.string().optional(),
}) satisfies z.ZodType<RecordingHeader>;

/** A JSON-RPC 2.0 message as far as a recording needs it; anything else a server sent is kept as `text`. */
const JsonRpcObjectSchema = z.looseObject({ jsonrpc: z.literal('2.0') });

/** One object with either `message` or `text` (not a union: its errors would not say which field is wrong). */
export const RecordingLineSchema = z
  .strictObject({
    direction: z.enum(RECORDING_DIRECTIONS),
    ms: z.number().nonnegative(),
    message: JsonRpcObjectSchema.optional(),
    text: z.string().optional(),
  })
  .refine((line) => (line.message === undefined) !== (line.text === undefined), { message: 'a line has either "message" (a JSON-RPC message) or "text" (a line that was not one)' })
  .transform((line): RecordingLine => (line.message !== undefined ? { direction: line.direction, ms: line.ms, message: line.message } : { direction: line.direction, ms: line.ms, text: line.text! }));

export function headerLine(header: RecordingHeader): string {
  return `${JSON.stringify(header)}\n`;
}

export function messageLine(line: RecordingLine): string {
  return `${JSON.stringify(line)}\n`;
}
