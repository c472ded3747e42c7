/**
 * Masks secret values in anything that leaves the core as text: log lines, stderr,
 * error messages. It learns each value when a launch fills it in, so a server that
 * prints its own API key does not put it on screen.
 */
export const MASK = '••••••';
/** Shorter values would mask ordinary text; a secret that short protects nothing anyway. */
const MIN_LENGTH = 4;

export class SecretRedactor {
  private readonly values = new Set<string>();

  remember(value: string): void {
    if (value.length >= MIN_LENGTH) this.values.add(value);
  }

  redact(text: string): string {
    let out = text;
    // Longest first, so a secret containing another is masked whole.
    for (const value of [...this.values].sort((a, b) => b.length - a.length)) {
      if (out.includes(value)) out = out.split(value).join(MASK);
    }
    return out;
  }
}

/** An event with every secret value the redactor knows masked. */
export function redactEvent<E extends { type: string }>(event: E, redactor: SecretRedactor): E {
  const e = event as unknown as Record<string, unknown>;
  if (e.type === 'server-log' && typeof e.line === 'string') return { ...event, line: redactor.redact(e.line) };
  if (e.type === 'server-state' && e.server && typeof e.server === 'object') {
    const server = e.server as { error?: string; stderrTail?: string[] };
    return {
      ...event,
      server: {
        ...server,
        ...(server.error ? { error: redactor.redact(server.error) } : {}),
        ...(server.stderrTail ? { stderrTail: server.stderrTail.map((line) => redactor.redact(line)) } : {}),
      },
    };
  }
  return event;
}
