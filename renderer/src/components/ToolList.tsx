/**
 * The tools of every connected server, grouped by server (or of one server, with the
 * `server` prop), searchable and keyboard navigable: ↑/↓, Home/End and Enter in the
 * list; typing in the list goes to the search box; ↓ in the search box goes to the list.
 * Rows are virtualized (@tanstack/react-virtual), so 2,000 tools stay smooth: only the
 * rows on screen exist in the page. A tool that cannot be called (its x-mcp-header
 * annotations break SEP-2243) is struck out, with the reason on the row and in its tooltip;
 * it can still be selected to read its schema, but not run.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { ServerView, ToolInfo } from '../../../shared/domain';
import { ALL_TOOLS, type ServerTools } from '../state/tools-slice';
import { listedTools, searchIndexOf, searchWords } from '../state/tools-search-index';
import { useWorkbench } from '../state/store';
import { displayName, excludedNote, ToolBadges, ToolIcon } from './tools/tool-display';
import './tools/tool-list.css';
import { SafeName, safeNameText } from './names/SafeName';

export type ToolRow =
  | { kind: 'header'; server: string; total: number; shown: number; status: 'loading' | 'ready' | 'error'; error?: string }
  | { kind: 'tool'; tool: ToolInfo };

// Fixed heights: rows are never measured, so scrolling never asks for a layout.
const HEADER_HEIGHT = 30;
const TOOL_HEIGHT = 54;
const NO_TOOLS: readonly ToolInfo[] = [];

/** Rows for the list: a header per server, then its tools that match every word of `search`. */
function buildToolRows(servers: readonly ServerView[], toolsByServer: Readonly<Record<string, ServerTools>>, search: string): ToolRow[] {
  const words = searchWords(search);
  const rows: ToolRow[] = [];
  for (const server of servers) {
    const entry = toolsByServer[server.name];
    const all = entry?.tools ?? NO_TOOLS;
    // Tools only their apps may call (visibility ["app"]) are not listed.
    const listed = listedTools(all);
    const tools = words.length === 0 ? listed : searchIndexOf(all).match(words);
    if (words.length > 0 && tools.length === 0 && entry?.status === 'ready') continue;
    rows.push({ kind: 'header', server: server.name, total: listed.length, shown: tools.length, status: entry?.status ?? 'loading', ...(entry?.error ? { error: entry.error } : {}) });
    for (const tool of tools) rows.push({ kind: 'tool', tool });
  }
  return rows;
}

const rowKey = (row: ToolRow): string => (row.kind === 'header' ? `h-${row.server}` : row.tool.fullName);

export function ToolList({ server }: { server?: string } = {}) {
  const servers = useWorkbench((s) => s.servers);
  const toolsByServer = useWorkbench((s) => s.toolsByServer);
  // Each workspace's list has its own search: what was typed in one never filters another.
  const searchKey = server ?? ALL_TOOLS;
  const search = useWorkbench((s) => s.toolSearch[searchKey] ?? '');
  const setSearchOf = useWorkbench((s) => s.setToolSearch);
  const setSearch = (text: string) => setSearchOf(searchKey, text);
  const selected = useWorkbench((s) => s.selectedTool);
  const selectedServer = useWorkbench((s) => s.selectedServer);
  const selectTool = useWorkbench((s) => s.selectTool);
  const loadTools = useWorkbench((s) => s.loadTools);

  const shownServers = useMemo(() => servers.filter((s) => s.status === 'connected' && (!server || s.name === server)), [servers, server]);
  const rows = useMemo(() => buildToolRows(shownServers, toolsByServer, search), [shownServers, toolsByServer, search]);
  const toolCount = useMemo(() => rows.reduce((n, row) => n + (row.kind === 'tool' ? 1 : 0), 0), [rows]);

  const scrollRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const [active, setActive] = useState<number | undefined>(undefined);
  // Row positions by index, as the virtualizer keeps them (keyed by row, it would also move the
  // scroll position to keep the top row in place whenever the rows change, and re-render for it).
  const estimateSize = useCallback((index: number) => (rows[index]?.kind === 'header' ? HEADER_HEIGHT : TOOL_HEIGHT), [rows]);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize,
    overscan: 8,
  });

  // The active row follows the selection, and stays within the rows.
  const selectedIndex = useMemo(
    () => (selected ? rows.findIndex((row) => row.kind === 'tool' && row.tool.server === selected.server && row.tool.name === selected.name) : -1),
    [rows, selected],
  );
  const activeIndex = active !== undefined && rows[active]?.kind === 'tool' ? active : selectedIndex >= 0 ? selectedIndex : undefined;

  // Picking a server in the server list brings its tools into view.
  useEffect(() => {
    if (!selectedServer || server) return;
    const index = rows.findIndex((row) => row.kind === 'header' && row.server === selectedServer);
    if (index >= 0 && selectedIndex < 0) virtualizer.scrollToIndex(index, { align: 'start' });
    // Only when the selected server changes, not on every new row.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- deliberately keyed on the selected server alone
  }, [selectedServer]);

  // One callback for every row, so a row that did not change is not rendered again.
  const pick = useCallback(
    (index: number, tool: ToolInfo) => {
      setActive(index);
      selectTool(tool.server, tool.name);
    },
    [selectTool],
  );

  const moveTo = (index: number | undefined) => {
    if (index === undefined) return;
    setActive(index);
    virtualizer.scrollToIndex(index, { align: 'auto' });
  };
  const nextTool = (from: number, step: 1 | -1): number | undefined => {
    for (let i = from + step; i >= 0 && i < rows.length; i += step) if (rows[i]?.kind === 'tool') return i;
    return undefined;
  };

  const onListKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = activeIndex ?? -1;
    if (event.key === 'ArrowDown') moveTo(nextTool(current, 1));
    else if (event.key === 'ArrowUp') moveTo(nextTool(current === -1 ? rows.length : current, -1));
    else if (event.key === 'Home') moveTo(nextTool(-1, 1));
    else if (event.key === 'End') moveTo(nextTool(rows.length, -1));
    else if (event.key === 'PageDown' || event.key === 'PageUp') {
      const step = event.key === 'PageDown' ? 1 : -1;
      let index = current;
      for (let n = 0; n < 8; n++) index = nextTool(index, step) ?? index;
      moveTo(index === -1 ? undefined : index);
    } else if (event.key === 'Enter' || event.key === ' ') {
      const row = activeIndex !== undefined ? rows[activeIndex] : undefined;
      if (row?.kind === 'tool') selectTool(row.tool.server, row.tool.name);
    } else if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
      // Type-ahead: the key goes to the search box.
      setSearch(search + event.key);
      searchRef.current?.focus();
    } else return;
    event.preventDefault();
  };

  const noServers = shownServers.length === 0;
  const activeId = activeIndex !== undefined ? rowId(rows[activeIndex]) : undefined;

  return (
    <section className="panel tools" aria-label="Tools">
      <div className="panel-header">
        {/* In a workspace the pane already names the server. */}
        <h2>Tools</h2>
        <span className="muted tool-count" aria-live="polite">
          {noServers ? '' : `${toolCount} ${toolCount === 1 ? 'tool' : 'tools'}${search ? ' match' : ''}`}
        </span>
        {!noServers && (
          // Asks every shown server again, even for a list it said stays fresh (ttlMs).
          <button type="button" className="tool-refresh" onClick={() => shownServers.forEach((shown) => void loadTools(shown.name, true))}>
            Refresh
          </button>
        )}
      </div>
      {!noServers && (
      <input
        ref={searchRef}
        type="search"
        className="tool-search"
        placeholder="Search tools"
        title="Matches tool names and descriptions"
        aria-label="Search tools"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || (event.key === 'Enter' && rows.some((row) => row.kind === 'tool'))) {
            event.preventDefault();
            listRef.current?.focus();
            const first = nextTool(-1, 1);
            moveTo(first);
            if (event.key === 'Enter' && first !== undefined) {
              const row = rows[first];
              if (row?.kind === 'tool') selectTool(row.tool.server, row.tool.name);
            }
          } else if (event.key === 'Escape') setSearch('');
        }}
      />
      )}
      {noServers ? (
        <p className="empty">{server ? `Connect ${server} to see its tools.` : servers.length === 0 ? 'Add a server to see its tools.' : 'Connect a server to see its tools.'}</p>
      ) : (
        <div className="tool-scroll" ref={scrollRef}>
          <div
            ref={listRef}
            className="tool-list"
            role="listbox"
            aria-label="Tools of connected servers"
            tabIndex={0}
            aria-activedescendant={activeId}
            onKeyDown={onListKey}
            style={{ height: virtualizer.getTotalSize() }}
          >
            {virtualizer.getVirtualItems().map((item) => {
              const row = rows[item.index]!;
              if (row.kind === 'header') return <GroupHeader key={rowKey(row)} row={row} top={item.start} height={item.size} onRetry={loadTools} />;
              const tool = row.tool;
              return (
                <ToolOption
                  key={rowKey(row)}
                  tool={tool}
                  index={item.index}
                  top={item.start}
                  height={item.size}
                  selected={selected?.server === tool.server && selected.name === tool.name}
                  active={item.index === activeIndex}
                  onPick={pick}
                />
              );
            })}
          </div>
          {rows.length > 0 && toolCount === 0 && search && <p className="empty">No tool matches “{search}”.</p>}
        </div>
      )}
    </section>
  );
}

function rowId(row: ToolRow | undefined): string | undefined {
  return row?.kind === 'tool' ? toolOptionId(row.tool) : undefined;
}

function toolOptionId(tool: ToolInfo): string {
  return `tool-option-${tool.fullName.replace(/[^A-Za-z0-9_-]/g, '_')}`;
}

/** A server's header row. Memoised: rendered again only when its own props change. */
const GroupHeader = memo(function GroupHeader({ row, top, height, onRetry }: { row: Extract<ToolRow, { kind: 'header' }>; top: number; height: number; onRetry(server: string): Promise<void> }) {
  return (
    <div role="presentation" className="tool-group-header" style={{ transform: `translateY(${top}px)`, height }} data-server={row.server}>
      <span className="tool-group-name">{row.server}</span>
      <span className="muted">
        {row.status === 'loading' && row.total === 0 ? 'loading…' : row.status === 'error' ? '' : row.shown === row.total ? `${row.total}` : `${row.shown} of ${row.total}`}
      </span>
      {row.status === 'error' && (
        <span className="error-text tool-group-error" title={row.error}>
          Could not list tools{' '}
          <button type="button" className="link-button" onClick={() => void onRetry(row.server)}>
            Try again
          </button>
        </span>
      )}
      {row.status === 'ready' && row.total === 0 && <span className="muted">no tools</span>}
    </div>
  );
});

interface ToolOptionProps {
  tool: ToolInfo;
  index: number;
  top: number;
  height: number;
  selected: boolean;
  active: boolean;
  onPick(index: number, tool: ToolInfo): void;
}

/**
 * One tool's row. Memoised: while the list scrolls, only rows that come into view are
 * rendered; the ones already there keep their props (a tool, its position, two flags).
 */
const ToolOption = memo(function ToolOption({ tool, index, top, height, selected, active, onPick }: ToolOptionProps) {
  const id = toolOptionId(tool);
  const name = displayName(tool);
  return (
    <div
      id={id}
      role="option"
      aria-selected={selected}
      data-server={tool.server}
      data-tool={tool.fullName}
      className={`tool-item${selected ? ' selected' : ''}${active ? ' active' : ''}${tool.excludedReason ? ' excluded' : ''}`}
      style={{ transform: `translateY(${top}px)`, height }}
      {...(tool.excludedReason ? { title: excludedNote(tool.excludedReason), 'aria-describedby': `${id}-excluded` } : {})}
      onClick={() => onPick(index, tool)}
    >
      <span className="tool-line">
        <ToolIcon tool={tool} />
        <span className="tool-name" title={safeNameText(name)}>
          <SafeName text={name} />
        </span>
        <ToolBadges tool={tool} compact />
      </span>
      {tool.excludedReason ? (
        <span className="tool-description" id={`${id}-excluded`}>
          Not callable: {tool.excludedReason}
        </span>
      ) : (
        <span className="tool-description">
          {name !== tool.name && (
            <code className="tool-real-name">
              <SafeName text={tool.name} />
            </code>
          )}
          {tool.description ?? <SafeName text={tool.fullName} />}
        </span>
      )}
    </div>
  );
});
