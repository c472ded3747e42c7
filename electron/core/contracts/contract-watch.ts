/**
 * "What changed since the last connection": each time a server connects, what it offers
 * is compared with what it offered before in this run, and a difference goes out as a
 * `contract-changed` event.
 *
 * The watch never asks the server anything: it takes the parts of the contract from what
 * the connection has anyway, so start-up with many servers costs no extra list requests.
 * The identity (name, version, protocol, capabilities, instructions) comes with the
 * connected state; the tools, resources and prompts come from the lists the connection's
 * caches keep (ServerCaches), whenever something lists them (the window does when it
 * shows them). Each part is compared with the last time it was seen; the event carries
 * every change found so far in this connection, and goes out again when a part that
 * arrives later adds changes. Nothing is kept on disk: the first connection of a run has
 * nothing to compare with.
 */
import type { ContractChange } from '../../../shared/contracts';
import type { ServerView } from '../../../shared/domain';
import type { AppEvent, AppEventOf } from '../../../shared/events';
import { diffSnapshots } from './diff';
import { surfacePartOf, type SurfacePart } from './cached-surface';
import { buildSnapshot, type ServerSurface } from './snapshot';

export interface ContractWatchDeps {
  /** The event bus's typed hook for server states (`events.on('server-state', …)`). */
  onServerState(listener: (event: AppEventOf<'server-state'>) => void): () => void;
  /** Every list a connection's cache keeps, as it is kept (`ServerCaches.onListStored`). */
  onListStored(listener: (server: string, value: object) => void): () => void;
  emit(event: AppEvent): void;
}

type PartName = 'identity' | SurfacePart['part'];
const PART_ORDER: readonly PartName[] = ['identity', 'tools', 'resources', 'prompts'];

/** The parts of a server's contract last seen, each from whichever connection showed it last. */
interface Seen {
  view?: ServerView;
  tools?: Extract<SurfacePart, { part: 'tools' }>;
  resources?: Extract<SurfacePart, { part: 'resources' }>;
  prompts?: Extract<SurfacePart, { part: 'prompts' }>;
}

interface Connection {
  since: number | undefined;
  view: ServerView;
  /** What was seen before this connection: what it is compared with. */
  before: Seen;
  changes: Map<PartName, ContractChange[]>;
  /** The changes last sent, as JSON (the same list is not sent twice). */
  sent: string;
}

const EMPTY_SURFACE = { tools: [], resources: [], templates: [], prompts: [] } satisfies Omit<ServerSurface, 'view'>;

/** The changes in one part only: both snapshots share everything else. */
function diffPart(part: PartName, before: Seen, view: ServerView, after: SurfacePart | ServerView): ContractChange[] {
  if (part === 'identity') {
    if (!before.view) return [];
    return diffSnapshots(buildSnapshot({ view: before.view, ...EMPTY_SURFACE }), buildSnapshot({ view: after as ServerView, ...EMPTY_SURFACE }));
  }
  const earlier = before[part as SurfacePart['part']];
  if (!earlier) return [];
  return diffSnapshots(buildSnapshot({ view, ...EMPTY_SURFACE, ...surfaceOf(earlier) }), buildSnapshot({ view, ...EMPTY_SURFACE, ...surfaceOf(after as SurfacePart) }));
}

function surfaceOf(part: SurfacePart): Partial<ServerSurface> {
  if (part.part === 'tools') return { tools: part.tools };
  if (part.part === 'resources') return { resources: part.resources, templates: part.templates };
  return { prompts: part.prompts };
}

export function watchContracts(deps: ContractWatchDeps): () => void {
  const seen = new Map<string, Seen>();
  const connections = new Map<string, Connection>();

  const report = (name: string, connection: Connection) => {
    const changes = PART_ORDER.flatMap((part) => connection.changes.get(part) ?? []);
    const text = JSON.stringify(changes);
    if (changes.length === 0 || text === connection.sent) return;
    connection.sent = text;
    deps.emit({ type: 'contract-changed', server: name, changes });
  };

  const stopStates = deps.onServerState(({ server: view }) => {
    // A connection is told apart by when it entered the connected state: later state events of it are not new connections.
    if (view.status !== 'connected' || connections.get(view.name)?.since === view.since) return;
    const known = seen.get(view.name) ?? {};
    const connection: Connection = { since: view.since, view, before: { ...known }, changes: new Map(), sent: '[]' };
    connections.set(view.name, connection);
    seen.set(view.name, { ...known, view });
    connection.changes.set('identity', diffPart('identity', connection.before, view, view));
    report(view.name, connection);
  });

  const stopLists = deps.onListStored((name, value) => {
    const connection = connections.get(name);
    const part = surfacePartOf(value);
    if (!connection || !part) return;
    seen.set(name, { ...seen.get(name), [part.part]: part });
    connection.changes.set(part.part, diffPart(part.part, connection.before, connection.view, part));
    report(name, connection);
  });

  return () => {
    stopStates();
    stopLists();
  };
}
