/**
 * The doctor against real fixture servers, through the real core: doctor-bad trips every
 * rule (host rules and live checks) and doctor-good trips none.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureServer } from '../../../e2e/fixtures/paths';
import type { DoctorReport } from '../../../shared/api/doctor';
import { createCore, type Core } from '../api/core-api';
import { HOST_RULE_SETS } from './rules';
import { LIVE_RULES } from './live/live-rules';

let core: Core;
let dataDir: string;
let report: DoctorReport;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-doctor-'));
  // doctor-bad is slow by a wide margin over the thresholds, so doctor-good, fast but on a busy machine, stays under them.
  core = await createCore({ dataDir, env: {}, autoConnect: false, doctorThresholds: { slowConnectMs: 1500, slowListMs: 1000 } });
  await core.api.addServer({ name: 'doctor-bad', config: { command: process.execPath, args: [fixtureServer('doctor-bad')], env: { DOCTOR_BAD_START_DELAY_MS: '3000', DOCTOR_BAD_LIST_DELAY_MS: '2000' } } });
  await core.api.addServer({ name: 'doctor-good', config: { command: process.execPath, args: [fixtureServer('doctor-good')] } });
  // The doctor reads live behaviour from calls that were made.
  for (const tool of ['get_report', 'dump', 'big_picture']) await core.api.callTool({ server: 'doctor-bad', tool, arguments: {}, confirmed: true });
  await core.api.callTool({ server: 'doctor-good', tool: 'get_weather', arguments: { city: 'Oslo', units: 'metric' }, confirmed: true });
  await core.api.disconnectServer({ name: 'doctor-bad' });
  report = await core.api.runDoctor({});
}, 60_000);

afterAll(async () => {
  await core?.dispose();
  await fs.rm(dataDir, { recursive: true, force: true });
});

const serverReport = (name: string) => report.servers.find((s) => s.server === name)!;
const everyFinding = () => [...report.servers.flatMap((s) => s.findings), ...report.shared];

describe('doctor on the fixtures', () => {
  it('doctor-bad trips every host rule and every live check but a failed connect', () => {
    const tripped = new Set(everyFinding().filter((f) => f.server === 'doctor-bad' || f.server === undefined).map((f) => f.rule));
    const all = [...Object.values(HOST_RULE_SETS).flatMap((set) => set.rules.map((r) => r.id)), ...LIVE_RULES.map((r) => r.id).filter((id) => id !== 'live-connect-failed')];
    expect(all.filter((id) => !tripped.has(id))).toEqual([]);
  });

  it('doctor-good trips none', () => {
    expect(serverReport('doctor-good').findings).toEqual([]);
    expect(report.shared.filter((f) => f.server === 'doctor-good')).toEqual([]);
  });

  it('holds the expected findings for doctor-bad, with tool and pointer', () => {
    const bad = serverReport('doctor-bad').findings;
    const at = (rule: string, tool?: string) => bad.filter((f) => f.rule === rule && (tool === undefined || f.tool === tool)).map((f) => f.pointer);
    expect(at('gemini-cli-ref', 'schema_zoo')).toEqual(['/inputSchema/properties/at', '/inputSchema/properties/gone']);
    expect(at('gemini-cli-cyclic-ref', 'tree_walk')).toEqual(['/inputSchema']);
    expect(at('gemini-cli-cyclic-ref', 'schema_zoo')).toEqual([]);
    expect(at('openai-object-properties', 'no_properties')).toEqual(['/inputSchema']);
    expect(bad.find((f) => f.rule === 'claude-code-tool-search')?.message).toMatch(/tool search/);
    expect(at('spec-valid-schema', 'schema_zoo')).toEqual(['/inputSchema/properties/when/type']);
    expect(at('spec-resolvable-refs', 'schema_zoo')).toEqual(['/inputSchema/properties/gone/$ref']);
    expect(at('vscode-array-items', 'schema_zoo')).toEqual(['/inputSchema/properties/tags']);
    expect(at('claude-code-description-cut', 'huge_docs')).toEqual(['/description']);
    expect(at('live-output-schema-mismatch', 'get_report')).toEqual(['/outputSchema']);
    expect(at('live-hidden-unicode', 'helpful')).toEqual(['/description']);
    expect(at('live-bidi-unicode', 'helpful')).toEqual(['/description']);
    expect(at('live-missing-annotations')).toEqual(['/annotations']);
    expect(bad.find((f) => f.rule === 'live-capability-failing')?.message).toMatch(/resources\/list fails: .*resources are broken/);
    expect(bad.find((f) => f.rule === 'live-stdout-noise')?.message).toMatch(/doctor-bad starting up/);
    expect(report.shared.filter((f) => f.rule === 'live-name-collision').map((f) => f.tool).sort()).toEqual(['files.read', 'files_read', 'twice', 'twice']);
    for (const finding of bad) expect(finding.source).toMatch(/^https:\/\//);
  });

  it('counts tokens per tool and in total, the Claude count labelled an estimate', () => {
    const good = serverReport('doctor-good');
    expect(good.tokens.perTool.map((t) => t.tool)).toEqual(['get_weather', 'add_note', 'list_notes']);
    for (const cost of good.tokens.perTool) expect(cost.openai).toBeGreaterThan(10);
    expect(good.tokens.total.openai).toBe(good.tokens.perTool.reduce((sum, t) => sum + t.openai, 0));
    expect(good.tokens.total.claudeEstimate).toBeGreaterThan(0);
    expect(good.timings.lists['tools/list']).toBeGreaterThanOrEqual(0);
  });

  it('only the hosts asked for (and the spec) are reported', async () => {
    const only = await core.api.runDoctor({ servers: ['doctor-bad'], hosts: ['gemini'] });
    expect(only.hosts).toEqual(['gemini', 'spec']);
    const hosts = new Set(only.servers[0]!.findings.flatMap((f) => f.hosts));
    expect([...hosts].sort()).toEqual(expect.arrayContaining(['gemini', 'spec']));
    expect(only.servers[0]!.findings.every((f) => f.hosts.includes('gemini') || f.hosts.includes('spec'))).toBe(true);
  });

  it('shows the tools as Claude Code would: its names, cut descriptions, refused tools with the reason', async () => {
    const view = await core.api.toolsAsHost({ name: 'doctor-bad', host: 'claude-code' });
    expect(view.find((t) => t.tool === 'files.read')?.name).toBe('mcp__doctor-bad__files_read');
    const docs = view.find((t) => t.tool === 'huge_docs')!;
    expect(docs.descriptionCut).toBe(true);
    expect(docs.description).toHaveLength(2048);
    expect(view.find((t) => t.tool === 'pick_one')?.dropped).toMatch(/anyOf/);
    const cursorView = await core.api.toolsAsHost({ name: 'doctor-bad', host: 'cursor' });
    expect(cursorView.filter((t) => t.dropped).length).toBeGreaterThanOrEqual(130 - 40);
  });
});
