/**
 * `headers-helper-consents.json` in the app data folder: the headersHelper commands the
 * user let run, per server name, by a hash of the command. A changed command (or one the
 * user has not seen) is asked about again; the file holds no command text.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { JsonFile, JsonObjectSchema } from '../util/json-file';

export const HEADERS_HELPER_CONSENTS_FILE = 'headers-helper-consents.json';

export function commandHash(command: string): string {
  return createHash('sha256').update(command).digest('hex').slice(0, 32);
}

interface Consent {
  command: string;
  at: number;
}

/** Entries without a command hash are not consents; the map has no prototype (its keys come from the file). */
const ConsentsSchema = z.looseObject({ servers: JsonObjectSchema.optional() }).transform(({ servers = {} }) => {
  const out = Object.create(null) as Record<string, Consent>;
  for (const [name, entry] of Object.entries(servers)) {
    const { command, at } = (entry ?? {}) as { command?: unknown; at?: unknown };
    if (typeof command === 'string') out[name] = { command, at: Number(at) || 0 };
  }
  return { servers: out };
});
type ConsentsFile = z.output<typeof ConsentsSchema>;

export class HeadersHelperConsents {
  // Missing or damaged: nothing allowed yet, so the user is asked (and the next consent replaces it).
  private readonly file: JsonFile<ConsentsFile>;

  constructor(dataDir: string) {
    this.file = new JsonFile(path.join(dataDir, HEADERS_HELPER_CONSENTS_FILE), ConsentsSchema, () => ({ servers: Object.create(null) as Record<string, Consent> }), { damaged: 'replace' });
  }

  get filePath(): string {
    return this.file.filePath;
  }

  async allowed(server: string, command: string): Promise<boolean> {
    const entry = (await this.file.read()).servers[server];
    return entry?.command === commandHash(command);
  }

  async allow(server: string, command: string): Promise<void> {
    await this.file.update(({ servers }) => ({ servers: { ...servers, [server]: { command: commandHash(command), at: Date.now() } } }));
  }
}
