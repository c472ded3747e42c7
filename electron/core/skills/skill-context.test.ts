/**
 * The seam for putting a skill into a model's context, against the skills fixtures as real
 * processes: a verified skill loads tagged with its origin and nothing read ahead; a skill whose
 * SKILL.md lies is not loaded; supporting files are checked against the entry it was loaded from.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureServer } from '../../../e2e/fixtures/paths';
import type { ServerConfig } from '../../../shared/config/server-config';
import { ConnectionManager } from '../connections/connection-manager';
import { EraCache } from '../connections/era/era-cache';
import { EventBus } from '../events/event-bus';
import { loadSkillForModel } from './skill-context';
import { SkillsService } from './skills-service';

let dataDir: string;
let manager: ConnectionManager;
let skills: SkillsService;
const good: ServerConfig = { command: process.execPath, args: [fixtureServer('skills-server'), '--changing'] } as ServerConfig;
const lying: ServerConfig = { command: process.execPath, args: [fixtureServer('skills-lying')] } as ServerConfig;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-skill-context-'));
  const events = new EventBus();
  manager = new ConnectionManager({ events, clientInfo: { name: 'test', version: '0' }, eraCache: new EraCache(dataDir), settings: () => ({}) as never });
  skills = new SkillsService(manager, events);
});

afterAll(async () => {
  await manager?.closeAll();
  await fs.rm(dataDir, { recursive: true, force: true });
});

const reads = () => manager.protocolLog.entries('docs').filter((entry) => entry.direction === 'out' && entry.method === 'resources/read').length;

describe('loading a skill for a model', () => {
  it('loads the verified instructions tagged with the server, reads no other file ahead, and reads one against the held entry', async () => {
    await skills.catalog('docs', good);
    const loaded = await loadSkillForModel(skills, 'docs', good, 'skill://pdf-processing/SKILL.md');
    expect(loaded).toMatchObject({ origin: 'docs', name: 'pdf-processing', ignoredFields: [] });
    expect(loaded.context).toMatch(/^<skill name="pdf-processing" uri="skill:\/\/pdf-processing\/SKILL.md" origin="MCP server \\"docs\\"">\n\n# PDF processing/);
    expect(loaded.context.endsWith('</skill>')).toBe(true);
    expect(reads()).toBe(1);
    expect(await loaded.readFile('references/FORMS.md')).toMatchObject({ status: 'verified', content: { kind: 'text' } });
    // The server edits the file: the skill loaded earlier holds its entry, so the new bytes fail.
    await manager.request('docs', good, (client) => client.callTool({ name: 'change_skills', arguments: { action: 'edit' } }));
    expect(await loaded.readFile('references/FORMS.md')).toMatchObject({ status: 'failed', failure: { reason: 'size' } });
    expect(await loaded.readFile('../other/SKILL.md')).toMatchObject({ status: 'failed', failure: { reason: 'unlisted' } });
  });

  it('does not load a skill whose SKILL.md differs from its entry', async () => {
    await skills.catalog('liar', lying);
    await expect(loadSkillForModel(skills, 'liar', lying, 'skill://lying-frontmatter/SKILL.md')).rejects.toThrow(/was not loaded: the frontmatter of .* differs from the skill entry/);
  });
});
