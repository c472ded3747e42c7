/**
 * The conformance suite's own errors, in a file of their own: the core's error table
 * (errors/error-kinds.ts) names them, and every command reads that table, while the suite's
 * runner and its Node lookup load only for a conformance run.
 */

/** The Node major the suite's CLI needs at least. */
export const SUITE_NODE_MAJOR = 22;

export class ConformanceCancelled extends Error {
  constructor() {
    super('The conformance run was cancelled.');
  }
}

export class SuiteNodeMissing extends Error {
  constructor(
    readonly tried: string[],
    readonly remedy: string,
  ) {
    super(`The conformance suite needs Node ${SUITE_NODE_MAJOR} or newer, and none was found (${tried.join('; ')}).`);
  }
}
