/**
 * A small JSON document in the app data folder: read once, written atomically. A file
 * that does not parse is reported and never overwritten, so nothing the user wrote by
 * hand is lost.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import type { z } from 'zod';
import { AppError } from '../../../shared/envelope';

export class JsonFile<T> {
  private problemText: string | undefined;

  constructor(
    readonly filePath: string,
    private readonly schema: z.ZodType<T>,
    private readonly empty: () => T,
  ) {}

  get problem(): string | undefined {
    return this.problemText;
  }

  async read(): Promise<T> {
    let text: string;
    try {
      text = await fs.readFile(this.filePath, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return this.empty();
      throw error;
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      this.problemText = `${this.filePath} is not valid JSON (${(error as Error).message}); fix or remove it to save changes.`;
      return this.empty();
    }
    const parsed = this.schema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      this.problemText = `${this.filePath}: ${issue?.path.join('.') || 'file'}: ${issue?.message}; fix or remove it to save changes.`;
      return this.empty();
    }
    return parsed.data;
  }

  async write(value: T): Promise<void> {
    if (this.problemText) throw new AppError('failed', `Not saving: ${this.problemText}`);
    await fs.mkdir(path.dirname(this.filePath), { recursive: true });
    await writeFileAtomic(this.filePath, `${JSON.stringify(value, null, 2)}\n`, { mode: 0o600 });
  }
}
