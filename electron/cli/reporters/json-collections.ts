/** Collection runs as one JSON document: whether all passed, the totals, and every report as the core gave it. */
import { totalsOf, type CollectionOutcome } from './collection-results';

export function collectionsJson(outcomes: readonly CollectionOutcome[]): string {
  const totals = totalsOf(outcomes);
  const document = {
    ok: totals.failed === 0 && totals.errors === 0,
    totals,
    collections: outcomes.map((outcome) => (outcome.kind === 'ran' ? outcome.report : { collection: outcome.collection, file: outcome.file, ...(outcome.server ? { server: outcome.server } : {}), status: 'error', error: outcome.message })),
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}
