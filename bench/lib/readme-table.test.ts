import { describe, expect, it } from 'vitest';
import { figure, type BenchmarkResult } from './result';
import { README_END, README_START, emptyStanding, formatReadmeTable, recordRun, replaceBetweenMarkers } from './readme-table.mjs';

const summary = (median: number, p95: number, n = 2000) => ({ n, median, p95, mean: median, min: median, max: p95 });
const callOverhead: BenchmarkResult = {
  id: 'call-overhead',
  title: 'Call overhead',
  ok: true,
  durationMs: 1,
  figures: [
    figure({
      id: 'median-ratio',
      label: 'median per call, core ÷ bare SDK',
      value: 1.29,
      unit: '×',
      goal: { max: 1.05 },
      subject: { label: 'core AppApi callTool', unit: 'ms', summary: summary(0.47, 0.9) },
      baseline: { label: 'SDK Client.callTool', unit: 'ms', summary: summary(0.37, 0.6) },
    }),
    figure({ id: 'p95-ratio', label: 'p95 per call, core ÷ bare SDK', value: 1.5, unit: '×' }),
  ],
};
const startup = (value: number): BenchmarkResult => ({
  id: 'startup',
  title: 'Start-up',
  ok: true,
  durationMs: 1,
  figures: [figure({ id: 'all', label: 'all 30 connected, start-up ÷ bare SDK pool', value, unit: '×', goal: { max: 1 } })],
});
const run = { date: '2026-12-01T18:00:00.000Z', commit: 'abc1234', machine: '2 CPUs (AMD EPYC), 8000 MB, Node v20.20.2' };

describe("the README's where-we-stand table", () => {
  it('has a row per figure with its n, median, p95, exact baseline, goal and verdict, and says when and at which commit', () => {
    const standing = recordRun(emptyStanding(), [callOverhead, startup(0.98)], run);
    const table = formatReadmeTable(standing, { date: run.date, commit: run.commit });
    expect(table).toContain('Written 2026-12-01T18:00:00.000Z at commit abc1234; measured on 2 CPUs (AMD EPYC), 8000 MB, Node v20.20.2.');
    expect(table).toContain('| `call-overhead` | median per call, core ÷ bare SDK | 1.29× | ≤ 1.05× | **MISSED** | 2000 | 0.470 ms | 0.900 ms | SDK Client.callTool: median 0.370 ms, p95 0.600 ms, n=2000 | 2026-12-01, abc1234 |');
    expect(table).toContain('| `call-overhead` | p95 per call, core ÷ bare SDK | 1.50× | — | — |');
    expect(table).toContain('| `startup` | all 30 connected, start-up ÷ bare SDK pool | 0.980× | ≤ 1× | met |');
  });

  it("replaces one benchmark's rows when only that one ran, keeping the others with their own date and commit", () => {
    const first = recordRun(emptyStanding(), [callOverhead, startup(1.1)], run);
    const second = recordRun(first, [startup(0.97)], { ...run, date: '2026-12-02T09:00:00.000Z', commit: 'def5678' });
    const table = formatReadmeTable(second, { date: '2026-12-02T09:00:00.000Z', commit: 'def5678' });
    expect(table).toContain('| `startup` | all 30 connected, start-up ÷ bare SDK pool | 0.970× | ≤ 1× | met |');
    expect(table).not.toContain('1.100×');
    expect(table).toMatch(/`call-overhead` \| median per call.*\| 2026-12-01, abc1234 \|/);
    expect(table).toMatch(/`startup` .*\| 2026-12-02, def5678 \|/);
  });

  it('writes between the markers only, and adds them when the README has none', () => {
    const readme = `# Title\n\nIntro.\n\n${README_START}\nold table\n${README_END}\n\n## After\n`;
    const written = replaceBetweenMarkers(readme, 'new table');
    expect(written).toBe(`# Title\n\nIntro.\n\n${README_START}\nnew table\n${README_END}\n\n## After\n`);
    expect(replaceBetweenMarkers(written, 'newer')).toBe(`# Title\n\nIntro.\n\n${README_START}\nnewer\n${README_END}\n\n## After\n`);
    expect(replaceBetweenMarkers('# Bare\n', 'table')).toBe(`# Bare\n\n${README_START}\ntable\n${README_END}\n`);
  });

  it('shows a failed benchmark as FAILED', () => {
    const standing = recordRun(emptyStanding(), [{ id: 'leaks', title: 'Leaks', ok: false, error: 'boom', durationMs: 1, figures: [] }], run);
    expect(formatReadmeTable(standing, run)).toContain('| `leaks` | the benchmark failed |  |  | FAILED |');
  });
});
