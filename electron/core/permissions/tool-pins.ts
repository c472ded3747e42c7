/**
 * Pins on tool definitions, kept in `tool-pins.json` in the app data folder: when a tool
 * first runs with the user's leave (a rule, a confirmation, or its read-only default), a
 * hash of each part of its definition is recorded; a later change of its description,
 * schemas, title or annotations is then flagged before it runs again (a server that
 * rewrites a tool after it was trusted is the "rug pull" of tool poisoning).
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import type { ToolInfo } from '../../../shared/domain';
import { JsonFile } from '../util/json-file';

export const PINS_FILE = 'tool-pins.json';

const PARTS = ['description', 'inputSchema', 'outputSchema', 'title', 'annotations'] as const;
type Part = (typeof PARTS)[number];
const PART_NAMES: Record<Part, string> = { description: 'its description', inputSchema: 'its input schema', outputSchema: 'its output schema', title: 'its title', annotations: 'its annotations' };

const PinSchema = z.looseObject({ time: z.number(), parts: z.record(z.string(), z.string()) });
const FileSchema = z.looseObject({ pins: z.record(z.string(), PinSchema).default({}) });
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
  private data: PinsFile = { pins: {} };
  private readonly file: JsonFile<PinsFile>;

  constructor(dataDir: string) {
    this.file = new JsonFile(path.join(dataDir, PINS_FILE), FileSchema, () => ({ pins: {} }));
  }

  async load(): Promise<void> {
    this.data = await this.file.read();
  }

  check(tool: ToolInfo): PinCheck {
    const pin = this.data.pins[tool.fullName];
    if (!pin) return { status: 'new' };
    const now = hashesOf(tool);
    // Every call checks its tool: the usual answer, unchanged, allocates nothing.
    let changes: string[] | undefined;
    for (const part of PARTS) if (pin.parts[part] !== now[part]) (changes ??= []).push(PART_NAMES[part]);
    return changes ? { status: 'changed', changes } : SAME;
  }

  async pin(tool: ToolInfo): Promise<void> {
    this.data = { ...this.data, pins: { ...this.data.pins, [tool.fullName]: { time: Date.now(), parts: hashesOf(tool) } } };
    await this.file.write(this.data);
  }
}
