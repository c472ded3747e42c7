/**
 * How much a piece of work allocates in V8's young generation (new space), in tests: code
 * that makes garbage as big as the text it handles allocates megabytes there (or fills it,
 * and a scavenge runs); code that makes none allocates next to nothing. Collects all
 * garbage first, so what was allocated before does not count.
 */
import { PerformanceObserver, constants } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';

const newSpaceUsed = () => v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')!.space_used_size;
const immediate = () => new Promise((resolve) => setImmediate(resolve));

/** Bytes allocated in new space during `work`; Infinity when it filled new space (a scavenge ran). */
export async function youngAllocationDuring(work: () => unknown): Promise<number> {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;
  let scavenges = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if ((entry as unknown as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MINOR) scavenges++;
  });
  observer.observe({ entryTypes: ['gc'] });
  gc();
  // GC entries are delivered from the immediate queue: the forced collection's pass first.
  await immediate();
  await immediate();
  scavenges = 0;
  const before = newSpaceUsed();
  await work();
  const after = newSpaceUsed();
  await immediate();
  await immediate();
  observer.disconnect();
  return scavenges > 0 ? Infinity : after - before;
}
