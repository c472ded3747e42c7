/**
 * Import (preview, then apply the user's choices) and export. A preview never writes
 * anything; applying re-reads the source, so what is saved is what the file says now.
 * Imported entries are saved switched off: nothing from a pasted or found config runs
 * or connects before the user has looked at it and switched it on. An entry that refers
 * to this app's stored secrets (`${secret:…}`) cannot be imported at all.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type {
  ApplyImportRequest,
  ApplyImportResult,
  ExportRequest,
  ExportResult,
  ImportCandidate,
  ImportPreview,
  ImportSourceInfo,
  ImportSourceRef,
} from '../../../shared/api/transfer';
import { AppError } from '../../../shared/envelope';
import { CONFIG_SCOPES, type ConfigScope } from '../../../shared/config/scopes';
import { isSecretRef, looksSecret, secretCapableFields, type SecretFieldPath } from '../../../shared/config/secret-ref';
import { isStdioConfig, ServerConfigSchema, transportOf, type ServerConfig } from '../../../shared/config/server-config';
import { MASK } from '../secrets/secret-redactor';
import type { SecretStore } from '../secrets/secret-store';
import { credentialArgs, maskCredentialArgs } from './formats/credential-args';
import { exportServers } from './formats/export';
import { claudeJsonProjects, hasProjectServers, parseClaudeJson, parseMcpServers, parseWholeClaudeJson } from './formats/parse-mcp-servers';
import { parseCline, parseCodexToml, parseContinueYaml, parseGemini, parseZed } from './formats/parse-other-clients';
import { parsePaste } from './formats/parse-paste';
import { isVsCodeShape, parseVsCode } from './formats/parse-vscode';
import { uniqueName, validNameFor } from './formats/suggest-name';
import { SourceError, type ParsedSource } from './formats/types';
import { asObject, mapConfigStrings } from './formats/variables';
import { knownSources, type SourceLocator } from './import-sources';
import { parseJsonText } from './json-text';
import { writeExportFile } from './export-target';
import { ownedKeysOf, refuseSecretsInProject, releaseSecrets, setAtPath, storeSecretFields, usedKeys } from './secret-fields';
import type { SecretOwners } from './secret-owners';
import type { ServerRegistry } from './server-registry';
import { failure } from '../../../shared/errors';

const MAX_SOURCE_BYTES = 5 * 1024 * 1024;
const INPUT_REF = /\$\{input:([^}]+)\}/g;
const SECRET_REF = /\$\{secret:([^}]*)\}/;

/**
 * Why an entry from a source may not be imported: it names one of this app's stored
 * secrets. A pasted or found config has no business reading the secret store (the keys
 * of OAuth tokens are predictable), so such an entry is refused, naming the field and key.
 */
function storedSecretProblem(raw: unknown, where = ''): string | undefined {
  if (typeof raw === 'string') {
    const key = SECRET_REF.exec(raw)?.[1];
    return key === undefined ? undefined : `${where || 'the entry'} refers to the stored secret "${key}"; an import cannot use secrets kept by this app. Remove the reference, or enter the value after importing.`;
  }
  if (Array.isArray(raw)) {
    for (const [i, item] of raw.entries()) {
      const problem = storedSecretProblem(item, `${where}[${i}]`);
      if (problem) return problem;
    }
    return undefined;
  }
  const object = asObject(raw);
  for (const [key, value] of Object.entries(object ?? {})) {
    const problem = storedSecretProblem(value, where ? `${where}.${key}` : key);
    if (problem) return problem;
  }
  return undefined;
}

export interface TransferDeps {
  registry: ServerRegistry;
  secrets: SecretStore;
  locator: () => SourceLocator;
  /** Records which entry each imported secret belongs to. */
  owners?: SecretOwners;
  /** How a connected URL-only entry was reached (`sse` after the SSE fallback), so exports can pin the transport that works. */
  reachedOver?: (name: string, config: ServerConfig) => 'http' | 'sse' | undefined;
}

async function readSourceFile(file: string): Promise<string> {
  if (!path.isAbsolute(file)) throw new AppError('invalid-request', `"${file}" is not an absolute path.`);
  try {
    const stat = await fs.stat(file);
    if (!stat.isFile()) throw new AppError('invalid-request', `${file} is not a file.`);
    if (stat.size > MAX_SOURCE_BYTES) throw new AppError('invalid-request', `${file} is larger than 5 MB; that is not a config file.`);
    return await fs.readFile(file, 'utf8');
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new AppError('not-found', `No file at ${file}.`);
    throw failure('storage', `Cannot read ${file}: ${(error as Error).message}`);
  }
}

/** Reads and parses a source; every problem becomes a message naming the file or the paste. */
export async function readSource(ref: ImportSourceRef, projectDir: string | undefined): Promise<ParsedSource> {
  const ctx = projectDir ? { projectDir } : {};
  try {
    if (ref.kind === 'text') return parsePaste(ref.text, ctx);
    const text = await readSourceFile(ref.path);
    const format = ref.format ?? 'auto';
    if (format === 'codex' || (format === 'auto' && ref.path.endsWith('.toml'))) return parseCodexToml(text, ctx);
    if (format === 'continue' || (format === 'auto' && /\.ya?ml$/i.test(ref.path))) return parseContinueYaml(text, ctx);
    const parsed = parseJsonText(text, { jsonc: true });
    if (!parsed.ok) throw new SourceError(`${ref.path} does not parse: ${parsed.problem.message}.`);
    if (format === 'zed' || (format === 'auto' && asObject(parsed.value.context_servers))) return parseZed(parsed.value, ctx);
    if (format === 'gemini') return parseGemini(parsed.value, ctx);
    if (format === 'cline' || (format === 'auto' && path.basename(ref.path) === 'cline_mcp_settings.json')) return parseCline(parsed.value, ctx);
    if (format === 'vscode' || (format === 'auto' && isVsCodeShape(parsed.value))) return parseVsCode(parsed.value, ctx);
    if (format === 'claude-code') return parseClaudeJson(parsed.value, ctx, ref.project);
    if (format === 'auto' && hasProjectServers(parsed.value)) return parseWholeClaudeJson(parsed.value, ctx);
    return parseMcpServers(parsed.value, ctx, `mcpServers file (${path.basename(ref.path)})`);
  } catch (error) {
    if (error instanceof SourceError) throw new AppError('invalid-request', error.message);
    throw error;
  }
}

function summarize(raw: unknown): string {
  const entry = asObject(raw) ?? {};
  const args = Array.isArray(entry.args) ? entry.args.filter((a): a is string => typeof a === 'string') : [];
  if (typeof entry.command === 'string') return [entry.command, ...maskCredentialArgs(args, MASK)].join(' ');
  if (typeof entry.url === 'string') return `${typeof entry.type === 'string' ? entry.type : 'http'} ${entry.url}`;
  return '';
}

/**
 * The fields that will be kept in the secret store: credential-looking literal values,
 * and every env or header value typed in for a VS Code input (VS Code keeps all input
 * values in its secret storage, password or not).
 */
function secretPlan(config: ServerConfig, byName: boolean): SecretFieldPath[] {
  const plan: SecretFieldPath[] = [];
  for (const { path: fieldPath, value } of secretCapableFields(config)) {
    if (isSecretRef(value) || value === '') continue;
    const usesInput = new RegExp(INPUT_REF.source).test(value);
    const literal = !value.includes('${');
    const alwaysSecret = fieldPath[0] === 'authToken' || fieldPath[0] === 'oauth';
    if (usesInput || (literal && (alwaysSecret || (byName && looksSecret(fieldPath[1]!))))) plan.push(fieldPath);
  }
  return plan;
}

function maskFields(config: ServerConfig, fields: SecretFieldPath[]): ServerConfig {
  return fields.reduce((out, fieldPath) => setAtPath(out, fieldPath, MASK), config);
}

export function createTransferService(deps: TransferDeps) {
  const { registry, secrets } = deps;

  const scopesWith = (name: string): ConfigScope[] => CONFIG_SCOPES.filter((scope) => registry.find(name, scope) !== undefined);

  function checkScope(scope: ConfigScope): void {
    if (!registry.availableScopes().includes(scope)) throw failure('unavailable', `Open a project first: the ${scope} scope belongs to a project folder.`);
  }

  async function listImportSources(): Promise<ImportSourceInfo[]> {
    const loc = deps.locator();
    const out: ImportSourceInfo[] = [];
    for (const known of knownSources(loc)) {
      const source: ImportSourceRef = { kind: 'file', path: known.path, format: known.format };
      const info: ImportSourceInfo = { id: known.id, client: known.client, label: known.label, path: known.path, exists: false, source };
      try {
        await fs.access(known.path);
        info.exists = true;
        const parsed = await readSource(source, loc.projectDir);
        info.count = parsed.entries.length;
        if (known.id === 'claude-code-user') {
          // Claude Code's local scope: one source per project that has servers of its own.
          const text = parseJsonText(await fs.readFile(known.path, 'utf8'), { jsonc: true });
          out.push(info);
          for (const { project, count } of text.ok ? claudeJsonProjects(text.value) : []) {
            out.push({
              id: `claude-code-local:${project}`,
              client: 'claude-code',
              label: `Claude Code — local scope of ${project}${project === loc.projectDir ? ' (this project)' : ''}`,
              path: known.path,
              exists: true,
              count,
              source: { kind: 'file', path: known.path, format: 'claude-code', project },
            });
          }
          continue;
        }
      } catch (error) {
        if (info.exists) info.problem = (error as Error).message;
      }
      out.push(info);
    }
    return out;
  }

  async function previewImport({ source, scope, secretsByName = true }: { source: ImportSourceRef; scope: ConfigScope; secretsByName?: boolean }): Promise<ImportPreview> {
    const parsed = await readSource(source, registry.project);
    const warnings = [...parsed.warnings];
    const passwordInputs = new Set(parsed.inputs.filter((i) => i.password).map((i) => i.id));
    const suggestedNames = new Set<string>();
    const candidates: ImportCandidate[] = parsed.entries.map(({ key, raw, name: suggested, origin, problem }) => {
      // Two groups of one source (user and local entries of ~/.claude.json) may reuse a name.
      const name = uniqueName(validNameFor(suggested ?? key), (n) => suggestedNames.has(n));
      suggestedNames.add(name);
      const inputs = [...new Set([...JSON.stringify(raw ?? null).matchAll(INPUT_REF)].map((m) => m[1]!))];
      const base = { key, name, summary: summarize(raw), existsIn: scopesWith(name), inputs, secretFields: [] as string[], ...(origin ? { origin } : {}) };
      if (problem) return { ...base, error: problem };
      const stored = storedSecretProblem(raw);
      if (stored) return { ...base, error: stored };
      const valid = ServerConfigSchema.safeParse(raw);
      if (!valid.success) {
        const issue = valid.error.issues[0];
        return { ...base, error: `${issue?.path.length ? `${issue.path.join('.')}: ` : ''}${issue?.message ?? 'invalid entry'}` };
      }
      const plan = secretPlan(valid.data, secretsByName);
      const plain = JSON.stringify(stripSecretCapable(valid.data));
      for (const id of inputs) {
        if (plain.includes(`\${input:${id}}`)) {
          warnings.push(
            `"${key}" uses the ${passwordInputs.has(id) ? 'password ' : ''}input "${id}" outside env and headers; the value you enter will be written in the config file, since only env and header values can be kept secret.`,
          );
        }
      }
      const args = isStdioConfig(valid.data) ? (valid.data.args ?? []) : [];
      for (const { index, flag } of credentialArgs(args)) {
        warnings.push(
          `"${key}": args[${index}] (${flag}) holds a credential, and arguments cannot be kept secret: it will be written in the config file in clear. Move it into env after importing if the server reads it from there.`,
        );
      }
      const masked = maskFields(valid.data, plan);
      return {
        ...base,
        transport: transportOf(valid.data),
        config: isStdioConfig(masked) && masked.args ? { ...masked, args: maskCredentialArgs(masked.args, MASK) } : masked,
        secretFields: plan.map((p) => p.join('.')),
      };
    });
    if (!registry.availableScopes().includes(scope)) warnings.push(`Open a project to import into the ${scope} scope.`);
    const suggested = parsed.suggestedScope;
    if (suggested && suggested !== scope && !registry.availableScopes().includes(suggested)) {
      warnings.push(
        `Claude Code would add ${parsed.entries.length === 1 ? 'this server' : 'these servers'} to the ${suggested} scope${suggested === 'local' ? ' (its default without -s)' : ''}, which belongs to a project. No project is open, so ${parsed.entries.length === 1 ? 'it goes' : 'they go'} into the ${scope} scope; open the project first to follow Claude Code.`,
      );
    }
    return {
      format: parsed.format,
      candidates,
      inputs: parsed.inputs,
      warnings,
      ...(parsed.suggestedScope ? { suggestedScope: parsed.suggestedScope } : {}),
      ...(parsed.openSource ? { openSource: parsed.openSource } : {}),
    };
  }

  async function applyImport(request: ApplyImportRequest): Promise<ApplyImportResult> {
    checkScope(request.scope);
    const parsed = await readSource(request.source, registry.project);
    const inputs = request.inputs ?? {};
    const byName = request.secretsByName ?? true;

    // Everything is checked before anything is written.
    const names = new Set<string>();
    const planned: Array<{ name: string; replace: boolean; config: ServerConfig; secretFields: SecretFieldPath[]; enable: boolean }> = [];
    for (const choice of request.choices) {
      const entry = parsed.entries.find((e) => e.key === choice.key);
      if (!entry) throw new AppError('not-found', `"${choice.key}" is no longer in the source; preview it again.`);
      if (entry.problem) throw new AppError('invalid-request', `"${choice.key}" cannot be imported: ${entry.problem}`);
      if (names.has(choice.name)) throw new AppError('conflict', `Two servers would be named "${choice.name}"; rename one.`);
      names.add(choice.name);
      const object = asObject(entry.raw);
      const stored = storedSecretProblem(entry.raw);
      if (stored) throw new AppError('invalid-request', `Server "${choice.key}": ${stored}`);
      const missing = [...JSON.stringify(entry.raw ?? null).matchAll(INPUT_REF)].map((m) => m[1]!).filter((id) => inputs[id] === undefined);
      if (missing.length > 0) throw new AppError('invalid-request', `Enter a value for the input "${missing[0]}" (used by "${choice.key}").`);
      const valid = ServerConfigSchema.safeParse(object);
      if (!valid.success) throw new AppError('invalid-request', `"${choice.key}" is not a valid server entry: ${valid.error.issues[0]?.message}`);
      const secretFields = secretPlan(valid.data, byName);
      const filled = mapConfigStrings(valid.data as Record<string, unknown>, (value) => value.replace(INPUT_REF, (_m, id: string) => inputs[id] ?? '')) as ServerConfig;
      // An input's value may not smuggle in a reference either.
      const smuggled = storedSecretProblem(filled);
      if (smuggled) throw new AppError('invalid-request', `Server "${choice.key}": ${smuggled}`);
      const exists = registry.find(choice.name, request.scope) !== undefined;
      if (exists && !choice.replace) throw new AppError('conflict', `A server named "${choice.name}" already exists in the ${request.scope} scope; rename it or choose to replace it.`);
      refuseSecretsInProject(request.scope, choice.name, filled, secretFields);
      // Only what the user pasted may be switched on: a file's entries never start by themselves.
      planned.push({ name: choice.name, replace: exists, config: filled, secretFields, enable: choice.enable === true && request.source.kind === 'text' });
    }

    const result: ApplyImportResult = { added: [], replaced: [] };
    for (const item of planned) {
      // Switched off until the user has checked it and switched it on: an import never starts
      // or connects anything, now or at the next start — unless the user pasted this one
      // server into Add server and saved it there (choice.enable, pasted text only).
      const config = await storeSecretFields((item.enable ? item.config : { ...item.config, enabled: false }) as ServerConfig, item.secretFields, secrets, item.name);
      if (item.replace) {
        const old = registry.find(item.name, request.scope)?.config;
        await registry.replace(request.scope, item.name, config);
        if (old) await releaseSecrets(ownedKeysOf(item.name, old), secrets, usedKeys(registry));
        result.replaced.push(item.name);
      } else {
        await registry.add(request.scope, item.name, config);
        result.added.push(item.name);
      }
      await deps.owners?.bindEntry(request.scope, item.name, config);
    }
    return result;
  }

  async function exportSelected(request: ExportRequest): Promise<ExportResult> {
    const entries = request.names.map((name) => {
      const entry = registry.find(name);
      if (!entry) throw new AppError('not-found', `No server named "${name}".`);
      return { name, config: entry.config };
    });
    const configs = new Map(entries.map((entry) => [entry.name, entry.config]));
    const reachedOver = deps.reachedOver;
    const exported = exportServers(entries, request.format, reachedOver ? { reachedOver: (name) => reachedOver(name, configs.get(name)!) } : {});
    if (!request.path) return exported;
    const target = request.path.trim();
    await writeExportFile(target, exported.text, { dataDir: registry.dataFolder, ...(request.overwrite ? { overwrite: true } : {}) });
    return { ...exported, savedTo: target };
  }

  return { listImportSources, previewImport, applyImport, exportServers: exportSelected };
}

/** An entry without the fields that can be secret (to find inputs used elsewhere). */
function stripSecretCapable(config: ServerConfig): Record<string, unknown> {
  const out = { ...(config as Record<string, unknown>) };
  delete out.env;
  delete out.headers;
  delete out.authToken;
  if (asObject(out.oauth)) {
    const oauth = { ...(out.oauth as Record<string, unknown>) };
    delete oauth.clientSecret;
    out.oauth = oauth;
  }
  return out;
}

