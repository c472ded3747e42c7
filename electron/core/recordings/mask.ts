/**
 * What a recording never holds in clear: the values of the server's environment
 * variables whose names look like credentials (API_KEY, GITHUB_TOKEN, …) in every
 * spelling the product's redactor knows, any value it is told is secret, and the value
 * of any field whose name looks like a credential (`authorization`, `apiKey`,
 * `password`, …). Each becomes the product's mask, which replay and mock treat as
 * "any value" when they compare.
 */
import { looksSecret } from '../../../shared/config/secret-ref';
import { MASK, SecretRedactor } from '../secrets/secret-redactor';

/** Protocol fields whose names look like credentials but are not (`progressToken` is an id, `author` a name). */
const NOT_SECRET_KEYS = new Set(['progressToken', 'cursor', 'nextCursor', 'author', 'authors']);

export { MASK };

export interface RecordingMasker {
  /** The message with every secret masked (the same object when nothing was). */
  message<T>(value: T): T;
  text(value: string): string;
}

export function createRecordingMasker(options: { env?: NodeJS.ProcessEnv; secrets?: Iterable<string> } = {}): RecordingMasker {
  const redactor = new SecretRedactor();
  for (const [name, value] of Object.entries(options.env ?? {})) if (value && looksSecret(name)) redactor.remember(value);
  for (const value of options.secrets ?? []) redactor.remember(value);
  const byKey = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(byKey);
    if (value === null || typeof value !== 'object') return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, typeof item === 'string' && looksSecret(key) && !NOT_SECRET_KEYS.has(key) && item !== '' ? MASK : byKey(item)]),
    );
  };
  return {
    message: <T,>(value: T) => byKey(redactor.redactDeep(value)) as T,
    text: (value) => redactor.redact(value),
  };
}
