/** The server sampler on a real process (this one): the run's last sample is never lost to one still under way. */
import { afterEach, expect, it } from 'vitest';
import { ServerSampler } from './server-sampler';

let sampler: ServerSampler | undefined;
afterEach(() => sampler?.dispose());

it('takes the last sample after the one under way, so a run that ends during its first sample still has figures', async () => {
  sampler = new ServerSampler(() => [process.pid]);
  // The first sample is under way (its figures are read asynchronously) when the run ends at once.
  const first = sampler.sample(0);
  expect(await sampler.sample(1)).toBeUndefined(); // a periodic sample meanwhile is skipped, as designed
  const last = await sampler.last(5);
  expect(await first).toMatchObject({ t: 0, processes: 1 });
  expect(last).toMatchObject({ t: 5, processes: 1 });
  expect(sampler.points.map((point) => point.t)).toEqual([0, 5]);
});
