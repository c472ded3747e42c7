/** IDEs running an MCP server for Claude Code (found from its lock files), offered as servers to add. */
import { useEffect, useState } from 'react';
import type { IdeServerOffer } from '../../../shared/api/connections';
import { useWorkbench } from '../state/store';
import './IdeServerOffers.css';

export function IdeServerOffers() {
  const api = useWorkbench((s) => s.api);
  const servers = useWorkbench((s) => s.servers);
  const addServer = useWorkbench((s) => s.addServer);
  const [offers, setOffers] = useState<IdeServerOffer[]>([]);
  const [error, setError] = useState<string>();

  const look = () => {
    setError(undefined);
    api.listIdeServers().then(setOffers, (failure: Error) => setError(`Could not look for running IDEs: ${failure.message}`));
  };
  useEffect(look, [api]);

  const known = new Set(servers.map((server) => ('url' in server.config ? server.config.url : undefined)));
  const fresh = offers.filter((offer) => !known.has(offer.config.url));
  if (fresh.length === 0 && !error) return null;

  const add = (offer: IdeServerOffer) => {
    const taken = new Set(servers.map((server) => server.name));
    let name = offer.suggestedName;
    for (let n = 2; taken.has(name); n++) name = `${offer.suggestedName}-${n}`;
    addServer({ name, config: offer.config }).catch((failure: Error) => setError(failure.message));
  };

  return (
    <section className="ide-offers" aria-label="Running IDEs">
      <div className="panel-header">
        <h3>Running IDEs</h3>
        <button type="button" onClick={look}>
          Look again
        </button>
      </div>
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
      <ul>
        {fresh.map((offer) => (
          <li key={offer.port}>
            <span>
              {offer.ideName} <span className="muted">· port {offer.port}</span>
            </span>
            {offer.workspaceFolders.length > 0 && <span className="muted ide-folders">{offer.workspaceFolders.join(', ')}</span>}
            <button type="button" onClick={() => add(offer)} aria-label={`Add ${offer.ideName} on port ${offer.port}`}>
              Add
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
