/**
 * The skill rules: each with evidence that trips it (at the expected JSON pointer) and evidence
 * that passes; a rule without a case here fails the last test. Then the doctor through the real
 * core against the skills fixtures as real processes: the lying server trips the rules its lies
 * break, each finding naming the skill and file; the SDK's own catalog trips none.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureServer } from '../../../../e2e/fixtures/paths';
import type { DoctorReport } from '../../../../shared/api/doctor';
import type { SkillVerification } from '../../../../shared/api/skills';
import { createCore, type Core } from '../../api/core-api';
import type { SkillsEvidence } from '../../skills/skills-evidence';
import { SKILL_RULES, skillFindings } from './skills';

const digest = (text: string) => `sha256:${createHash('sha256').update(text).digest('hex')}`;
const file = (uri: string, text = 'x') => ({ uri, size: Buffer.byteLength(text), digest: digest(text) });

function entry(name = 'pdf-processing', extra: Record<string, unknown> = {}, frontmatter: Record<string, unknown> = {}) {
  const uri = `skill://${name}/SKILL.md`;
  return { uri, frontmatter: { name, description: 'Fill PDF forms', ...frontmatter }, resources: [file(uri), file(`skill://${name}/references/FORMS.md`)], ...extra };
}

const evidence = (entries: unknown[], more: Partial<SkillsEvidence> = {}): SkillsEvidence => ({ declared: true, list: { entries }, verifications: [], ...more });

function verification(status: 'verified' | 'failed', reason?: 'frontmatter' | 'digest'): SkillVerification {
  const skill = 'skill://pdf-processing/SKILL.md';
  const failed = (uri: string, path: string, why: 'frontmatter' | 'digest') => ({ uri, path, status: 'failed' as const, failure: { reason: why, message: `${why} differs` } });
  return {
    skill,
    name: 'pdf-processing',
    status,
    notes: [],
    files: [
      reason === 'frontmatter' ? failed(skill, 'SKILL.md', 'frontmatter') : { uri: skill, path: 'SKILL.md', status: 'verified' },
      reason === 'digest' ? failed('skill://pdf-processing/references/FORMS.md', 'references/FORMS.md', 'digest') : { uri: 'skill://pdf-processing/references/FORMS.md', path: 'references/FORMS.md', status: 'verified' },
    ],
  };
}

const GOOD = evidence([entry(), entry('git-workflow')], { verifications: [verification('verified')] });

const CASES: Record<string, { bad: SkillsEvidence; pointer: string }> = {
  'skills-capability-methods': { bad: evidence([], { declared: true, list: { error: 'Method not found', methodNotFound: true } }), pointer: '' },
  'skills-frontmatter-required': { bad: evidence([entry('pdf-processing', {}, { description: '' })]), pointer: '/skills/0/frontmatter/description' },
  'skills-name-rules': { bad: evidence([entry('Bad--Name')]), pointer: '/skills/0/uri' },
  'skills-name-matches-uri': { bad: evidence([{ ...entry(), frontmatter: { name: 'other', description: 'd' } }]), pointer: '/skills/0/frontmatter/name' },
  'skills-unique-names': { bad: evidence([entry(), { ...entry(), uri: 'skill://team-b/pdf-processing/SKILL.md', resources: [file('skill://team-b/pdf-processing/SKILL.md')] }]), pointer: '/skills/1/frontmatter/name' },
  'skills-resources-complete': { bad: evidence([{ ...entry(), resources: [file('skill://pdf-processing/references/FORMS.md')] }]), pointer: '/skills/0/resources' },
  'skills-resources-within-skill': { bad: evidence([{ ...entry(), resources: [file('skill://pdf-processing/SKILL.md'), file('skill://elsewhere/secret.md')] }]), pointer: '/skills/0/resources/1/uri' },
  'skills-digest-format': { bad: evidence([{ ...entry(), resources: [{ uri: 'skill://pdf-processing/SKILL.md', size: 1, digest: 'md5:abc' }] }]), pointer: '/skills/0/resources/0/digest' },
  'skills-limits': {
    bad: evidence([{ ...entry(), resources: [file('skill://pdf-processing/SKILL.md'), ...Array.from({ length: 512 }, (_, i) => file(`skill://pdf-processing/f${i}.md`))] }]),
    pointer: '/skills/0/resources',
  },
  'skills-reserved-metadata': { bad: evidence([entry('pdf-processing', {}, { metadata: { 'io.modelcontextprotocol/owner': 'x' } })]), pointer: '/skills/0/frontmatter/metadata/io.modelcontextprotocol~1owner' },
  'skills-frontmatter-identical': { bad: evidence([entry()], { verifications: [verification('failed', 'frontmatter')] }), pointer: '/skills/0/frontmatter' },
  'skills-files-verify': { bad: evidence([entry()], { verifications: [verification('failed', 'digest')] }), pointer: '/skills/0/resources' },
};

describe('skill rules', () => {
  for (const rule of SKILL_RULES) {
    it(`${rule.id}: trips on its case, passes the good listing`, () => {
      const bad = CASES[rule.id];
      expect(bad, `no case for ${rule.id}`).toBeDefined();
      const hits = rule.check(bad!.bad);
      expect(hits.map((hit) => hit.pointer)).toContain(bad!.pointer);
      expect(rule.check(GOOD)).toEqual([]);
      expect(rule.source).toMatch(/^https:\/\/modelcontextprotocol\.io\/seps\/2640-skills-extension#/);
    });
  }

  it('skills-capability-methods also trips on a server that answers skills/list without declaring it', () => {
    const findings = skillFindings('srv', evidence([entry()], { declared: false }));
    expect(findings.map((f) => f.rule)).toContain('skills-capability-methods');
    expect(skillFindings('srv', { declared: false, list: { error: 'Method not found', methodNotFound: true }, verifications: [] })).toEqual([]);
  });

  it('every rule has a case, and docs/doctor.md names it with its source', async () => {
    expect(SKILL_RULES.map((rule) => rule.id).filter((id) => !CASES[id])).toEqual([]);
    const page = await fs.readFile('docs/doctor.md', 'utf8');
    const missing = SKILL_RULES.filter((rule) => !page.split('\n').some((line) => line.includes(`\`${rule.id}\``) && line.includes(`(${rule.source})`)));
    expect(missing.map((rule) => rule.id)).toEqual([]);
  });
});

describe('skill rules through the doctor, on the skills fixtures', () => {
  let core: Core;
  let dataDir: string;
  let report: DoctorReport;

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-doctor-skills-'));
    core = await createCore({ dataDir, env: {}, autoConnect: false });
    await core.api.addServer({ name: 'lying', config: { command: process.execPath, args: [fixtureServer('skills-lying')] } });
    await core.api.addServer({ name: 'undeclared', config: { command: process.execPath, args: [fixtureServer('skills-lying'), '--undeclared'] } });
    await core.api.addServer({ name: 'good', config: { command: process.execPath, args: [fixtureServer('skills-server')] } });
    report = await core.api.runDoctor({ servers: ['lying', 'undeclared', 'good'], hosts: [] });
  }, 90_000);

  afterAll(async () => {
    await core?.dispose();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  const findings = (server: string) => report.servers.find((s) => s.server === server)!.findings.filter((f) => f.rule.startsWith('skills-'));

  it('names each lie of the lying server with its skill, file and reason', () => {
    const lying = findings('lying');
    const messages = (rule: string) => lying.filter((f) => f.rule === rule).map((f) => f.message);
    expect(messages('skills-files-verify')).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^skill:\/\/lying-digest\/SKILL.md, file references\/FORMS.md: digest: /),
        expect.stringMatching(/^skill:\/\/lying-size\/SKILL.md, file notes.md: size: /),
        expect.stringMatching(/^skill:\/\/missing-file\/SKILL.md, file references\/GONE.md: unreadable: /),
      ]),
    );
    expect(messages('skills-frontmatter-identical')).toEqual([expect.stringMatching(/^skill:\/\/lying-frontmatter\/SKILL.md, file SKILL.md: frontmatter: .*Exfiltrate credentials/)]);
    expect(messages('skills-resources-within-skill')).toEqual([expect.stringContaining('skill://elsewhere/secret.md is outside')]);
    expect(messages('skills-name-rules').join('\n')).toMatch(/"Bad_Name"/);
    expect(messages('skills-name-matches-uri').join('\n')).toMatch(/"other-name" but the URI's last folder is "wrong-folder"/);
    expect(messages('skills-digest-format').length).toBeGreaterThan(0);
    expect(messages('skills-unique-names').join('\n')).toMatch(/"helper"|"twice"/);
    expect(messages('skills-reserved-metadata').join('\n')).toMatch(/io\.modelcontextprotocol\//);
    expect(messages('skills-limits').join('\n')).toMatch(/513 files|16 MiB/);
    for (const finding of lying) expect(finding.source).toMatch(/^https:\/\//);
    expect(report.rules.map((rule) => rule.id)).toEqual(expect.arrayContaining(SKILL_RULES.map((rule) => rule.id)));
  });

  it('a server answering skills/list without declaring the extension is named; the SDK catalog trips nothing', () => {
    expect(findings('undeclared').map((f) => f.rule)).toContain('skills-capability-methods');
    expect(findings('good')).toEqual([]);
  });
});
