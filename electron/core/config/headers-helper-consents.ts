/**
 * `headers-helper-consents.json` in the app data folder: the headersHelper commands the
 * user let run, per server name, by a hash of the command. A changed command (or one the
 * user has not seen) is asked about again; the file holds no command text.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import writeFileAtomic from 'write-file-atomic';

export const HEADERS_HELPER_CONSENTS_FILE = 'headers-helper-consents.json';

export function commandHash(command: string): string {
  return createHash('sha256').update(command).digest('hex').slice(0, 32);
}

export class HeadersHelperConsents {
  constructor(private readonly dataDir: string) {}

  get filePath(): string {
    return path.join(this.dataDir, HEADERS_HELPER_CONSENTS_FILE);
  }

  async allowed(server: string, command: string): Promise<boolean> {
    const entry = (await this.read())[server];
    return entry?.command === commandHash(command);
  }

  async allow(server: string, command: string): Promise<void> {
    const all = await this.read();
    all[server] = { command: commandHash(command), at: Date.now() };
    await fs.mkdir(this.dataDir, { recursive: true });
    await writeFileAtomic(this.filePath, `${JSON.stringify({ servers: all }, null, 2)}\n`, { mode: 0o600 });
  }

  private async read(): Promise<Record<string, { command: string; at: number }>> {
    const out = Object.create(null) as Record<string, { command: string; at: number }>;
    try {
      const parsed = JSON.parse(await fs.readFile(this.filePath, 'utf8')) as { servers?: Record<string, { command?: unknown; at?: unknown }> };
      for (const [name, entry] of Object.entries(parsed.servers ?? {})) {
        if (typeof entry?.command === 'string') out[name] = { command: entry.command, at: Number(entry.at) || 0 };
      }
    } catch {
      // Missing or damaged: nothing allowed yet, so the user is asked.
    }
    return out;
  }
}
