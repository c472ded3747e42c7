/**
 * The theme the page shows: the app's own choice (the theme toggle sets `data-theme` on the
 * root element) or, with none, the system's colour scheme. Anything drawn to match the theme
 * (a tool's light or dark icon, an app's host context) asks here, so it follows the toggle
 * as well as the system.
 */
import { useSyncExternalStore } from 'react';

export type PageTheme = 'light' | 'dark';

/** One media query for the page (a tool list shows hundreds of icons). */
let darkQuery: MediaQueryList | undefined;
function darkSchemeQuery(): MediaQueryList | undefined {
  if (darkQuery === undefined && typeof window !== 'undefined' && window.matchMedia) darkQuery = window.matchMedia('(prefers-color-scheme: dark)');
  return darkQuery;
}

export function pageTheme(): PageTheme {
  const set = typeof document === 'undefined' ? undefined : document.documentElement.dataset.theme;
  if (set === 'light' || set === 'dark') return set;
  return darkSchemeQuery()?.matches ? 'dark' : 'light';
}

const listeners = new Set<() => void>();
let stopWatching: (() => void) | undefined;

/** Watches the toggle and the system while anyone listens; one observer for all of them. */
function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  if (!stopWatching) {
    const notify = () => listeners.forEach((listener) => listener());
    const query = darkSchemeQuery();
    query?.addEventListener?.('change', notify);
    const observer = typeof MutationObserver === 'undefined' ? undefined : new MutationObserver(notify);
    observer?.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    stopWatching = () => {
      query?.removeEventListener?.('change', notify);
      observer?.disconnect();
    };
  }
  return () => {
    listeners.delete(onChange);
    if (listeners.size === 0) {
      stopWatching?.();
      stopWatching = undefined;
    }
  };
}

export function usePageTheme(): PageTheme {
  return useSyncExternalStore(subscribe, pageTheme, () => 'light');
}
