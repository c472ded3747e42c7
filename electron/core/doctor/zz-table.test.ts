import { it } from 'vitest';
import fs from 'node:fs';
import { HOST_RULE_SETS } from './rules';
import { LIVE_RULES } from './live/live-rules';
import { DOCTOR_HOST_LABELS } from '../../../shared/api/doctor';
it('table', () => {
  let out = '';
  for (const set of Object.values(HOST_RULE_SETS)) {
    out += `\n### ${DOCTOR_HOST_LABELS[set.host]} (checked ${set.checked})\n\n| rule | severity | checks | source |\n|---|---|---|---|\n`;
    for (const r of set.rules) out += `| \`${r.id}\` | ${r.severity} | ${r.summary.replaceAll('|', '\\|')} | [source](${r.source}) |\n`;
  }
  out += `\n### Live checks\n\n| rule | severity | hosts | checks | source |\n|---|---|---|---|---|\n`;
  for (const r of LIVE_RULES) out += `| \`${r.id}\` | ${r.severity} | ${r.hosts.map((h) => DOCTOR_HOST_LABELS[h]).join(', ')} | ${r.summary.replaceAll('|', '\\|')} | [source](${r.source}) |\n`;
  fs.writeFileSync('/tmp/rules-table.md', out);
});
