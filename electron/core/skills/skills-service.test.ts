/**
 * Skills through a real core against the skills fixtures as real processes: the SDK's own
 * catalog (skills-server: stdio in both eras, and Streamable HTTP) and a server whose entries
 * lie (skills-lying). Listing, reading, verifying, the held entry, list changes and ttlMs.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixture, type RunningFixture } from '../../../e2e/fixtures/fixture-process';
import { fixtureServer } from '../../../e2e/fixtures/paths';
import type { SkillCatalog } from '../../../shared/api/skills';
import type { ServerConfig } from '../../../shared/config/server-config';
import type { AppEvent } from '../../../shared/events';
import { createCore, type Core } from '../api/core-api';

let core: Core;
let dataDir: string;
let http: RunningFixture;
const events: AppEvent[] = [];

const stdio = (fixture: 'skills-server' | 'skills-lying', args: string[] = [], extra: Partial<ServerConfig> = {}): ServerConfig =>
  ({ command: process.execPath, args: [fixtureServer(fixture), ...args], ...extra }) as ServerConfig;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-skills-'));
  http = await startFixture('skills-server', ['--http']);
  core = await createCore({ dataDir, env: {}, autoConnect: false });
  core.events.subscribe((event) => events.push(event));
  await core.api.addServer({ name: 'legacy', config: stdio('skills-server', ['--changing'], { protocol: 'legacy' }) });
  await core.api.addServer({ name: 'modern', config: stdio('skills-server', ['--ttl-ms', '60000'], { protocol: '2026-07-28' }) });
  await core.api.addServer({ name: 'http', config: { type: 'http', url: http.url } });
  await core.api.addServer({ name: 'lying', config: stdio('skills-lying') });
  await core.api.addServer({ name: 'plain', config: { command: process.execPath, args: [fixtureServer('basic-stdio')] } });
  await core.api.setPermissionRule({ pattern: 'mcp__legacy', decision: 'allow' });
});

afterAll(async () => {
  await core?.dispose();
  await http?.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
});

const requests = async (server: string, method: string) =>
  (await core.api.getProtocolLog({ server })).filter((entry) => entry.direction === 'out' && entry.kind === 'request' && entry.method === method);
const names = (catalog: SkillCatalog) => catalog.skills.map((skill) => skill.name);

describe.each(['legacy', 'modern', 'http'])('skills of the SDK catalog (%s)', (server) => {
  it('lists every page, each skill with its files, sizes and digests, and reads nothing ahead', async () => {
    const catalog = await core.api.listSkills({ server });
    expect(catalog.supported).toBe(true);
    expect(catalog.directoryRead).toBe(true);
    expect(names(catalog)).toEqual(['refunds', 'git-workflow', 'pdf-processing']);
    expect(catalog.invalid).toEqual([]);
    const refunds = catalog.skills[0]!;
    expect(refunds).toMatchObject({ uri: 'skill://acme/billing/refunds/SKILL.md', prefix: 'acme/billing', description: 'Process customer refund requests per company policy', sharedName: false, limitNotes: [] });
    const pdf = catalog.skills[2]!;
    expect(pdf.files === 'dynamic' ? [] : pdf.files.map((file) => file.path)).toEqual([
      'SKILL.md',
      'assets/blob.bin',
      'assets/logo.png',
      'references/FORMS.md',
      'scripts/extract.py',
      'templates/invoice.md',
      'templates/regional/eu-invoice.md',
    ]);
    expect(pdf.frontmatter).toEqual({ name: 'pdf-processing', description: 'Extract, fill, and assemble PDF documents', license: 'Apache-2.0', metadata: { version: '2.1.0' } });
    expect(pdf.totalBytes).toBeGreaterThan(700);
    // Two skills a page: the listing took two requests, and no file was read for it.
    expect(await requests(server, 'skills/list')).toHaveLength(2);
    expect(await requests(server, 'resources/read')).toHaveLength(0);
  });

  it('reads SKILL.md verified, with its frontmatter and body; text, an image through the pipeline, and bytes as size and digest', async () => {
    const skill = 'skill://pdf-processing/SKILL.md';
    const manifest = await core.api.readSkillFile({ server, skill });
    expect(manifest).toMatchObject({ status: 'verified', path: 'SKILL.md', mimeType: 'text/markdown', frontmatter: { name: 'pdf-processing' } });
    expect(manifest.body).toMatch(/^\n# PDF processing/);
    expect(manifest.digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    const forms = await core.api.readSkillFile({ server, skill, file: 'references/FORMS.md' });
    expect(forms).toMatchObject({ status: 'verified', uri: 'skill://pdf-processing/references/FORMS.md', content: { kind: 'text', text: '# Forms\n\nEvery field of the form, in order.\n' } });
    const logo = await core.api.readSkillFile({ server, skill, file: 'skill://pdf-processing/assets/logo.png' });
    expect(logo).toMatchObject({ status: 'verified', size: 98, content: { kind: 'image', mimeType: 'image/png', data: expect.stringMatching(/^iVBOR/) } });
    const blob = await core.api.readSkillFile({ server, skill, file: 'assets/blob.bin' });
    expect(blob).toMatchObject({ status: 'verified', size: 9, content: { kind: 'binary' } });
    const listed = (await core.api.listSkills({ server })).skills[2]!;
    expect(blob.digest).toBe(listed.files !== 'dynamic' && listed.files.find((file) => file.path === 'assets/blob.bin')?.digest);
  });

  it('verifies every file of a skill, and lists a folder', async () => {
    const verification = await core.api.verifySkill({ server, skill: 'skill://pdf-processing/SKILL.md' });
    expect(verification.status).toBe('verified');
    expect(verification.files).toHaveLength(7);
    expect(verification.files.every((file) => file.status === 'verified')).toBe(true);
    const folder = await core.api.readSkillDirectory({ server, uri: 'skill://pdf-processing/templates' });
    expect(folder).toEqual([
      { uri: 'skill://pdf-processing/templates/invoice.md', name: 'invoice.md', directory: false, mimeType: 'text/markdown', size: expect.any(Number) },
      { uri: 'skill://pdf-processing/templates/regional', name: 'regional', directory: true, mimeType: 'inode/directory' },
    ]);
  });

  it('gets one skill by URI, and says when the server serves none there', async () => {
    expect(await core.api.getSkill({ server, skill: 'skill://git-workflow/SKILL.md' })).toMatchObject({ name: 'git-workflow', files: [{ path: 'SKILL.md' }] });
    await expect(core.api.getSkill({ server, skill: 'skill://nowhere/SKILL.md' })).rejects.toMatchObject({ code: 'not-found', message: expect.stringMatching(/serves no skill at skill:\/\/nowhere\/SKILL.md/) });
  });
});

describe('caching and changes', () => {
  it('keeps a modern listing for its ttlMs (with its cache scope); Refresh asks anyway', async () => {
    await core.api.listSkills({ server: 'modern', refresh: true });
    const before = (await requests('modern', 'skills/list')).length;
    const cached = await core.api.listSkills({ server: 'modern' });
    expect(cached.cacheScope).toBe('private');
    expect(cached.cachedFreshForMs).toBeGreaterThan(50_000);
    expect(await requests('modern', 'skills/list')).toHaveLength(before);
    await core.api.listSkills({ server: 'modern', refresh: true });
    expect((await requests('modern', 'skills/list')).length).toBeGreaterThan(before);
  });

  it('lists again after the server says its resources changed: a skill added shows up', async () => {
    expect(names(await core.api.listSkills({ server: 'legacy' }))).not.toContain('release-notes');
    const changed = () => events.filter((event) => event.type === 'resources-changed' && event.server === 'legacy').length;
    const seen = changed();
    await core.api.callTool({ server: 'legacy', tool: 'change_skills', arguments: { action: 'add' } });
    await expect.poll(changed, { timeout: 10_000 }).toBeGreaterThan(seen);
    expect(names(await core.api.listSkills({ server: 'legacy' }))).toContain('release-notes');
  });

  it('checks a file against the entry it holds: a file changed since the listing fails until the listing is refreshed', async () => {
    const skill = 'skill://pdf-processing/SKILL.md';
    await core.api.listSkills({ server: 'legacy', refresh: true });
    expect((await core.api.readSkillFile({ server: 'legacy', skill, file: 'references/FORMS.md' })).status).toBe('verified');
    // An edit changes no name or description: the server sends no list change.
    await core.api.callTool({ server: 'legacy', tool: 'change_skills', arguments: { action: 'edit' } });
    const stale = await core.api.readSkillFile({ server: 'legacy', skill, file: 'references/FORMS.md', refresh: true });
    expect(stale).toMatchObject({ status: 'failed', failure: { reason: 'size' } });
    expect(stale.content).toBeUndefined();
    await core.api.listSkills({ server: 'legacy', refresh: true });
    expect((await core.api.readSkillFile({ server: 'legacy', skill, file: 'references/FORMS.md' })).status).toBe('verified');
  });

  it('a server without the extension has none to list, and is never asked', async () => {
    expect(await core.api.listSkills({ server: 'plain' })).toEqual({ supported: false, directoryRead: false, skills: [], invalid: [] });
    expect(await requests('plain', 'skills/list')).toHaveLength(0);
    await expect(core.api.getSkill({ server: 'plain', skill: 'skill://x/SKILL.md' })).rejects.toMatchObject({ code: 'invalid-request' });
  });
});

describe('a server whose entries lie', () => {
  it('keeps the refused entries with their reasons, and marks names that repeat', async () => {
    const catalog = await core.api.listSkills({ server: 'lying' });
    expect(catalog.invalid.map((entry) => [entry.uri, entry.reason])).toEqual([
      ['skill://outside/SKILL.md', expect.stringMatching(/skill:\/\/elsewhere\/secret.md" is outside the skill directory/)],
      ['skill://Bad_Name/SKILL.md', expect.stringMatching(/lowercase letters, digits and single hyphens/)],
      ['skill://wrong-folder/SKILL.md', expect.stringMatching(/must match the last path segment "wrong-folder"/)],
      ['skill://bad-digest/SKILL.md', expect.stringMatching(/digest must be "sha256:"/)],
      ['skill://twice/SKILL.md', 'the same uri is listed more than once'],
      ['skill://twice/SKILL.md', 'the same uri is listed more than once'],
    ]);
    expect(catalog.skills.filter((skill) => skill.sharedName).map((skill) => `${skill.prefix}/${skill.name}`)).toEqual(['team-a/helper', 'team-b/helper']);
    const notes = Object.fromEntries(catalog.skills.map((skill) => [skill.name, skill.limitNotes]));
    expect(notes['many-files']).toEqual([expect.stringMatching(/^513 files/)]);
    expect(notes.huge).toEqual([expect.stringMatching(/bytes in all/)]);
    expect(catalog.skills.find((skill) => skill.name === 'live-data')?.files).toBe('dynamic');
  });

  it('names each failing file with its reason and shows nothing of it', async () => {
    const verify = (name: string) => core.api.verifySkill({ server: 'lying', skill: `skill://${name}/SKILL.md` });
    const failures = async (name: string) => (await verify(name)).files.filter((file) => file.status === 'failed').map((file) => [file.path, file.failure?.reason]);
    expect(await failures('lying-digest')).toEqual([['references/FORMS.md', 'digest']]);
    expect(await failures('lying-size')).toEqual([['notes.md', 'size']]);
    expect(await failures('lying-frontmatter')).toEqual([['SKILL.md', 'frontmatter']]);
    expect(await failures('missing-file')).toEqual([['references/GONE.md', 'unreadable']]);
    const frontmatter = await core.api.readSkillFile({ server: 'lying', skill: 'skill://lying-frontmatter/SKILL.md' });
    expect(frontmatter).toMatchObject({ status: 'failed', failure: { reason: 'frontmatter', differences: ['description: the entry has "Summarise documents", SKILL.md has "Exfiltrate credentials"'] } });
    expect(frontmatter.content).toBeUndefined();
    expect(frontmatter.body).toBeUndefined();
    const dynamic = await verify('live-data');
    expect(dynamic).toMatchObject({ status: 'unverifiable', files: [{ path: 'SKILL.md', status: 'unverified' }], notes: [expect.stringMatching(/no digests/)] });
    expect(await failures('team-b/helper')).toEqual([]);
  });

  it('refuses a file the entry does not list, before asking the server', async () => {
    const before = (await requests('lying', 'resources/read')).length;
    const read = await core.api.readSkillFile({ server: 'lying', skill: 'skill://lying-size/SKILL.md', file: 'secret.md' });
    expect(read).toMatchObject({ status: 'failed', failure: { reason: 'unlisted' } });
    expect(await requests('lying', 'resources/read')).toHaveLength(before);
  });
});
