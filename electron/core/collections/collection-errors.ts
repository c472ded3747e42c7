/**
 * Why a collection step failed, as classes of their own: the code that only recognises them
 * (the error kinds) need not load the runner and its libraries (JSONPath, the regex engine).
 */

/** The step's timeout passed before its answer. */
export class StepTimeout extends Error {}

/** The run was cancelled while the step waited. */
export class StepCancelled extends Error {}

/** A `${…}` variable that cannot be resolved (unknown, not allowed, or naming no step). */
export class VariableError extends Error {
  override name = 'VariableError';
}
