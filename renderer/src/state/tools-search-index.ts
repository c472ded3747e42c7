/**
 * The tool list's search index: per tool list, the tools a model sees (visibility not
 * ["app"] only) and each one's lower-cased search text (display name, name, full name,
 * description). It is built once per list, when the list arrives, in the browser's idle
 * time after the list has been painted, so neither the first paint nor the first
 * keystroke pays for it (a search that comes before the idle callback builds it there
 * and then). An index belongs to one tools array: a new list from the server is a new
 * array and gets its own.
 */
import type { ToolInfo } from '../../../shared/domain';
import { visibleToModel } from '../../../shared/app-visibility';
import { displayName } from '../components/tools/tool-display';

export interface ToolSearchIndex {
  /** The tools the list shows, in the server's order. */
  readonly tools: readonly ToolInfo[];
  /** The tools (in order) whose search text contains every one of `words` (lower case). */
  match(words: readonly string[]): readonly ToolInfo[];
}

const indexes = new WeakMap<readonly ToolInfo[], ToolSearchIndex>();
/** The tools of each list, shown before its index exists (no search text built yet). */
const shown = new WeakMap<readonly ToolInfo[], readonly ToolInfo[]>();

/** The words of a search, lower case: every one must match. */
export function searchWords(search: string): string[] {
  return search.toLowerCase().split(/\s+/).filter(Boolean);
}

function searchTextOf(tool: ToolInfo): string {
  return `${displayName(tool)} ${tool.name} ${tool.fullName} ${tool.description ?? ''}`.toLowerCase();
}

/** The tools a list shows, without building search text (what the first paint needs). */
export function listedTools(all: readonly ToolInfo[]): readonly ToolInfo[] {
  const existing = indexes.get(all)?.tools ?? shown.get(all);
  if (existing) return existing;
  const tools = all.filter(visibleToModel);
  shown.set(all, tools);
  return tools;
}

/** The index of this tools array, built now if it was not yet. */
export function searchIndexOf(all: readonly ToolInfo[]): ToolSearchIndex {
  let index = indexes.get(all);
  if (!index) {
    index = buildIndex(listedTools(all));
    indexes.set(all, index);
    shown.delete(all);
  }
  return index;
}

function buildIndex(tools: readonly ToolInfo[]): ToolSearchIndex {
  const texts = tools.map(searchTextOf);
  return {
    tools,
    match(words) {
      if (words.length === 0) return tools;
      const out: ToolInfo[] = [];
      for (let i = 0; i < tools.length; i++) {
        const text = texts[i]!;
        if (words.every((word) => text.includes(word))) out.push(tools[i]!);
      }
      return out;
    },
  };
}

type IdleScheduler = (task: () => void) => void;

/** requestIdleCallback where the browser has it (with a limit, so a busy page still gets there), else a timer. */
const whenIdle: IdleScheduler = (task) => {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: 500 });
  else setTimeout(task, 0);
};

/** Builds the list's index in idle time (once per tools array); `schedule` is for tests. */
export function prepareSearchIndex(all: readonly ToolInfo[], schedule: IdleScheduler = whenIdle): void {
  if (indexes.has(all) || all.length === 0) return;
  schedule(() => {
    searchIndexOf(all);
  });
}

/** Whether this tools array's index has been built (for tests). */
export function hasSearchIndex(all: readonly ToolInfo[]): boolean {
  return indexes.has(all);
}
