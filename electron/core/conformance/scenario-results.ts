/**
 * Reading what the conformance suite leaves behind: its scenario list (`list --server
 * --requirements <revision>`) and each scenario's checks.json, turned into one result per
 * scenario. A scenario with no checks.json, or an empty one, recorded nothing: that is
 * reported as such, never as a pass.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { ConformanceCheck, ConformanceScenario } from '../../../shared/api/conformance';
import { messageOf } from '../../../shared/errors';

/** The scenario names under "Server scenarios" in the suite's `list` output ("  - name" or "  - name [tags]"). */
export function parseServerScenarios(listing: string): string[] {
  const start = listing.indexOf('Server scenarios');
  if (start < 0) return [];
  const section = listing.slice(start).split(/\n\s*\n/)[0]!;
  return [...section.matchAll(/^\s+- (\S+)/gm)].map((m) => m[1]!);
}

const CheckSchema = z.looseObject({
  id: z.string(),
  name: z.string().optional(),
  description: z.string().optional(),
  status: z.string(),
  errorMessage: z.string().optional(),
  specReferences: z.array(z.looseObject({ id: z.string().optional(), url: z.string().optional() })).optional(),
});

function checkOf(raw: z.infer<typeof CheckSchema>): ConformanceCheck {
  return {
    id: raw.id,
    name: raw.name ?? raw.id,
    status: raw.status,
    description: raw.description ?? '',
    ...(raw.errorMessage !== undefined ? { errorMessage: raw.errorMessage } : {}),
    specReferences: (raw.specReferences ?? []).filter((ref) => typeof ref.url === 'string' && /^https?:\/\//.test(ref.url)).map((ref) => ({ id: ref.id ?? ref.url!, url: ref.url! })),
  };
}

/**
 * Each scenario's results folder under `dir`, by scenario name: the suite names them
 * `server-<scenario>-<time>` (the newest wins should a scenario have run twice).
 */
export function scenarioDirs(dir: string): Map<string, string> {
  const found = new Map<string, { dir: string; time: string }>();
  if (!existsSync(dir)) return new Map();
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const match = /^server-(.+)-(\d{4}-\d{2}-\d{2}T[\d-]+Z)$/.exec(entry.name);
    if (!entry.isDirectory() || !match) continue;
    const [, name, time] = match as unknown as [string, string, string];
    const known = found.get(name);
    if (!known || known.time < time) found.set(name, { dir: path.join(dir, entry.name), time });
  }
  return new Map([...found].map(([name, { dir: where }]) => [name, where]));
}

/** One scenario's result from the folder its run wrote to; `failure` says why the run itself failed, if it did. */
export function scenarioResult(name: string, dir: string | undefined, failure?: string): ConformanceScenario {
  const file = dir ? path.join(dir, 'checks.json') : undefined;
  if (!file || !existsSync(file)) return { name, status: 'no-checks', checks: [], note: `The scenario left no results${failure ? `: ${failure}` : '.'}` };
  let checks: ConformanceCheck[];
  try {
    checks = z.array(CheckSchema).parse(JSON.parse(readFileSync(file, 'utf8'))).map(checkOf);
  } catch (error) {
    return { name, status: 'no-checks', checks: [], note: `Its results could not be read: ${messageOf(error)}` };
  }
  if (checks.length === 0) return { name, status: 'no-checks', checks, note: 'The scenario ran but recorded no check.' };
  if (checks.some((check) => check.status === 'FAILURE')) return { name, status: 'failed', checks };
  if (checks.some((check) => check.status === 'SUCCESS')) return { name, status: 'passed', checks };
  const kinds = [...new Set(checks.map((check) => check.status))].join(', ');
  return { name, status: 'no-checks', checks, note: `No check passed or failed (only ${kinds}).` };
}
