/** docs/doctor.md lists every rule with its source and evidence, so the page never falls behind the code. */
import fs from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { LIVE_RULES } from './live/live-rules';
import { HOST_RULE_SETS } from './rules';

describe('docs/doctor.md', () => {
  const rules = [...Object.values(HOST_RULE_SETS).flatMap((set) => set.rules), ...LIVE_RULES];
  const lineOf = (page: string, id: string) => page.split('\n').find((line) => line.startsWith(`| \`${id}\` |`));

  it('names every rule, each with the source the code cites', async () => {
    const page = await fs.readFile('docs/doctor.md', 'utf8');
    const missing = rules.filter((rule) => !lineOf(page, rule.id)?.includes(`(${rule.source})`));
    expect(missing.map((rule) => rule.id)).toEqual([]);
  });

  it("gives each rule's severity, says which are unverified, and names the host version it was checked against", async () => {
    const page = await fs.readFile('docs/doctor.md', 'utf8');
    for (const rule of rules) {
      const line = lineOf(page, rule.id)!;
      const severity = line.split('|')[2]!.trim();
      expect(severity, rule.id).toBe(rule.verified ? rule.severity : `${rule.severity}, unverified`);
    }
    for (const set of Object.values(HOST_RULE_SETS)) expect(page).toContain(`(checked ${set.checked})`);
  });
});
