/**
 * VS Code's `mcp.json` (`.vscode/mcp.json` or the user profile's): `servers` plus
 * `inputs`, the prompts VS Code shows for `${input:id}`. Also read from a settings.json
 * that nests them under `"mcp"`.
 */
import type { ImportInput } from '../../../../shared/api/transfer';
import { asObject } from './variables';
import { entriesFromMap } from './parse-mcp-servers';
import { SourceError, type ParseContext, type ParsedSource } from './types';

const INPUT_REF = /\$\{input:([^}]+)\}/g;

export function isVsCodeShape(value: Record<string, unknown>): boolean {
  return asObject(value.servers) !== undefined || asObject(asObject(value.mcp)?.servers) !== undefined;
}

export function parseVsCode(value: Record<string, unknown>, ctx: ParseContext): ParsedSource {
  const root = asObject(value.servers) ? value : (asObject(value.mcp) ?? {});
  const servers = asObject(root.servers);
  if (!servers) throw new SourceError('A VS Code mcp.json needs a "servers" object.');
  const warnings = new Set<string>();
  const entries = entriesFromMap(servers, ctx, warnings);

  const declared = new Map<string, ImportInput>();
  for (const input of Array.isArray(root.inputs) ? root.inputs : []) {
    const object = asObject(input);
    if (!object || typeof object.id !== 'string') continue;
    if (object.type !== undefined && object.type !== 'promptString') warnings.add(`Input "${object.id}" is a ${String(object.type)}; it is asked for as text.`);
    declared.set(object.id, {
      id: object.id,
      ...(typeof object.description === 'string' ? { description: object.description } : {}),
      password: object.password === true,
      // VS Code offers `default` when it asks; the import form starts with it filled in.
      ...(typeof object.default === 'string' ? { default: object.default } : {}),
      usedBy: [],
    });
  }
  for (const entry of entries) {
    for (const match of JSON.stringify(entry.raw ?? null).matchAll(INPUT_REF)) {
      const id = match[1]!;
      const input = declared.get(id) ?? { id, password: false, usedBy: [] };
      if (!declared.has(id)) {
        warnings.add(`\${input:${id}} is not declared in "inputs"; it is asked for as plain text.`);
        declared.set(id, input);
      }
      if (!input.usedBy.includes(entry.key)) input.usedBy.push(entry.key);
    }
  }
  return { format: 'VS Code mcp.json', entries, inputs: [...declared.values()].filter((i) => i.usedBy.length > 0), warnings: [...warnings] };
}
