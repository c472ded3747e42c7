/**
 * Where the CLI writes. Results go to stdout; notes, progress and errors to stderr. With
 * --json, stdout gets exactly one JSON document (the result, or the error) and nothing
 * else, so it can be piped into jq or parsed by a script.
 */
import type { Writable } from 'node:stream';
import { forTerminal, jsonForTerminal } from './terminal-text';

export interface CliStream extends Pick<Writable, 'write'> {
  isTTY?: boolean;
  columns?: number;
}

export interface CliIo {
  stdout: CliStream;
  stderr: CliStream;
  env: NodeJS.ProcessEnv;
  cwd: string;
}

export class Output {
  private documentWritten = false;

  constructor(
    private readonly io: CliIo,
    readonly json: boolean,
  ) {}

  /** A line of the human-readable result (never in --json mode, where stdout holds one document); server text in it is made safe to print. */
  line(text = ''): void {
    if (this.json) throw new Error('Human output in --json mode');
    this.io.stdout.write(`${forTerminal(text)}\n`);
  }

  /** The one JSON document of a --json run. */
  document(value: unknown): void {
    if (this.documentWritten) throw new Error('A --json run writes one document only');
    this.documentWritten = true;
    this.io.stdout.write(`${jsonForTerminal(JSON.stringify(value, null, 2))}\n`);
  }

  get hasDocument(): boolean {
    return this.documentWritten;
  }

  /** A note for the person at the terminal (stderr, so it never mixes with results). */
  note(text: string): void {
    this.io.stderr.write(`${forTerminal(text)}\n`);
  }

  /** Width to fit tables into: the terminal's, or unlimited when stdout is not a terminal. */
  get width(): number | undefined {
    return this.io.stdout.isTTY ? this.io.stdout.columns : undefined;
  }

  get stderr(): CliStream {
    return this.io.stderr;
  }
}

/**
 * Resolves once everything written so far has been handed to the operating system: a
 * write's callback runs after the writes queued before it (a pipe takes a big document
 * in pieces, and exiting earlier would cut it).
 */
export function flush(stream: CliStream): Promise<void> {
  return new Promise((resolve) => {
    stream.write('', () => resolve());
  });
}
