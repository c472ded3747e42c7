/**
 * A failed request to a model provider, in the user's words, with its kind. On its own so
 * that the code that only recognises one (the error kinds) need not load the model library.
 */
export class ModelError extends Error {
  constructor(
    message: string,
    readonly hint: string,
    /** What kind of trouble: the CLI and the page decide on it, never on the wording. */
    readonly reason: 'unreachable' | 'auth' | 'no-tools' | 'unknown-model' | 'rate-limited' | 'provider' | 'replay',
  ) {
    super(message);
    this.name = 'ModelError';
  }
}
