/**
 * The diagnostic log: what went wrong inside the workbench (an error that was caught and
 * survived, a file that could not be read), for the person who has to find out why.
 * Every line passes every mask first (the secret redactor of each open core), so a
 * token never reaches a log file or a terminal.
 */
import { passes, type DiagnosticLevel } from './levels';

export interface DiagnosticSink {
  /** The most detailed level this sink records. */
  level: DiagnosticLevel;
  /** One line, masked, ending in a newline. */
  write(line: string): void;
  close?(): Promise<void>;
}

export type Mask = (text: string) => string;

export class DiagnosticLogger {
  private sinks: DiagnosticSink[] = [];
  private readonly masks = new Set<Mask>();

  constructor(private readonly now: () => Date = () => new Date()) {}

  error(message: string, error?: unknown): void {
    this.log('error', message, error);
  }

  warn(message: string, error?: unknown): void {
    this.log('warn', message, error);
  }

  info(message: string, error?: unknown): void {
    this.log('info', message, error);
  }

  debug(message: string, error?: unknown): void {
    this.log('debug', message, error);
  }

  /** Whether any sink records `level` (to skip building a costly message). */
  enabled(level: DiagnosticLevel): boolean {
    return this.sinks.some((sink) => passes(level, sink.level));
  }

  log(level: DiagnosticLevel, message: string, error?: unknown): void {
    const sinks = this.sinks.filter((sink) => passes(level, sink.level));
    if (sinks.length === 0) return;
    const line = this.mask(format(this.now(), level, message, error));
    for (const sink of sinks) {
      try {
        sink.write(line);
      } catch {
        // A log that cannot be written has nowhere to report that; the others still get the line.
      }
    }
  }

  /** Applies `mask` to every later line; returns its removal. */
  addMask(mask: Mask): () => void {
    this.masks.add(mask);
    return () => void this.masks.delete(mask);
  }

  addSink(sink: DiagnosticSink): void {
    this.sinks.push(sink);
  }

  /** Writes out and closes every sink; nothing is recorded after. */
  async close(): Promise<void> {
    const sinks = this.sinks;
    this.sinks = [];
    await Promise.all(sinks.map((sink) => sink.close?.()));
  }

  private mask(text: string): string {
    let masked = text;
    for (const mask of this.masks) masked = mask(masked);
    return masked;
  }
}

/** `2026-12-01T14:30:00.000Z WARN  message: the error`, the error's stack indented on the lines below. */
function format(time: Date, level: DiagnosticLevel, message: string, error?: unknown): string {
  let text = `${time.toISOString()} ${level.toUpperCase().padEnd(5)} ${message}`;
  if (error !== undefined) {
    const { summary, stack } = describe(error);
    text += `: ${summary}`;
    if (stack) text += `\n${stack}`;
  }
  return `${text.replace(/\r?\n/g, '\n    ')}\n`;
}

function describe(error: unknown): { summary: string; stack?: string } {
  if (!(error instanceof Error)) return { summary: String(error) };
  const code = (error as NodeJS.ErrnoException).code;
  const summary = `${code ? `${code} ` : ''}${error.message}`;
  // The first stack line repeats the message; the frames say where.
  const frames = error.stack?.split('\n').filter((line) => line.trimStart().startsWith('at '));
  return frames && frames.length > 0 ? { summary, stack: frames.map((line) => line.trim()).join('\n') } : { summary };
}
