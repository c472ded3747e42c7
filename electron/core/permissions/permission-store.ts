/**
 * Permission rules for tool calls, kept in `permissions.json` in the app data folder
 * (`{"rules": [{"server": "fs", "tool": "write_file", "decision": "allow"}]}`; no tool: every
 * tool of the server). The rules are read at start and on every change; see
 * shared/permissions.ts for how they apply.
 *
 * Earlier versions stored `{"pattern": "mcp__fs__write_file", …}`: such entries are read
 * once, against the servers configured then (legacy-names.ts), and the file is written
 * again in the new form.
 */
import path from 'node:path';
import { z } from 'zod';
import type { PermissionsView } from '../../../shared/api/permissions';
import { decidePermission, PERMISSION_DECISIONS, PermissionRuleSchema, ruleName, sameTarget, targetOf, type PermissionRule, type PermissionRuleInput, type PermissionVerdict, type RuleTargetInput } from '../../../shared/permissions';
import type { ToolAnnotations } from '../../../shared/domain';
import { AppError } from '../../../shared/envelope';
import { logFailure } from '../diagnostics/diagnostics';
import { JsonFile } from '../util/json-file';
import { readLegacyRule } from './legacy-names';

export const PERMISSIONS_FILE = 'permissions.json';

/** An entry as earlier versions wrote it. */
const LegacyRuleSchema = z.looseObject({ pattern: z.string(), decision: z.enum(PERMISSION_DECISIONS) });
/** An entry as stored now (fields a later version adds are kept). */
const StoredRuleSchema = z.looseObject(PermissionRuleSchema.shape);
const FileSchema = z.looseObject({ rules: z.array(z.union([StoredRuleSchema, LegacyRuleSchema])).default([]) });
type PermissionsFile = z.infer<typeof FileSchema>;
type LegacyRule = z.infer<typeof LegacyRuleSchema>;

export class PermissionStore {
  private rulesNow: PermissionRule[] = [];
  /** Entries in the old form, until migrate() reads them. */
  private legacy: LegacyRule[] = [];
  private readonly file: JsonFile<PermissionsFile>;

  constructor(dataDir: string) {
    this.file = new JsonFile(path.join(dataDir, PERMISSIONS_FILE), FileSchema, () => ({ rules: [] }));
  }

  async load(): Promise<void> {
    const data = await this.file.read();
    this.rulesNow = data.rules.filter((rule): rule is PermissionRule => 'server' in rule).map(({ server, tool, decision }) => (tool === undefined ? { server, decision } : { server, tool, decision }));
    this.legacy = data.rules.filter((rule): rule is LegacyRule => !('server' in rule));
  }

  /**
   * Reads the old `mcp__…` entries against the servers configured now and writes the file
   * in the new form (once: afterwards there are none). A rule already stored for the same
   * server and tool wins over an old entry. `persist` false (a run on servers given for it
   * alone, not the user's config): read for this run, the file left as it is.
   */
  async migrate(servers: Iterable<string>, { persist = true } = {}): Promise<void> {
    if (this.legacy.length === 0) return;
    const configured = new Set(servers);
    const rules = [...this.rulesNow];
    for (const old of this.legacy) {
      for (const target of readLegacyRule(old.pattern, configured)) {
        if (!rules.some((rule) => sameTarget(rule, target))) rules.push({ ...target, decision: old.decision });
      }
    }
    this.rulesNow = rules;
    if (!persist) return;
    this.legacy = [];
    await this.file.write({ rules }).catch(logFailure('Writing the permission rules in their new form failed'));
  }

  get rules(): PermissionRule[] {
    return this.rulesNow;
  }

  view(): PermissionsView {
    return { rules: this.rulesNow.map((rule) => ({ ...rule, pattern: ruleName(rule) })), file: this.file.filePath, ...(this.file.problem ? { problem: this.file.problem } : {}) };
  }

  /** `fullName`: the tool's `mcp__<server>__<tool>` name. */
  decide(server: string, fullName: string, annotations?: ToolAnnotations): PermissionVerdict {
    return decidePermission(this.rulesNow, server, fullName, annotations);
  }

  async set(input: PermissionRuleInput): Promise<PermissionsView> {
    const target = targetOrRefuse(input);
    const rules = this.rulesNow.filter((rule) => !sameTarget(rule, target));
    rules.push({ ...target, decision: input.decision });
    await this.save(rules);
    return this.view();
  }

  async remove(input: RuleTargetInput): Promise<PermissionsView> {
    const target = targetOrRefuse(input);
    await this.save(this.rulesNow.filter((rule) => !sameTarget(rule, target)));
    return this.view();
  }

  private async save(rules: PermissionRule[]): Promise<void> {
    // Old entries not read yet stay in the file until they are.
    await this.file.write({ rules: [...rules, ...this.legacy] });
    this.rulesNow = rules;
  }
}

function targetOrRefuse(input: RuleTargetInput) {
  const target = targetOf(input);
  if (!target) throw new AppError('invalid-request', `"${'pattern' in input ? input.pattern : ''}" names no server: write mcp__<server>__<tool>, or mcp__<server> for every tool of a server.`);
  return target;
}
