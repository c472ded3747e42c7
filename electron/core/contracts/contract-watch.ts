/**
 * "What changed since the last connection": each time a server connects, its snapshot is
 * taken (from the lists the connection fetched anyway) and compared with the one of its
 * previous connection in this run; a difference goes out as a `contract-changed` event.
 * Snapshots stay in memory only: the first connection of a run has nothing to compare with.
 */
import type { ServerView } from '../../../shared/domain';
import type { AppEvent, AppEventOf } from '../../../shared/events';
import { diagnostics } from '../diagnostics/diagnostics';
import { diffSnapshots } from './diff';
import type { ContractSnapshot } from './snapshot';

export interface ContractWatchDeps {
  /** The event bus's typed hook for server states (`events.on('server-state', …)`). */
  onServerState(listener: (event: AppEventOf<'server-state'>) => void): () => void;
  emit(event: AppEvent): void;
  capture(view: ServerView): Promise<ContractSnapshot>;
}

export function watchContracts(deps: ContractWatchDeps): () => void {
  const last = new Map<string, ContractSnapshot>();
  // A connection is told apart by when it entered the connected state: later state events of it are not new connections.
  const seen = new Map<string, number | undefined>();
  // One capture at a time per server, in connection order.
  const queue = new Map<string, Promise<void>>();
  return deps.onServerState((event) => {
    const view = event.server;
    if (view.status !== 'connected' || (seen.has(view.name) && seen.get(view.name) === view.since)) return;
    seen.set(view.name, view.since);
    const previous = queue.get(view.name) ?? Promise.resolve();
    const next = previous.then(async () => {
      const snapshot = await deps.capture(view);
      const before = last.get(view.name);
      last.set(view.name, snapshot);
      if (!before) return;
      const changes = diffSnapshots(before, snapshot);
      if (changes.length) deps.emit({ type: 'contract-changed', server: view.name, changes });
    });
    queue.set(
      view.name,
      next.catch((error: unknown) => diagnostics.info(`The contract of ${view.name} could not be taken after it connected`, error)),
    );
  });
}
