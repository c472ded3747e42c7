/**
 * The whole rule set against the official reference servers (the everything, filesystem and
 * memory servers, devDependencies run as real stdio processes): a Doctor that cries "error" on
 * the servers everyone starts from is not believed. None may come out as an error; a finding
 * that is really an error would have to be named here with its evidence (none is).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referenceServers } from '../../../e2e/fixtures/reference-servers';
import { DOCTOR_HOSTS, type DoctorReport } from '../../../shared/api/doctor';
import { createCore, type Core } from '../api/core-api';

let core: Core;
let dataDir: string;
let folder: string;
let report: DoctorReport;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-doctor-reference-'));
  folder = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-reference-files-'));
  core = await createCore({ dataDir, env: {}, autoConnect: false });
  for (const [name, config] of Object.entries(referenceServers(folder))) await core.api.addServer({ name, config });
  report = await core.api.runDoctor({});
}, 90_000);

afterAll(async () => {
  await core?.dispose();
  await fs.rm(dataDir, { recursive: true, force: true });
  await fs.rm(folder, { recursive: true, force: true });
});

const everyFinding = () => [...report.servers.flatMap((s) => s.findings), ...report.shared];

describe('the doctor on the official reference servers', () => {
  it('connects each and checks it against every host', () => {
    expect(report.hosts.sort()).toEqual([...DOCTOR_HOSTS].sort());
    expect(report.servers.map((s) => [s.server, s.connected])).toEqual([
      ['everything', true],
      ['filesystem', true],
      ['memory', true],
    ]);
    for (const server of report.servers) expect(server.toolCount, server.server).toBeGreaterThan(5);
  });

  it('finds no error on any of them, for any host', () => {
    const errors = everyFinding().filter((f) => f.severity === 'error');
    expect(errors.map((f) => `${f.server}/${f.tool ?? '-'}: ${f.rule} ${f.pointer}`)).toEqual([]);
  });

  it('takes the schemas as Gemini CLI does: $schema, additionalProperties and the rest reach the API as JSON Schema', () => {
    // The filesystem server's schemas carry "$schema" (draft-07) and outputSchemas "additionalProperties": false.
    expect(everyFinding().filter((f) => f.hosts.includes('gemini'))).toEqual([]);
  });

  it('every finding it does report names a rule that was applied, with its source', () => {
    const applied = new Set(report.rules.map((r) => r.id));
    for (const finding of everyFinding()) {
      expect(applied.has(finding.rule), finding.rule).toBe(true);
      expect(finding.source).toMatch(/^https:\/\//);
    }
  });
});
