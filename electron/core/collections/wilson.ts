/**
 * The Wilson score interval for a pass rate: k passes in n runs. Unlike the plain
 * p ± z·√(p(1−p)/n), it stays inside [0, 1] and does not collapse to a zero width at 0/n
 * or n/n, which matters for evals, where a handful of runs that all passed is common.
 *
 * E. B. Wilson, "Probable inference, the law of succession, and statistical inference",
 * Journal of the American Statistical Association 22 (1927), 209–212; as written in
 * https://en.wikipedia.org/wiki/Binomial_proportion_confidence_interval#Wilson_score_interval :
 *
 *   centre = (p̂ + z²/2n) / (1 + z²/n)
 *   half   = z / (1 + z²/n) · √( p̂(1−p̂)/n + z²/4n² )
 */

/** z for a two-sided 95% interval (the 97.5th percentile of the standard normal). */
const Z_95 = 1.959963984540054;

interface Interval {
  low: number;
  high: number;
}

export function wilsonInterval(passed: number, runs: number, z: number = Z_95): Interval {
  if (!Number.isInteger(passed) || !Number.isInteger(runs) || runs < 0 || passed < 0 || passed > runs) throw new RangeError(`a pass count is a whole number from 0 to the runs (${passed} of ${runs})`);
  // No runs say nothing: the whole range.
  if (runs === 0) return { low: 0, high: 1 };
  const p = passed / runs;
  const z2 = z * z;
  const denominator = 1 + z2 / runs;
  const centre = (p + z2 / (2 * runs)) / denominator;
  const half = (z / denominator) * Math.sqrt((p * (1 - p)) / runs + z2 / (4 * runs * runs));
  // Rounding can carry the ends a hair past 0 or 1.
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}
