// @vitest-environment happy-dom
/**
 * What the tool list renders again when something changes: a row is memoised, so picking a
 * tool renders the rows whose selection changed, and scrolling renders the rows that came
 * into view, never every row on screen. Counted through ToolBadges, which every tool row
 * renders once.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { ServerView, ToolInfo } from '../../../shared/domain';
import { createWorkbenchStore, StoreContext } from '../state/store';
import { ToolList } from './ToolList';
import type * as ToolDisplay from './tools/tool-display';
import { fakeApi } from '../testing/fake-api';

const rendered = vi.hoisted(() => ({ rows: [] as string[] }));
vi.mock('./tools/tool-display', async (importOriginal) => {
  const original = await importOriginal<typeof ToolDisplay>();
  return {
    ...original,
    ToolBadges: (props: { tool: ToolInfo }) => {
      rendered.rows.push(props.tool.name);
      return original.ToolBadges(props);
    },
  };
});

const HEIGHT = 600;
let scrollTop = 0;
beforeEach(() => {
  scrollTop = 0;
  // happy-dom lays nothing out: the scroller gets a size and a scroll position of its own.
  const proto = HTMLElement.prototype as unknown as Record<string, unknown>;
  const own = (name: string, get: (el: HTMLElement) => number, set?: (value: number) => void) =>
    Object.defineProperty(proto, name, {
      configurable: true,
      get(this: HTMLElement) {
        return this.classList.contains('tool-scroll') ? get(this) : 0;
      },
      set(value: number) {
        set?.(value);
      },
    });
  own('clientHeight', () => HEIGHT);
  own('clientWidth', () => 400);
  own('scrollTop', () => scrollTop, (value) => (scrollTop = value));
});
afterEach(() => {
  cleanup();
  for (const name of ['clientHeight', 'clientWidth', 'scrollTop']) delete (HTMLElement.prototype as unknown as Record<string, unknown>)[name];
});

const bulk = (i: number): ToolInfo => ({ server: 'a', name: `bulk_${String(i).padStart(4, '0')}`, fullName: `mcp__a__bulk_${String(i).padStart(4, '0')}`, inputSchema: { type: 'object' } });

async function renderList() {
  const tools = Array.from({ length: 2000 }, (_, i) => bulk(i + 1));
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

it('picking a tool renders again only the rows whose selection changed', async () => {
  await renderList();
  const user = userEvent.setup();
  const options = screen.getAllByRole('option');
  expect(options.length).toBeGreaterThan(10);
  await user.click(options[2]!);
  rendered.rows = [];
  await user.click(options[4]!);
  expect(screen.getByRole('option', { selected: true }).getAttribute('data-tool')).toBe('mcp__a__bulk_0005');
  // bulk_0003 loses the selection, bulk_0005 gains it.
  expect([...new Set(rendered.rows)].sort()).toEqual(['bulk_0003', 'bulk_0005']);
});

it('scrolling renders the rows that come into view, not the ones already there', async () => {
  await renderList();
  const before = new Set(screen.getAllByRole('option').map((option) => option.getAttribute('data-tool')));
  rendered.rows = [];
  // Two rows further down (54 px each).
  const scroller = document.querySelector('.tool-scroll')!;
  await act(async () => {
    scrollTop = 30 + 2 * 54;
    scroller.dispatchEvent(new Event('scroll'));
  });
  const after = screen.getAllByRole('option').map((option) => option.getAttribute('data-tool')!);
  const entered = after.filter((tool) => !before.has(tool)).map((tool) => tool.replace('mcp__a__', ''));
  expect(entered.length).toBeGreaterThan(0);
  expect(entered.length).toBeLessThan(5);
  expect([...new Set(rendered.rows)].sort()).toEqual(entered.sort());
});
