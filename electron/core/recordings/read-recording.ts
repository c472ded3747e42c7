/**
 * Reads a recording file: every line parsed as JSON and checked against its schema, and
 * every problem reported with the file and the line it is on, so a hand-edited
 * recording says exactly where it went wrong.
 */
import fs from 'node:fs/promises';
import type { z } from 'zod';
import type { RecordingHeader, RecordingLine } from '../../../shared/api/recordings';
import { RECORDING_FORMAT } from '../../../shared/api/recordings';
import { RecordingHeaderSchema, RecordingLineSchema } from './format';

interface RecordedLine {
  /** The line's number in the file, from 1 (for messages that point back at it). */
  lineNumber: number;
  line: RecordingLine;
}

export interface Recording {
  file: string;
  header: RecordingHeader;
  lines: RecordedLine[];
}

export class InvalidRecordingError extends Error {
  constructor(
    readonly file: string,
    readonly lineNumber: number | undefined,
    problem: string,
  ) {
    super(`${file}${lineNumber !== undefined ? `:${lineNumber}` : ''}: ${problem}`);
    this.name = 'InvalidRecordingError';
  }
}

function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.length ? `${issue.path.join('.')}: ` : ''}${issue.message}`).join('; ');
}

export function parseRecording(text: string, file: string): Recording {
  const raw = text.split('\n');
  // A file ends with a newline: the empty string after it is no line.
  if (raw.at(-1) === '') raw.pop();
  if (raw.length === 0) throw new InvalidRecordingError(file, undefined, 'the file is empty (a recording starts with its header line)');
  let header: RecordingHeader | undefined;
  const lines: RecordedLine[] = [];
  raw.forEach((source, index) => {
    const lineNumber = index + 1;
    const trimmed = source.trim();
    if (trimmed === '') return;
    let value: unknown;
    try {
      value = JSON.parse(trimmed);
    } catch (error) {
      throw new InvalidRecordingError(file, lineNumber, `not JSON (${(error as Error).message})`);
    }
    if (header === undefined) {
      if (typeof value === 'object' && value !== null && (value as { format?: unknown }).format !== RECORDING_FORMAT) {
        throw new InvalidRecordingError(file, lineNumber, `not a recording: the first line must have "format": "${RECORDING_FORMAT}"`);
      }
      const parsed = RecordingHeaderSchema.safeParse(value);
      if (!parsed.success) throw new InvalidRecordingError(file, lineNumber, `bad header: ${describeIssues(parsed.error)}`);
      header = parsed.data;
      return;
    }
    const parsed = RecordingLineSchema.safeParse(value);
    if (!parsed.success) throw new InvalidRecordingError(file, lineNumber, `bad message line: ${describeIssues(parsed.error)}`);
    lines.push({ lineNumber, line: parsed.data });
  });
  if (!header) throw new InvalidRecordingError(file, undefined, 'no header line');
  return { file, header, lines };
}

export async function readRecording(file: string): Promise<Recording> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new InvalidRecordingError(file, undefined, code === 'ENOENT' ? 'no such file' : (error as Error).message);
  }
  return parseRecording(text, file);
}
