/**
 * Progress of a long call, on stderr: on a terminal, one status line that keeps
 * rewriting itself (elapsed time, the server's progress) and is wiped when the call
 * ends; elsewhere, with --progress, one line per progress notification. stdout never
 * sees any of it.
 */
import type { CliStream } from './output';
import { formatMs } from './table';
import { forTerminal } from './terminal-text';

interface ProgressUpdate {
  progress: number;
  total?: number;
  message?: string;
}

export interface ProgressDisplay {
  update(progress: ProgressUpdate): void;
  stop(): void;
}

/** How long a call runs before the terminal shows it is still running. */
const SHOW_AFTER_MS = 500;
const TICK_MS = 100;

export function startProgress(stream: CliStream, label: string, mode: { tty: boolean; enabled: boolean }): ProgressDisplay {
  if (!mode.enabled) return { update: () => undefined, stop: () => undefined };
  const started = performance.now();
  // The message is the server's: no terminal commands, one line.
  const describe = (p: ProgressUpdate) => `${p.total !== undefined ? `${p.progress}/${p.total}` : String(p.progress)}${p.message ? ` ${forTerminal(p.message).replace(/\n/g, ' ')}` : ''}`;

  if (!mode.tty) {
    return {
      update: (p) => void stream.write(`${label}: ${describe(p)} (${formatMs(performance.now() - started)})\n`),
      stop: () => undefined,
    };
  }

  let last: ProgressUpdate | undefined;
  let shown = false;
  const draw = () => {
    const elapsed = performance.now() - started;
    if (!last && elapsed < SHOW_AFTER_MS) return;
    shown = true;
    const text = `${label}… ${formatMs(elapsed)}${last ? `  ${describe(last)}` : ''}`;
    const width = stream.columns ?? 80;
    stream.write(`\r\x1b[2K${text.length >= width ? `${text.slice(0, width - 2)}…` : text}`);
  };
  const timer = setInterval(draw, TICK_MS);
  timer.unref();
  return {
    update(p) {
      last = p;
      draw();
    },
    stop() {
      clearInterval(timer);
      if (shown) stream.write('\r\x1b[2K');
    },
  };
}
