/**
 * What the import preview shows of an entry besides its command or URL: environment,
 * headers, working folder and other clients' fields. Values the import keeps secret
 * arrive masked; a foreign field whose name looks like a credential is masked here.
 */
import { foreignFieldsOf, HONOURED_FOREIGN_FIELDS } from '../../../../shared/config/foreign-fields';
import { looksSecret } from '../../../../shared/config/secret-ref';
import type { ServerConfig } from '../../../../shared/config/server-config';

export interface DetailRow {
  label: string;
  value: string;
}

const MASK = '••••••';
const MAX_VALUE = 200;

function short(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE)}…` : text;
}

export function importDetails(config: ServerConfig): DetailRow[] {
  const record = config as Record<string, unknown>;
  const rows: DetailRow[] = [];
  const maps = [
    ['env', 'Environment', '='],
    ['headers', 'Header', ': '],
  ] as const;
  for (const [field, label, separator] of maps) {
    const map = record[field];
    if (!map || typeof map !== 'object') continue;
    for (const [key, value] of Object.entries(map as Record<string, unknown>)) rows.push({ label, value: `${key}${separator}${short(value)}` });
  }
  if (typeof record.cwd === 'string') rows.push({ label: 'Working folder', value: record.cwd });
  const foreign = foreignFieldsOf(config);
  for (const key of foreign.honoured) rows.push({ label: `${key} (used: ${HONOURED_FOREIGN_FIELDS[key]})`, value: looksSecret(key) ? MASK : short(record[key]) });
  for (const key of foreign.ignored) rows.push({ label: `${key} (kept, not used)`, value: looksSecret(key) ? MASK : short(record[key]) });
  return rows;
}
