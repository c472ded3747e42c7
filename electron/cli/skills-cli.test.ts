/**
 * `mcp-workbench skills` as a process (out/electron/cli.cjs; `node scripts/build.mjs cli`
 * first) against the skills fixtures as real processes (stdio, and Streamable HTTP): list, get,
 * read (text, -o with the exact bytes, a folder, a file that fails), verify with its exit codes,
 * --json, and --junit read back with an XML parser.
 */
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixture, type RunningFixture } from '../../e2e/fixtures/fixture-process';
import { fixtureServer } from '../../e2e/fixtures/paths';
import { BINARY_BLOB } from '../../e2e/fixtures/servers/lib/skill-files.mjs';
import type { SkillCatalog, SkillFileRead } from '../../shared/api/skills';
import { BUILT_CLI, runBuiltCli, type CliRun } from '../../tests/support/built-cli';
import type { SkillsVerifyReport } from './commands/skills-verify';

let home: string;
let http: RunningFixture;

function cli(args: string[]): Promise<CliRun> {
  return runBuiltCli(args, { home, cwd: home });
}

beforeAll(async () => {
  if (!existsSync(BUILT_CLI)) throw new Error(`${BUILT_CLI} is missing: run \`node scripts/build.mjs cli\` (or npm run build) first.`);
  home = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-skills-cli-'));
  http = await startFixture('skills-server', ['--http']);
  const stdio = (fixture: 'skills-server' | 'skills-lying' | 'basic-stdio') => ({ command: process.execPath, args: [fixtureServer(fixture)] });
  await fs.writeFile(
    path.join(home, 'servers.json'),
    JSON.stringify({ mcpServers: { good: stdio('skills-server'), lying: stdio('skills-lying'), plain: stdio('basic-stdio'), remote: { type: 'http', url: http.url } } }),
  );
});

afterAll(async () => {
  await http?.stop();
  await fs.rm(home, { recursive: true, force: true });
});

describe('mcp-workbench skills list and get', () => {
  it('lists the skills in a table and the refused entries with their reasons; --json is the catalog', async () => {
    const run = await cli(['skills', 'list', 'lying']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^NAME\s+FILES\s+SIZE\s+URI\s+DESCRIPTION$/m);
    expect(run.stdout).toMatch(/^live-data\s+dynamic\s+-\s+skill:\/\/live-data\/SKILL.md\s+Generated on each read$/m);
    expect(run.stdout).toMatch(/Refused entries \(6\)[^\n]*\n {2}#4 skill:\/\/outside\/SKILL.md: resource "skill:\/\/elsewhere\/secret.md" is outside the skill directory/);
    const json = await cli(['skills', 'list', 'good', '--json']);
    const catalog = JSON.parse(json.stdout) as SkillCatalog & { server: string };
    expect(catalog.server).toBe('good');
    expect(catalog.skills.map((skill) => skill.name)).toEqual(['refunds', 'git-workflow', 'pdf-processing']);
  });

  it('says so for a server without the extension', async () => {
    const run = await cli(['skills', 'list', 'plain']);
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/plain does not declare the skills extension/);
  });

  it('shows one skill by name or URI; a shared name or an unknown one is bad input (exit 2)', async () => {
    const byName = await cli(['skills', 'get', 'good', 'pdf-processing']);
    expect(byName.code, byName.stderr).toBe(0);
    expect(byName.stdout).toMatch(/^pdf-processing {2}\(skill:\/\/pdf-processing\/SKILL.md\)$/m);
    expect(byName.stdout).toMatch(/^ {2}license: Apache-2.0$/m);
    expect(byName.stdout).toMatch(/^ {2}assets\/logo.png\s+98 B\s+sha256:[0-9a-f]{64}$/m);
    const byUri = await cli(['skills', 'get', 'lying', 'skill://team-b/helper/SKILL.md', '--json']);
    expect(JSON.parse(byUri.stdout)).toMatchObject({ name: 'helper', prefix: 'team-b', uri: 'skill://team-b/helper/SKILL.md' });
    const shared = await cli(['skills', 'get', 'lying', 'helper']);
    expect(shared.code).toBe(2);
    expect(shared.stderr).toMatch(/2 skills of lying are named "helper"[^\n]*\n.*skill:\/\/team-a\/helper\/SKILL.md, skill:\/\/team-b\/helper\/SKILL.md/);
    expect((await cli(['skills', 'get', 'good', 'nope'])).code).toBe(2);
    const unserved = await cli(['skills', 'get', 'good', 'skill://nope/SKILL.md']);
    expect(unserved.code).toBe(2);
    expect(unserved.stderr).toMatch(/serves no skill at skill:\/\/nope\/SKILL.md/);
  });
});

describe('mcp-workbench skills read', () => {
  it('prints a text file, summarizes bytes, and writes exactly the verified bytes with -o', async () => {
    const text = await cli(['skills', 'read', 'good', 'skill://pdf-processing/references/FORMS.md']);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toBe('# Forms\n\nEvery field of the form, in order.\n');
    const binary = await cli(['skills', 'read', 'good', 'skill://pdf-processing/assets/blob.bin']);
    expect(binary.stdout).toMatch(/^\[binary application\/octet-stream, 9 B, sha256:[0-9a-f]{64}\] \(save it with -o <file>\)$/m);
    const saved = await cli(['skills', 'read', 'good', 'skill://pdf-processing/assets/blob.bin', '-o', 'blob.out']);
    expect(saved.code, saved.stderr).toBe(0);
    expect(saved.stderr).toMatch(/Wrote 9 bytes \(sha256:[0-9a-f]{64}\) to blob.out/);
    expect(new Uint8Array(await fs.readFile(path.join(home, 'blob.out')))).toEqual(BINARY_BLOB);
  });

  it('lists a folder of a skill from its entry; a folder in no skill is asked of the server', async () => {
    const folder = await cli(['skills', 'read', 'good', 'skill://pdf-processing/templates']);
    expect(folder.code, folder.stderr).toBe(0);
    expect(folder.stdout.trim().split('\n').slice(1).map((line) => line.split(/\s+/)[0])).toEqual(['templates/invoice.md', 'templates/regional/eu-invoice.md']);
    const json = await cli(['skills', 'read', 'remote', 'skill://pdf-processing', '--json']);
    expect(json.code, json.stderr).toBe(0);
    expect((JSON.parse(json.stdout) as { files: Array<{ path: string }> }).files.map((file) => file.path)).toContain('assets/logo.png');
    // The SDK's catalog serves folders inside skills only: the server refuses this one, and says why.
    const elsewhere = await cli(['skills', 'read', 'remote', 'skill://acme']);
    expect(elsewhere.code).toBe(1);
    expect(elsewhere.stderr).toMatch(/skill:\/\/acme is not a directory resource/);
  });

  it('names the skill, file and reason of a file that fails, shows nothing of it, and exits 1', async () => {
    const run = await cli(['skills', 'read', 'lying', 'skill://lying-digest/references/FORMS.md']);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/skill skill:\/\/lying-digest\/SKILL.md, file references\/FORMS.md: digest: .*has digest sha256:/);
    const json = await cli(['skills', 'read', 'lying', 'skill://lying-frontmatter/SKILL.md', '--json']);
    expect(json.code).toBe(1);
    const read = JSON.parse(json.stdout) as SkillFileRead & { ok: boolean };
    expect(read).toMatchObject({ ok: false, status: 'failed', failure: { reason: 'frontmatter' } });
    expect(read.content).toBeUndefined();
    expect(read.bytes).toBeUndefined();
    const outside = await cli(['skills', 'read', 'lying', 'skill://lying-size/../elsewhere/x.md']);
    expect(outside.code).not.toBe(0);
    expect((await cli(['skills', 'read', 'good', 'FORMS.md'])).code).toBe(2);
  });
});

describe('mcp-workbench skills verify', () => {
  it('exits 0 when every skill of the SDK catalog verifies, over stdio and HTTP', async () => {
    for (const server of ['good', 'remote']) {
      const run = await cli(['skills', 'verify', server]);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toMatch(/^✓ pdf-processing \(skill:\/\/pdf-processing\/SKILL.md\): 7 files verified$/m);
      expect(run.stdout).toMatch(/^3 verified, 0 failed, 0 not verifiable\.$/m);
    }
  });

  it('exits 1 naming each failure (skill, file, reason) and each refused entry', async () => {
    const run = await cli(['skills', 'verify', 'lying']);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^✗ lying-digest \(skill:\/\/lying-digest\/SKILL.md\): 1 of 2 files failed\n {4}references\/FORMS.md: digest: /m);
    expect(run.stdout).toMatch(/^✗ lying-size .*\n {4}notes.md: size: skill:\/\/lying-size\/notes.md is 9 bytes; the skill entry lists 6$/m);
    expect(run.stdout).toMatch(/^✗ lying-frontmatter .*\n {4}SKILL.md: frontmatter: .*description: the entry has "Summarise documents", SKILL.md has "Exfiltrate credentials"$/m);
    expect(run.stdout).toMatch(/^✗ missing-file .*\n {4}references\/GONE.md: unreadable: /m);
    expect(run.stdout).toMatch(/^– live-data .*: not verifiable$/m);
    expect(run.stdout).toMatch(/^✗ refused entry #8 skill:\/\/twice\/SKILL.md: the same uri is listed more than once$/m);
    expect(run.stdout).toMatch(/^3 verified, 5 failed, 1 not verifiable, 6 entries refused\.$/m);
    const one = await cli(['skills', 'verify', 'lying', 'team-a/helper']);
    expect(one.code, one.stdout).toBe(0);
  });

  it('--json is one report; --junit is valid JUnit XML with a failing case per failing file', async () => {
    const json = await cli(['skills', 'verify', 'lying', '--json']);
    expect(json.code).toBe(1);
    const report = JSON.parse(json.stdout) as SkillsVerifyReport;
    expect(report.ok).toBe(false);
    expect(report.skills.find((skill) => skill.name === 'lying-size')?.files.find((file) => file.path === 'notes.md')).toMatchObject({ status: 'failed', failure: { reason: 'size' } });

    const run = await cli(['skills', 'verify', 'lying', '--junit']);
    expect(run.code).toBe(1);
    expect(XMLValidator.validate(run.stdout)).toBe(true);
    const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name) => ['testsuite', 'testcase'].includes(name) }).parse(run.stdout) as {
      testsuites: { tests: string; failures: string; testsuite: Array<{ name: string; tests: string; failures: string; testcase: Array<{ name: string; failure?: { type: string; message: string }; skipped?: unknown }> }> };
    };
    const suites = xml.testsuites.testsuite;
    const suite = (name: string) => suites.find((s) => s.name === name)!;
    expect(suite('lying skill://lying-digest/SKILL.md').testcase.find((c) => c.name === 'references/FORMS.md')?.failure).toMatchObject({ type: 'digest', message: expect.stringMatching(/^digest: /) });
    expect(suite('lying skill://live-data/SKILL.md').testcase[0]?.skipped).toBeDefined();
    expect(suite('lying refused entries').testcase).toHaveLength(6);
    for (const s of suites) expect(s.testcase.length).toBe(Number(s.tests));
    expect(Number(xml.testsuites.failures)).toBe(suites.reduce((sum, s) => sum + Number(s.failures), 0));
    expect(Number(xml.testsuites.failures)).toBe(5 + 6);
  });

  it('exits 1 for a server without the extension, and 2 on bad input', async () => {
    const plain = await cli(['skills', 'verify', 'plain']);
    expect(plain.code).toBe(1);
    expect(plain.stdout).toMatch(/does not declare the skills extension .*Nothing was verified/);
    expect((await cli(['skills', 'verify', 'good', '--json', '--junit'])).code).toBe(2);
    expect((await cli(['skills', 'verify', 'good', 'no-such-skill'])).code).toBe(2);
    expect((await cli(['skills', 'verify', 'nobody'])).code).toBe(2);
  });
});
