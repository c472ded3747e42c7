/**
 * `headers-helper-consents.json` in the app data folder: the headersHelper runs the user
 * allowed. A consent is for one exact run: the entry's scope, the project it belongs to
 * (project and local entries), the folder the helper runs in, the command and the URL its
 * headers go to. Change any of them — the same command in another project, the same helper
 * on a project entry pointing elsewhere — and the user is asked again. The file keeps only a
 * hash of each (no command text, no URL).
 *
 * Earlier versions kept one consent per server name and command (`servers`), which let a
 * project reuse it for another folder or another URL. Those are not honoured: the user is
 * asked again, and the question says why (`hadEarlierConsent`). Allowing again replaces the
 * old record.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import type { ServerName } from '../../../shared/config/server-config';
import type { ConfigScope } from '../../../shared/config/scopes';
import { JsonFile, JsonObjectSchema } from '../util/json-file';

export const HEADERS_HELPER_CONSENTS_FILE = 'headers-helper-consents.json';

/** Everything a consent covers: what runs, where, for which entry, and where its output goes. */
export interface HeadersHelperRunKey {
  server: ServerName;
  scope: ConfigScope;
  /** The project the entry belongs to (project and local scopes); absent for a user entry. */
  project?: string;
  /** The folder the helper runs in. */
  cwd: string;
  command: string;
  /** Where the helper's headers are sent. */
  url: string;
}

/** The hash an earlier version stored for a command (kept to recognise its records). */
export function commandHash(command: string): string {
  return createHash('sha256').update(command).digest('hex').slice(0, 32);
}

function consentKey(run: HeadersHelperRunKey): string {
  const fields = [run.server, run.scope, run.project ?? '', path.resolve(run.cwd), run.command, run.url];
  return createHash('sha256').update(JSON.stringify(fields)).digest('hex').slice(0, 40);
}

interface Consent {
  at: number;
}

/** Records without the expected fields are no consents; the maps have no prototype (their keys come from the file). */
const ConsentsSchema = z.looseObject({ consents: JsonObjectSchema.optional(), servers: JsonObjectSchema.optional() }).transform(({ consents = {}, servers = {} }) => {
  const kept = Object.create(null) as Record<string, Consent>;
  for (const [key, entry] of Object.entries(consents)) {
    if (/^[0-9a-f]{40}$/.test(key) && entry && typeof entry === 'object') kept[key] = { at: Number((entry as { at?: unknown }).at) || 0 };
  }
  const earlier = Object.create(null) as Record<string, { command: string }>;
  for (const [name, entry] of Object.entries(servers)) {
    const command = (entry as { command?: unknown } | null)?.command;
    if (typeof command === 'string') earlier[name] = { command };
  }
  return { consents: kept, servers: earlier };
});
type ConsentsFile = z.output<typeof ConsentsSchema>;

const emptyFile = (): ConsentsFile => ({ consents: Object.create(null) as Record<string, Consent>, servers: Object.create(null) as Record<string, { command: string }> });

export class HeadersHelperConsents {
  // Missing or damaged: nothing allowed yet, so the user is asked (and the next consent replaces it).
  private readonly file: JsonFile<ConsentsFile>;

  constructor(dataDir: string) {
    this.file = new JsonFile(path.join(dataDir, HEADERS_HELPER_CONSENTS_FILE), ConsentsSchema, emptyFile, { damaged: 'replace', lock: true });
  }

  get filePath(): string {
    return this.file.filePath;
  }

  async allowed(run: HeadersHelperRunKey): Promise<boolean> {
    return Object.hasOwn((await this.file.read()).consents, consentKey(run));
  }

  /** Whether an earlier version recorded a consent for this server and command (it covered less, so it is asked again). */
  async hadEarlierConsent(server: ServerName, command: string): Promise<boolean> {
    const earlier = (await this.file.read()).servers;
    return Object.hasOwn(earlier, server) && earlier[server]!.command === commandHash(command);
  }

  async allow(run: HeadersHelperRunKey): Promise<void> {
    await this.file.update(({ consents, servers }) => {
      const next = emptyFile();
      Object.assign(next.consents, consents, { [consentKey(run)]: { at: Date.now() } });
      // The earlier record of this server is replaced by the new one.
      for (const [name, record] of Object.entries(servers)) if (name !== run.server) next.servers[name] = record;
      return next;
    });
  }
}
