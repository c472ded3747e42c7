/**
 * The user's configured servers, persisted as an `mcpServers` JSON file in the app
 * data folder. Writes are atomic so a crash mid-write never leaves a torn file, and a
 * file that does not parse is reported, never overwritten.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { z } from 'zod';
import { AppError } from '../../../shared/envelope';
import { ServerConfigSchema, type ServerConfig, type ServerName } from '../../../shared/config/server-config';

const FileSchema = z.looseObject({ mcpServers: z.record(z.string(), ServerConfigSchema).default({}) });

export const SERVERS_FILE = 'servers.json';

export class ServerRegistry {
  private servers = new Map<ServerName, ServerConfig>();
  private extra: Record<string, unknown> = {};
  private loaded = false;
  /** Set when the file on disk is broken; saving is refused until the user fixes it. */
  private loadError: string | undefined;

  constructor(private readonly dataDir: string) {}

  get filePath(): string {
    return path.join(this.dataDir, SERVERS_FILE);
  }

  async load(): Promise<void> {
    this.loaded = true;
    let text: string;
    try {
      text = await fs.readFile(this.filePath, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      this.loadError = `${this.filePath} is not valid JSON (${(error as Error).message}); fix or remove it.`;
      return;
    }
    const parsed = FileSchema.safeParse(json);
    if (!parsed.success) {
      this.loadError = `${this.filePath} has an invalid entry: ${parsed.error.issues[0]?.path.join('.')}: ${parsed.error.issues[0]?.message}`;
      return;
    }
    const { mcpServers, ...extra } = parsed.data;
    this.extra = extra;
    this.servers = new Map(Object.entries(mcpServers));
  }

  /** A problem with the file on disk, if there is one. */
  get problem(): string | undefined {
    return this.loadError;
  }

  list(): Array<[ServerName, ServerConfig]> {
    this.assertLoaded();
    return [...this.servers.entries()];
  }

  get(name: ServerName): ServerConfig | undefined {
    this.assertLoaded();
    return this.servers.get(name);
  }

  async add(name: ServerName, config: ServerConfig): Promise<void> {
    this.assertLoaded();
    if (this.servers.has(name)) throw new AppError('conflict', `A server named "${name}" already exists.`);
    this.servers.set(name, config);
    await this.save();
  }

  async remove(name: ServerName): Promise<void> {
    this.assertLoaded();
    if (!this.servers.delete(name)) throw new AppError('not-found', `No server named "${name}".`);
    await this.save();
  }

  private async save(): Promise<void> {
    if (this.loadError) throw new AppError('failed', `Not saving: ${this.loadError}`);
    await fs.mkdir(this.dataDir, { recursive: true });
    const body = { ...this.extra, mcpServers: Object.fromEntries(this.servers) };
    await writeFileAtomic(this.filePath, `${JSON.stringify(body, null, 2)}\n`, { mode: 0o600 });
  }

  private assertLoaded(): void {
    if (!this.loaded) throw new Error('ServerRegistry used before load()');
  }
}
