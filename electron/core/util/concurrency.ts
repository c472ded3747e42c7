import { ignoreFailure } from '../diagnostics/diagnostics';

/** Runs `task` over `items` with at most `limit` running at once; resolves when all settle. */
export async function runWithConcurrency<T>(items: readonly T[], limit: number, task: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const item = items[next++] as T;
      await task(item).catch(ignoreFailure('a task of a batch failed; each reports its own failure (a server row, a command line)'));
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
