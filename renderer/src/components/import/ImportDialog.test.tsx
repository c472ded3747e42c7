// @vitest-environment happy-dom
/** The import dialog's source: the sources found on this machine arrive late, and never override what the user started. */
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import type { ImportSourceInfo } from '../../../shared/api/transfer';
import { createWorkbenchStore, StoreContext } from '../state/store';
import { ImportDialog } from './ImportDialog';
import { fakeApi } from '../testing/fake-api';

afterEach(cleanup);

const CLAUDE: ImportSourceInfo = { id: 'claude-desktop', client: 'claude-desktop', label: 'Claude Desktop', path: '/home/u/claude_desktop_config.json', exists: true, count: 2, source: { kind: 'file', path: '/home/u/claude_desktop_config.json', format: 'auto' } } as ImportSourceInfo;

function renderWithSources() {
  let found: (sources: ImportSourceInfo[]) => void = () => undefined;
  const api = fakeApi({
    listImportSources: vi.fn(() => new Promise<ImportSourceInfo[]>((resolve) => (found = resolve))),
  });
  const store = createWorkbenchStore(api);
  render(
    <StoreContext.Provider value={store}>
      <ImportDialog dialogId={1} />
    </StoreContext.Provider>,
  );
  return { arrive: (sources: ImportSourceInfo[]) => act(async () => found(sources)) };
}

it('picks the first source with servers when they arrive before the user does anything', async () => {
  const dialog = renderWithSources();
  await dialog.arrive([CLAUDE]);
  expect((screen.getByRole('radio', { name: /Claude Desktop/ }) as HTMLInputElement).checked).toBe(true);
});

it('keeps the pasted text and the Paste source when the sources arrive after the user started typing', async () => {
  const dialog = renderWithSources();
  await userEvent.type(screen.getByLabelText('Pasted config or command'), 'claude mcp add-from-claude-desktop');
  await dialog.arrive([CLAUDE]);
  expect((screen.getByRole('radio', { name: 'Paste' }) as HTMLInputElement).checked).toBe(true);
  expect((screen.getByLabelText('Pasted config or command') as HTMLTextAreaElement).value).toBe('claude mcp add-from-claude-desktop');
});
