import { describe, expect, it } from 'vitest';
import { wilsonInterval } from './wilson';

describe('wilsonInterval', () => {
  // Reference values: R's prop.test(x, n, correct = FALSE)$conf.int and statsmodels'
  // proportion_confint(method="wilson"), both the uncorrected Wilson score interval.
  it.each([
    [8, 10, 0.4902, 0.9433],
    [0, 10, 0, 0.2775],
    [10, 10, 0.7225, 1],
    [1, 2, 0.0945, 0.9055],
    [50, 100, 0.4038, 0.5962],
  ])('%i of %i passes → [%f, %f]', (passed, runs, low, high) => {
    const interval = wilsonInterval(passed, runs);
    expect(interval.low).toBeCloseTo(low, 4);
    expect(interval.high).toBeCloseTo(high, 4);
  });

  it('never leaves [0, 1] and always holds the observed rate', () => {
    for (let runs = 1; runs <= 30; runs++) {
      for (let passed = 0; passed <= runs; passed++) {
        const { low, high } = wilsonInterval(passed, runs);
        expect(low).toBeGreaterThanOrEqual(0);
        expect(high).toBeLessThanOrEqual(1);
        expect(low).toBeLessThanOrEqual(passed / runs + 1e-12);
        expect(high).toBeGreaterThanOrEqual(passed / runs - 1e-12);
      }
    }
  });

  it('narrows as the runs grow at the same rate', () => {
    const width = (passed: number, runs: number) => {
      const { low, high } = wilsonInterval(passed, runs);
      return high - low;
    };
    expect(width(8, 10)).toBeGreaterThan(width(80, 100));
    expect(width(80, 100)).toBeGreaterThan(width(800, 1000));
  });

  it('says nothing for no runs, and refuses counts that cannot be', () => {
    expect(wilsonInterval(0, 0)).toEqual({ low: 0, high: 1 });
    expect(() => wilsonInterval(3, 2)).toThrow(RangeError);
    expect(() => wilsonInterval(-1, 2)).toThrow(RangeError);
    expect(() => wilsonInterval(1.5, 2)).toThrow(RangeError);
  });
});
