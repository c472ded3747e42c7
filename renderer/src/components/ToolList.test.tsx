// @vitest-environment happy-dom
/** The tool list's Refresh: asks the core for every shown server's tools past its cache. */
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import type { ServerView, ToolInfo } from '../../../shared/domain';
import { createWorkbenchStore, StoreContext } from '../state/store';
import { ToolList } from './ToolList';
import { fakeApi } from '../testing/fake-api';

afterEach(cleanup);

const echo: ToolInfo = { server: 'a', name: 'echo', fullName: 'mcp__a__echo', inputSchema: { type: 'object' } };

it('Refresh lists the shown servers\' tools again with refresh: true', async () => {
  const api = fakeApi({ listTools: vi.fn(async () => [echo]) });
  const store = createWorkbenchStore(api);
  store.setState({ servers: [{ name: 'a', config: { command: 'x' }, status: 'connected' } as ServerView] });
  await store.getState().loadTools('a');
  expect(api.listTools).toHaveBeenLastCalledWith({ name: 'a', callId: expect.any(String) });
  render(
    <StoreContext.Provider value={store}>
      <ToolList server="a" />
    </StoreContext.Provider>,
  );
  await userEvent.setup().click(screen.getByRole('button', { name: 'Refresh' }));
  expect(api.listTools).toHaveBeenLastCalledWith({ name: 'a', refresh: true, callId: expect.any(String) });
  expect(api.listTools).toHaveBeenCalledTimes(2);
});

/** A list with room for some 10 rows: happy-dom lays nothing out, so the scroller's size is given. */
function withScrollerSize(height = 600) {
  const proto = HTMLElement.prototype;
  const originals = { clientHeight: Object.getOwnPropertyDescriptor(Element.prototype, 'clientHeight'), clientWidth: Object.getOwnPropertyDescriptor(Element.prototype, 'clientWidth') };
  const sized = (name: 'clientHeight' | 'clientWidth', value: number) =>
    Object.defineProperty(proto, name, {
      configurable: true,
      get(this: HTMLElement) {
        return this.classList.contains('tool-scroll') ? value : (originals[name]?.get?.call(this) ?? 0);
      },
    });
  sized('clientHeight', height);
  sized('clientWidth', 400);
  return () => {
    delete (proto as unknown as Record<string, unknown>).clientHeight;
    delete (proto as unknown as Record<string, unknown>).clientWidth;
  };
}

const bulk = (i: number): ToolInfo => ({
  server: 'a',
  name: `bulk_${String(i).padStart(4, '0')}`,
  title: `Bulk tool ${i}`,
  fullName: `mcp__a__bulk_${String(i).padStart(4, '0')}`,
  description: `Bulk tool number ${i}; topic ${['alpha', 'beta', 'gamma', 'delta'][i % 4]}.`,
  inputSchema: { type: 'object' },
  ...(i % 2 === 0 ? { annotations: { readOnlyHint: true } } : {}),
});

async function renderList(tools: ToolInfo[]) {
  const api = fakeApi({ listTools: vi.fn(async () => tools) });
  const store = createWorkbenchStore(api);
  store.setState({ servers: [{ name: 'a', config: { command: 'x' }, status: 'connected' } as ServerView] });
  await store.getState().loadTools('a');
  render(
    <StoreContext.Provider value={store}>
      <ToolList server="a" />
    </StoreContext.Provider>,
  );
  return store;
}

it('2,000 tools: only the rows in view exist; names, real names, badges and a struck-out tool as before', async () => {
  const restore = withScrollerSize();
  try {
    const excluded: ToolInfo = { ...bulk(0), name: 'broken', fullName: 'mcp__a__broken', title: 'Broken headers', excludedReason: 'x-mcp-header "A" is not a valid header name' };
    await renderList([excluded, ...Array.from({ length: 2000 }, (_, i) => bulk(i + 1))]);
    expect(screen.getByText('2001 tools')).toBeTruthy();
    const options = screen.getAllByRole('option');
    expect(options.length).toBeGreaterThan(5);
    expect(options.length).toBeLessThan(40);
    const broken = options[0]!;
    expect(broken.className).toContain('excluded');
    expect(broken.getAttribute('title')).toMatch(/Cannot be called: its x-mcp-header annotations break/);
    expect(broken.textContent).toContain('Not callable: x-mcp-header "A" is not a valid header name');
    const first = options[1]!;
    expect(first.querySelector('.tool-name')?.getAttribute('title')).toBe('Bulk tool 1');
    expect(first.querySelector('.tool-real-name')?.textContent).toBe('bulk_0001');
    // Annotations are compact icons in the list, their words in the accessible name.
    expect(options[2]!.querySelector('.badge-read-only')?.getAttribute('aria-label')).toBe('read-only');
  } finally {
    restore();
  }
});

it('filters by every word typed, keyboard navigation selects, Escape shows every tool again', async () => {
  const restore = withScrollerSize();
  try {
    const store = await renderList(Array.from({ length: 2000 }, (_, i) => bulk(i + 1)));
    const user = userEvent.setup();
    const search = screen.getByRole('searchbox', { name: 'Search tools' });
    await user.type(search, 'gamma 19');
    // Topic gamma is i % 4 === 2; numbers containing "19" among them: 19x2 → 190, 194, 198, 1902, …
    const shown = screen.getAllByRole('option').map((option) => option.querySelector('.tool-name')?.textContent);
    expect(shown.length).toBeGreaterThan(0);
    for (const name of shown) expect(name).toMatch(/^Bulk tool \d*19\d*$/);
    expect(screen.getByText(/^\d+ tools match$/)).toBeTruthy();

    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.getAttribute('role')).toBe('listbox');
    await user.keyboard('{ArrowDown}{Enter}');
    const picked = store.getState().selectedTool;
    expect(picked?.server).toBe('a');
    expect(screen.getByRole('option', { selected: true }).getAttribute('data-tool')).toBe(`mcp__a__${picked?.name}`);

    search.focus();
    await user.keyboard('{Escape}');
    expect(screen.getByText('2000 tools')).toBeTruthy();
  } finally {
    restore();
  }
});
