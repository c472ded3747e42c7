/** Diagnostic log levels, most severe first: a sink set to one level records it and every level before it. */
const DIAGNOSTIC_LEVELS = ['error', 'warn', 'info', 'debug'] as const;
export type DiagnosticLevel = (typeof DIAGNOSTIC_LEVELS)[number];

/** Whether a line at `level` passes a sink set to `threshold`. */
export function passes(level: DiagnosticLevel, threshold: DiagnosticLevel): boolean {
  return DIAGNOSTIC_LEVELS.indexOf(level) <= DIAGNOSTIC_LEVELS.indexOf(threshold);
}

export function isDiagnosticLevel(value: unknown): value is DiagnosticLevel {
  return typeof value === 'string' && (DIAGNOSTIC_LEVELS as readonly string[]).includes(value);
}
