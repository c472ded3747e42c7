/**
 * `mcp-workbench doctor` as a process (out/electron/cli.cjs; `node scripts/build.mjs cli`
 * first) against the doctor fixtures: exit codes, --host, --json, and --junit output read
 * back with an XML parser.
 */
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureServer } from '../../e2e/fixtures/paths';
import { referenceServers } from '../../e2e/fixtures/reference-servers';
import { BUILT_CLI, runBuiltCli, type CliRun } from '../../tests/support/built-cli';

const CLI = BUILT_CLI;
const stdio = (fixture: 'doctor-good' | 'doctor-bad') => `"${process.execPath}" "${fixtureServer(fixture)}"`;
let home: string;

function cli(args: string[]): Promise<CliRun> {
  return runBuiltCli(args, { home });
}

beforeAll(async () => {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run \`node scripts/build.mjs cli\` (or npm run build) first.`);
  home = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-doctor-cli-'));
  await fs.writeFile(path.join(home, 'servers.json'), JSON.stringify({ mcpServers: { good: { command: process.execPath, args: [fixtureServer('doctor-good')] }, bad: { command: process.execPath, args: [fixtureServer('doctor-bad')] } } }));
});

afterAll(async () => {
  await fs.rm(home, { recursive: true, force: true });
});

describe('mcp-workbench doctor', () => {
  it('exits 0 for a server with no findings, and says so', async () => {
    const run = await cli(['doctor', 'good']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/good: 3 tools, \d+ tokens \(OpenAI o200k\), ~\d+ \(Claude, estimate\)/);
    expect(run.stdout).toMatch(/no findings/);
  });

  it('exits 1 when an error finding exists for a requested host, naming rule, tool and pointer', async () => {
    const run = await cli(['doctor', '--stdio', stdio('doctor-bad'), '--host', 'vscode']);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout).toMatch(/error\s+vscode-array-items\s+schema_zoo\s+\/inputSchema\/properties\/tags/);
    expect(run.stdout).not.toMatch(/claude-code-/);
  });

  it("prints an unverified rule's finding as unverified", async () => {
    const run = await cli(['doctor', '--stdio', stdio('doctor-bad'), '--host', 'gemini']);
    expect(run.stdout).toMatch(/warning\s+gemini-cli-cyclic-ref\s+tree_walk\s+\/inputSchema\s+Unverified: /);
    expect(run.stdout).not.toMatch(/error\s+gemini-/);
  });

  it('--json is one document with the findings and the rules', async () => {
    const run = await cli(['doctor', 'good', 'bad', '--host', 'claude-code,cursor', '--json']);
    expect(run.code).toBe(1);
    const doc = JSON.parse(run.stdout) as { ok: boolean; hosts: string[]; servers: Array<{ server: string; findings: Array<{ rule: string }> }> };
    expect(doc.ok).toBe(false);
    expect(doc.hosts).toEqual(['claude-code', 'cursor', 'spec']);
    expect(doc.servers.find((s) => s.server === 'good')!.findings).toEqual([]);
    expect(doc.servers.find((s) => s.server === 'bad')!.findings.map((f) => f.rule)).toContain('claude-code-description-cut');
  });

  it('--junit is valid JUnit XML: a suite per server, a case per rule, failures for errors', async () => {
    const run = await cli(['doctor', 'good', 'bad', '--junit']);
    expect(run.code).toBe(1);
    expect(XMLValidator.validate(run.stdout)).toBe(true);
    const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name) => ['testsuite', 'testcase'].includes(name) }).parse(run.stdout) as {
      testsuites: { tests: string; failures: string; testsuite: Array<{ name: string; tests: string; failures: string; testcase: Array<{ name: string; failure?: { type: string } }> }> };
    };
    const suites = xml.testsuites.testsuite;
    expect(suites.map((s) => s.name)).toEqual(['good', 'bad', 'all servers']);
    const good = suites[0]!;
    expect(Number(good.failures)).toBe(0);
    expect(good.testcase.length).toBe(Number(good.tests));
    const bad = suites[1]!;
    const failing = bad.testcase.filter((c) => c.failure).map((c) => c.name);
    expect(failing).toEqual(expect.arrayContaining(['vscode-array-items', 'spec-valid-schema', 'claude-code-top-level-union', 'live-capability-failing']));
    expect(Number(bad.failures)).toBe(failing.length);
    expect(Number(xml.testsuites.failures)).toBe(suites.reduce((sum, s) => sum + Number(s.failures), 0));
  });

  it('exits 0 on the official reference servers (everything, filesystem, memory), every host checked', async () => {
    const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-doctor-reference-'));
    try {
      const config = path.join(folder, 'mcp.json');
      await fs.writeFile(config, JSON.stringify({ mcpServers: referenceServers(folder) }));
      const run = await cli(['doctor', '--config', config, '--json']);
      const doc = JSON.parse(run.stdout) as { ok: boolean; servers: Array<{ server: string; connected: boolean; toolCount: number; findings: Array<{ rule: string; severity: string }> }>; shared: Array<{ severity: string }> };
      const errors = [...doc.servers.flatMap((s) => s.findings), ...doc.shared].filter((f) => f.severity === 'error');
      expect(errors).toEqual([]);
      expect(doc.servers.map((s) => [s.server, s.connected, s.toolCount > 5])).toEqual([
        ['everything', true, true],
        ['filesystem', true, true],
        ['memory', true, true],
      ]);
      expect(run.code, run.stderr).toBe(0);
    } finally {
      await fs.rm(folder, { recursive: true, force: true });
    }
  });

  it('refuses an unknown host with a usage error', async () => {
    const run = await cli(['doctor', 'good', '--host', 'emacs']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/Unknown host "emacs".*\n.*claude-code/);
  });
});
