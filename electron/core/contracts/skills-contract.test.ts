/**
 * Skills in contract snapshots: in only for a server that declares the extension (older
 * snapshots, without them, still read), each skill with its frontmatter and every file's size
 * and digest; the diff reports a skill removed (breaking), renamed (breaking), added, and a
 * file changed. Then through the real core against the changing skills fixture (a real
 * process): the catalog changes at run time and the diff of two snapshots shows it.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureServer } from '../../../e2e/fixtures/paths';
import type { SkillCatalog, SkillInfo } from '../../../shared/api/skills';
import { createCore, type Core } from '../api/core-api';
import { captureSnapshot } from './capture';
import { diffSnapshots } from './diff';
import { buildSnapshot, parseSnapshot, serializeSnapshot } from './snapshot';

const VIEW = { serverInfo: { name: 'demo', version: '1.0.0' }, capabilities: { resources: {} } };
const digest = (n: number) => `sha256:${String(n).repeat(64).slice(0, 64)}`;

function skill(name: string, extra: Partial<SkillInfo> = {}): SkillInfo {
  const uri = `skill://${name}/SKILL.md`;
  return {
    uri,
    name,
    description: `${name} does things`,
    prefix: '',
    frontmatter: { name, description: `${name} does things` },
    files: [
      { uri: `skill://${name}/references/b.md`, path: 'references/b.md', size: 2, digest: digest(2) },
      { uri, path: 'SKILL.md', size: 1, digest: digest(1) },
    ],
    totalBytes: 3,
    sharedName: false,
    limitNotes: [],
    ...extra,
  };
}

const catalog = (skills: SkillInfo[], supported = true): SkillCatalog => ({ supported, directoryRead: false, skills, invalid: [] });
const snapshot = (skills?: SkillCatalog) => buildSnapshot({ view: VIEW, tools: [], resources: [], templates: [], prompts: [], ...(skills ? { skills } : {}) });

describe('skills in snapshots', () => {
  it('are in only when the server declares the extension, sorted, with each file by path', () => {
    expect(snapshot().skills).toBeUndefined();
    expect(snapshot(catalog([], false)).skills).toBeUndefined();
    const taken = snapshot(catalog([skill('zeta'), skill('alpha')]));
    expect(taken.skills!.map((s) => s.uri)).toEqual(['skill://alpha/SKILL.md', 'skill://zeta/SKILL.md']);
    expect(taken.skills![0]!.files).toEqual([
      { path: 'SKILL.md', size: 1, digest: digest(1) },
      { path: 'references/b.md', size: 2, digest: digest(2) },
    ]);
    const text = serializeSnapshot(taken);
    expect(parseSnapshot(text)).toEqual(taken);
    // An older snapshot (no skills) still reads, and a diff against it shows the skills as added.
    const older = parseSnapshot(serializeSnapshot(snapshot()));
    expect(diffSnapshots(older, taken).map((c) => `${c.kind} ${c.message}`)).toEqual(['additive skill skill://alpha/SKILL.md added', 'additive skill skill://zeta/SKILL.md added']);
  });

  it('a skill removed or renamed is breaking; wording and files are changes; a new file is additive', () => {
    const before = snapshot(catalog([skill('alpha'), skill('gone'), skill('pdf')]));
    const pdf = skill('pdf');
    const changed = skill('pdf', {
      name: 'pdf-tools',
      description: 'new words',
      frontmatter: { name: 'pdf-tools', description: 'new words', license: 'MIT' },
      files: [...(pdf.files as Exclude<SkillInfo['files'], 'dynamic'>).map((file) => (file.path === 'references/b.md' ? { ...file, digest: digest(3) } : file)), { uri: 'skill://pdf/new.md', path: 'new.md', size: 5, digest: digest(5) }],
    });
    const after = snapshot(catalog([skill('alpha'), changed]));
    expect(diffSnapshots(before, after)).toEqual([
      { kind: 'breaking', in: 'before', pointer: '/skills/1', message: 'skill skill://gone/SKILL.md removed' },
      { kind: 'breaking', in: 'after', pointer: '/skills/1/name', message: 'skill skill://pdf/SKILL.md: name "pdf" → "pdf-tools"' },
      { kind: 'changed', in: 'after', pointer: '/skills/1/description', message: 'skill skill://pdf/SKILL.md: description changed' },
      { kind: 'changed', in: 'after', pointer: '/skills/1/frontmatter/license', message: 'skill skill://pdf/SKILL.md: frontmatter license (none) → "MIT"' },
      { kind: 'changed', in: 'after', pointer: '/skills/1/files/2', message: `skill skill://pdf/SKILL.md: file references/b.md changed (${digest(2).slice(0, 15)}… → ${digest(3).slice(0, 15)}…)` },
      { kind: 'additive', in: 'after', pointer: '/skills/1/files/1', message: 'skill skill://pdf/SKILL.md: file new.md added' },
    ]);
  });
});

describe('skills in snapshots of a real server whose catalog changes', () => {
  let core: Core;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-contract-skills-'));
    core = await createCore({ dataDir, env: {}, autoConnect: false });
    await core.api.addServer({ name: 'skills', config: { command: process.execPath, args: [fixtureServer('skills-server'), '--changing'] } });
  }, 30_000);

  afterAll(async () => {
    await core?.dispose();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('diff shows the skill removed (breaking), the skill added and the file edited', async () => {
    const view = await core.api.connectServer({ name: 'skills' });
    const before = await captureSnapshot(core.api, view);
    expect(before.skills!.map((s) => s.name).sort()).toEqual(['git-workflow', 'pdf-processing', 'refunds']);
    for (const action of ['remove', 'add', 'edit']) await core.api.callTool({ server: 'skills', tool: 'change_skills', arguments: { action }, confirmed: true });
    const after = await captureSnapshot(core.api, view);
    const changes = diffSnapshots(before, after).filter((c) => c.pointer.startsWith('/skills'));
    expect(changes.map((c) => `${c.kind} ${c.message.replace(/ \(sha256.*$/, '')}`)).toEqual([
      'breaking skill skill://git-workflow/SKILL.md removed',
      'changed skill skill://pdf-processing/SKILL.md: file references/FORMS.md changed',
      'additive skill skill://release-notes/SKILL.md added',
    ]);
  });
});
