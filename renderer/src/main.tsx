/** Entry: pick the AppApi, build the store, subscribe to events, render. */
// The theme's tokens and the base styles come first: every component's own sheet builds on them.
import './theme/tokens.css';
import './theme/base.css';
import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { resolveApi } from './api/resolve-api';
import { App } from './app/App';
import { ErrorBoundary } from './components/ErrorBoundary';
import { persistUi } from './state/persist-ui';
import { applyEvent, createWorkbenchStore, StoreContext, type WorkbenchStore } from './state/store';

function Root({ store }: { store: WorkbenchStore }) {
  useEffect(() => {
    const unsubscribe = store.getState().api.onEvent((event) => applyEvent(store, event));
    void store.getState().refreshServers();
    void store.getState().loadServerRequests();
    return unsubscribe;
  }, [store]);
  return (
    <StoreContext.Provider value={store}>
      <App />
    </StoreContext.Provider>
  );
}

const root = createRoot(document.getElementById('root')!);
try {
  // The host's status can change before the store exists; later changes go to the store.
  const ref: { store?: WorkbenchStore } = {};
  const api = resolveApi((hostStatus) => ref.store?.setState({ hostStatus }));
  const store = (ref.store = createWorkbenchStore(api));
  // What the user arranged and typed survives a reload of this tab (before the first render).
  persistUi(store);
  root.render(
    <StrictMode>
      <ErrorBoundary>
        <Root store={store} />
      </ErrorBoundary>
    </StrictMode>,
  );
} catch (error) {
  root.render(
    <div className="fatal" role="alert">
      <h1>MCP Workbench cannot start</h1>
      <p>{(error as Error).message}</p>
    </div>,
  );
}
