/**
 * Why a load run could not start, as classes of their own: the code that only recognises
 * them (the error kinds) need not load the load engine and its libraries.
 */

/** A client could not connect: nothing was measured. */
export class LoadConnectError extends Error {}

/** The workload cannot be run (a collection step that is not a tool call, a data file that cannot be read). */
export class WorkloadError extends Error {}
