/** docs/doctor.md lists every rule with its source, so the page never falls behind the code. */
import fs from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { LIVE_RULES } from './live/live-rules';
import { HOST_RULE_SETS } from './rules';

describe('docs/doctor.md', () => {
  it('names every rule, each with the source the code cites', async () => {
    const page = await fs.readFile('docs/doctor.md', 'utf8');
    const rules = [...Object.values(HOST_RULE_SETS).flatMap((set) => set.rules), ...LIVE_RULES];
    const missing = rules.filter((rule) => !page.split('\n').some((line) => line.includes(`\`${rule.id}\``) && line.includes(`(${rule.source})`)));
    expect(missing.map((rule) => rule.id)).toEqual([]);
  });
});
