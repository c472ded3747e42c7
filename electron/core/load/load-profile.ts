/**
 * How much of a run's concurrency is in use at a moment: a profile is a share (0..1) of
 * the in-flight slots (clients × concurrency) as a function of the run's progress.
 *   constant   every slot from start to end
 *   ramp       from one share to another, in a straight line (default 0% → 100%)
 *   spike      a tenth of the slots, all of them for the middle fifth of the run, a tenth again
 *   soak       every slot, for a long run: the same load as constant, read for its memory trend
 */
export type LoadProfile = { kind: 'constant' } | { kind: 'soak' } | { kind: 'spike' } | { kind: 'ramp'; from: number; to: number };

export class ProfileError extends Error {}

/** `constant`, `soak`, `spike`, `ramp` or `ramp:10%-100%`. */
export function parseProfile(text: string): LoadProfile {
  const value = text.trim().toLowerCase();
  if (value === 'constant' || value === 'soak' || value === 'spike') return { kind: value };
  if (value === 'ramp') return { kind: 'ramp', from: 0, to: 1 };
  const ramp = /^ramp:(\d{1,3})%?-(\d{1,3})%?$/.exec(value);
  if (ramp) {
    const from = Number(ramp[1]) / 100;
    const to = Number(ramp[2]) / 100;
    if (from > 1 || to > 1) throw new ProfileError(`--profile "${text}": a ramp goes between 0% and 100% of the slots.`);
    return { kind: 'ramp', from, to };
  }
  throw new ProfileError(`--profile "${text}" is not one of constant, ramp, ramp:FROM%-TO%, spike, soak.`);
}

/** The slots in use at `progress` (0..1 of the run), at least one. */
export function activeSlots(profile: LoadProfile, slots: number, progress: number): number {
  const p = Math.min(1, Math.max(0, progress));
  let share: number;
  switch (profile.kind) {
    case 'constant':
    case 'soak':
      share = 1;
      break;
    case 'spike':
      share = p >= 0.4 && p < 0.6 ? 1 : 0.1;
      break;
    case 'ramp':
      share = profile.from + (profile.to - profile.from) * p;
      break;
  }
  return Math.max(1, Math.min(slots, Math.round(slots * share)));
}
