/**
 * Pins on tool definitions, kept in `tool-pins.json` in the app data folder: when a tool
 * first runs with the user's leave (a rule, a confirmation, or its read-only default), a
 * hash of each part of its definition is recorded; a later change of its description,
 * schemas, title or annotations is then flagged before it runs again (a server that
 * rewrites a tool after it was trusted is the "rug pull" of tool poisoning).
 *
 * Pins are kept by server, then tool (`{"servers": {"fs": {"write_file": {…}}}}`): a server
 * named `a__b` never shares a pin with tool `b__…` of server `a`. Earlier versions kept them
 * by `mcp__<server>__<tool>` name; those are read once (legacy-names.ts) and written again.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import type { ToolInfo } from '../../../shared/domain';
import { logFailure } from '../diagnostics/diagnostics';
import { JsonFile } from '../util/json-file';
import { readLegacyTool } from './legacy-names';

export const PINS_FILE = 'tool-pins.json';

const PARTS = ['description', 'inputSchema', 'outputSchema', 'title', 'annotations'] as const;
type Part = (typeof PARTS)[number];
const PART_NAMES: Record<Part, string> = { description: 'its description', inputSchema: 'its input schema', outputSchema: 'its output schema', title: 'its title', annotations: 'its annotations' };

const PinSchema = z.looseObject({ time: z.number(), parts: z.record(z.string(), z.string()) });
type Pin = z.infer<typeof PinSchema>;
const FileSchema = z.looseObject({
  servers: z.record(z.string(), z.record(z.string(), PinSchema)).default({}),
  /** The old form: by `mcp__<server>__<tool>`, until migrate() reads it. */
  pins: z.record(z.string(), PinSchema).optional(),
});
type PinsFile = z.infer<typeof FileSchema>;

export type PinCheck = { status: 'new' } | { status: 'same' } | { status: 'changed'; changes: string[] };
const SAME: PinCheck = { status: 'same' };

/** JSON with keys sorted, so the same definition always hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export function definitionHashes(tool: ToolInfo): Record<Part, string> {
  return Object.fromEntries(PARTS.map((part) => [part, createHash('sha256').update(canonical(tool[part])).digest('hex')])) as Record<Part, string>;
}

/**
 * The hashes of each listed definition, made once: every call checks its tool's pin, and the
 * listed ToolInfo is the same object until the list is fetched again (a new list, new objects).
 */
const hashesOfListed = new WeakMap<ToolInfo, Record<Part, string>>();

function hashesOf(tool: ToolInfo): Record<Part, string> {
  let hashes = hashesOfListed.get(tool);
  if (!hashes) hashesOfListed.set(tool, (hashes = definitionHashes(tool)));
  return hashes;
}

export class ToolPins {
  private data: PinsFile = { servers: {} };
  private readonly file: JsonFile<PinsFile>;

  constructor(dataDir: string) {
    this.file = new JsonFile(path.join(dataDir, PINS_FILE), FileSchema, () => ({ servers: {} }));
  }

  async load(): Promise<void> {
    this.data = await this.file.read();
  }

  /** Reads the old `mcp__…` keys against the servers configured now, and writes the file in the new form (once; `persist` false: for this run only). */
  async migrate(servers: Iterable<string>, { persist = true } = {}): Promise<void> {
    const old = this.data.pins;
    if (!old) return;
    const configured = new Set(servers);
    const byServer: PinsFile['servers'] = { ...this.data.servers };
    for (const [name, pin] of Object.entries(old)) {
      for (const { server, tool } of readLegacyTool(name, configured)) {
        const tools = (byServer[server] = { ...byServer[server] });
        tools[tool] ??= pin;
      }
    }
    const { pins: _read, ...rest } = this.data;
    this.data = { ...rest, servers: byServer };
    if (!persist) {
      // Read for this run only (see PermissionStore.migrate): the old keys stay for a later run to read.
      this.data = { ...this.data, pins: old };
      return;
    }
    await this.file.write(this.data).catch(logFailure('Writing the tool pins in their new form failed'));
  }

  check(tool: ToolInfo): PinCheck {
    const pin = this.pinOf(tool);
    if (!pin) return { status: 'new' };
    const now = hashesOf(tool);
    // Every call checks its tool: the usual answer, unchanged, allocates nothing.
    let changes: string[] | undefined;
    for (const part of PARTS) if (pin.parts[part] !== now[part]) (changes ??= []).push(PART_NAMES[part]);
    return changes ? { status: 'changed', changes } : SAME;
  }

  async pin(tool: ToolInfo): Promise<void> {
    const tools = { ...this.data.servers[tool.server], [tool.name]: { time: Date.now(), parts: hashesOf(tool) } };
    this.data = { ...this.data, servers: { ...this.data.servers, [tool.server]: tools } };
    await this.file.write(this.data);
  }

  private pinOf(tool: ToolInfo): Pin | undefined {
    const tools = this.data.servers[tool.server];
    return tools && Object.hasOwn(tools, tool.name) ? tools[tool.name] : undefined;
  }
}
