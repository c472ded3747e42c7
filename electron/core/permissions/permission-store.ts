/**
 * Permission rules for tool calls, kept in `permissions.json` in the app data folder
 * (`{"rules": [{"pattern": "mcp__fs__write_file", "decision": "allow"}]}`). The rules
 * are read at start and on every change; see shared/permissions.ts for how they apply.
 */
import path from 'node:path';
import { z } from 'zod';
import type { PermissionsView } from '../../../shared/api/permissions';
import { decidePermission, PermissionRuleSchema, type PermissionRule, type PermissionVerdict } from '../../../shared/permissions';
import type { ToolAnnotations } from '../../../shared/domain';
import { JsonFile } from '../util/json-file';

export const PERMISSIONS_FILE = 'permissions.json';

const FileSchema = z.looseObject({ rules: z.array(PermissionRuleSchema).default([]) });
type PermissionsFile = z.infer<typeof FileSchema>;

export class PermissionStore {
  private data: PermissionsFile = { rules: [] };
  private readonly file: JsonFile<PermissionsFile>;

  constructor(dataDir: string) {
    this.file = new JsonFile(path.join(dataDir, PERMISSIONS_FILE), FileSchema, () => ({ rules: [] }));
  }

  async load(): Promise<void> {
    this.data = await this.file.read();
  }

  get rules(): PermissionRule[] {
    return this.data.rules;
  }

  view(): PermissionsView {
    return { rules: [...this.data.rules], file: this.file.filePath, ...(this.file.problem ? { problem: this.file.problem } : {}) };
  }

  decide(server: string, fullName: string, annotations?: ToolAnnotations): PermissionVerdict {
    return decidePermission(this.data.rules, server, fullName, annotations);
  }

  async set(rule: PermissionRule): Promise<PermissionsView> {
    const rules = this.data.rules.filter((r) => r.pattern !== rule.pattern);
    rules.push({ pattern: rule.pattern, decision: rule.decision });
    await this.save({ ...this.data, rules });
    return this.view();
  }

  async remove(pattern: string): Promise<PermissionsView> {
    await this.save({ ...this.data, rules: this.data.rules.filter((r) => r.pattern !== pattern) });
    return this.view();
  }

  private async save(next: PermissionsFile): Promise<void> {
    await this.file.write(next);
    this.data = next;
  }
}
