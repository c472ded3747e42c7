import { describe, expect, it } from 'vitest';
import { BudgetError, checkBudgets, parseBudgets, type BudgetFigures } from './budgets';
import { activeSlots, parseProfile, ProfileError } from './load-profile';
import { afterWarmUp, looksLikeLeak, memoryTrend } from './leak-slope';

const figures = (over: Partial<BudgetFigures> & { p95?: number } = {}): BudgetFigures => ({
  requests: 1000,
  errors: 4,
  throughput: 200,
  latency: { p50: 10, p90: 50, p95: over.p95 ?? 100, p99: 400, p999: 900, max: 1200, mean: 20 },
  ...over,
});

describe('budgets', () => {
  it('parses absolute budgets in their units', () => {
    expect(parseBudgets('p95<=200ms, p99<=0.5s,errors<=0.5%,errors<3,throughput>=50/s,max<2000us')).toEqual([
      { text: 'p95<=200ms', metric: 'p95', operator: '<=', value: 200 },
      { text: 'p99<=0.5s', metric: 'p99', operator: '<=', value: 500 },
      { text: 'errors<=0.5%', metric: 'errors', operator: '<=', value: 0.005 },
      { text: 'errors<3', metric: 'errors', operator: '<', value: 3, errorsAsCount: true },
      { text: 'throughput>=50/s', metric: 'throughput', operator: '>=', value: 50 },
      { text: 'max<2000us', metric: 'max', operator: '<', value: 2 },
    ]);
  });

  it.each([
    ['', /empty/],
    ['p95<=200ms,,p99<=1s', /empty part/],
    ['p97<=200ms', /"p97<=200ms" is not a budget/],
    ['p95<=200', /needs a unit/],
    ['p95<=15%', /relative to --baseline and written with a sign/],
    ['p95<=+15ms', /written in percent/],
    ['errors<=2ms', /share .* or a count/],
    ['throughput>=5ms', /calls per second/],
  ])('refuses %j with a message that says why', (text, message) => {
    expect(() => parseBudgets(text)).toThrow(BudgetError);
    expect(() => parseBudgets(text)).toThrow(message);
  });

  it('checks each budget and names the one missed', () => {
    const verdicts = checkBudgets(parseBudgets('p95<=200ms,p99<=300ms,errors<=0.5%,throughput>=100/s'), figures());
    expect(verdicts).toEqual([
      { budget: 'p95<=200ms', ok: true, actual: 100, limit: 200, unit: 'ms' },
      { budget: 'p99<=300ms', ok: false, actual: 400, limit: 300, unit: 'ms' },
      { budget: 'errors<=0.5%', ok: true, actual: 0.4, limit: 0.5, unit: '%' },
      { budget: 'throughput>=100/s', ok: true, actual: 200, limit: 100, unit: '/s' },
    ]);
  });

  it('checks relative budgets against the baseline, and needs one', () => {
    const budgets = parseBudgets('p95<=+15%,throughput>=-10%');
    expect(checkBudgets(budgets, figures({ p95: 114 }), figures()).map((v) => v.ok)).toEqual([true, true]);
    expect(checkBudgets(budgets, figures({ p95: 116, throughput: 170 }), figures()).map((v) => [v.ok, v.limit])).toEqual([
      [false, 115],
      [false, 180],
    ]);
    expect(() => checkBudgets(budgets, figures())).toThrow(/give --baseline/);
  });
});

describe('profiles', () => {
  it('parses the profiles and refuses others', () => {
    expect(parseProfile('ramp:10%-50%')).toEqual({ kind: 'ramp', from: 0.1, to: 0.5 });
    expect(parseProfile('Spike')).toEqual({ kind: 'spike' });
    expect(() => parseProfile('wave')).toThrow(ProfileError);
    expect(() => parseProfile('ramp:10%-150%')).toThrow(/between 0% and 100%/);
  });

  it('uses a share of the slots as the run goes on, at least one', () => {
    expect([0, 0.5, 1].map((p) => activeSlots({ kind: 'ramp', from: 0, to: 1 }, 20, p))).toEqual([1, 10, 20]);
    expect([0.1, 0.5, 0.9].map((p) => activeSlots({ kind: 'spike' }, 20, p))).toEqual([2, 20, 2]);
    expect(activeSlots({ kind: 'constant' }, 20, 0)).toBe(20);
  });
});

describe('memory trend', () => {
  it('states the slope of a steady climb and calls it a leak; a flat line is not', () => {
    const climbing = Array.from({ length: 10 }, (_, i) => ({ t: i * 1000, rss: 50e6 + i * 100_000 }));
    expect(memoryTrend(climbing)).toEqual({ bytesPerMinute: 6_000_000, r2: 1, samples: 10 });
    expect(looksLikeLeak(memoryTrend(climbing))).toBe(true);
    const flat = Array.from({ length: 10 }, (_, i) => ({ t: i * 1000, rss: 50e6 + (i % 2) * 1000 }));
    expect(looksLikeLeak(memoryTrend(flat))).toBe(false);
    expect(memoryTrend(climbing.slice(0, 2))).toBeUndefined();
    // A steady climb over too few samples is only a warm-up as far as anyone can tell.
    expect(looksLikeLeak(memoryTrend(climbing.slice(0, 5)))).toBe(false);
    expect(afterWarmUp(climbing, 10_000).map((p) => p.t)).toEqual([2000, 3000, 4000, 5000, 6000, 7000, 8000, 9000]);
  });
});
