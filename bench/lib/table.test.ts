import { describe, expect, it } from 'vitest';
import { figure, type BenchmarkResult } from './result';
import { percentile, summarize } from './stats';
import { countVerdicts, formatTable } from './table.mjs';

const result = (figures: BenchmarkResult['figures'], extra: Partial<BenchmarkResult> = {}): BenchmarkResult => ({ id: 'demo', title: 'Demo', ok: true, durationMs: 1, figures, ...extra });

describe('benchmark report', () => {
  it('says plainly which goals are missed, and judges none in a smoke run', () => {
    const results = [
      result([
        figure({ id: 'a', label: 'ratio that is fine', value: 1.01, unit: '×', goal: { max: 1.05 } }),
        figure({ id: 'b', label: 'ratio that is too high', value: 1.4, unit: '×', goal: { max: 1.05 }, floor: 'the extra process hop' }),
        figure({ id: 'd', label: 'ratio nobody explained', value: 2, unit: '×', goal: { max: 1 } }),
        figure({ id: 'c', label: 'information only', value: 12.5, unit: 'ms' }),
      ]),
      result([], { id: 'broken', ok: false, error: 'boom' }),
    ];
    const table = formatTable(results, { smoke: false });
    expect(table).toMatch(/ratio that is fine\s+1\.01×\s+≤ 1\.05×\s+met/);
    expect(table).toMatch(/ratio that is too high\s+1\.40×\s+≤ 1\.05×\s+MISSED/);
    expect(table).toMatch(/information only\s+12\.5 ms\s+—/);
    expect(table).toMatch(/broken .*FAILED/);
    expect(countVerdicts(results, false)).toEqual({ failed: 1, met: 1, missed: 2 });
    // Each missed figure says what stops it, or that nothing is known to.
    const floors = table.slice(table.indexOf('Missed, and what stops it'));
    expect(floors).toContain('demo · ratio that is too high: the extra process hop');
    expect(floors).toContain('demo · ratio nobody explained: no floor known');
    expect(floors).not.toContain('ratio that is fine');
    expect(formatTable(results, { smoke: true })).toMatch(/ratio that is too high\s+1\.40×\s+≤ 1\.05×\s+\(smoke\)/);
    expect(formatTable(results, { smoke: true })).not.toContain('Missed, and what stops it');
    expect(countVerdicts(results, true)).toEqual({ failed: 1, met: 0, missed: 0 });
  });

  it('summarizes samples with interpolated percentiles', () => {
    expect(percentile([1, 2, 3, 4], 50)).toBe(2.5);
    expect(summarize([5, 1, 3])).toMatchObject({ n: 3, median: 3, min: 1, max: 5, mean: 3 });
    expect(summarize(Array.from({ length: 101 }, (_, i) => i)).p95).toBe(95);
    expect(figure({ id: 'x', label: 'x', value: Number.NaN, unit: 'ms', goal: { max: 1 } }).met).toBe(false);
  });
});
