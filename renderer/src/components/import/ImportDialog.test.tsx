// @vitest-environment happy-dom
/**
 * The import dialog against a fake api whose answers come when the test says: the search for
 * other clients' files never picks the source (whenever it ends), only the newest preview is
 * shown, and one server pasted into Add server is added switched on.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApplyImportRequest, ImportPreview, ImportSourceInfo } from '../../../../shared/api/transfer';
import { createWorkbenchStore, StoreContext } from '../../state/store';
import { fakeApi } from '../../testing/fake-api';
import { ImportDialog } from './ImportDialog';

afterEach(cleanup);

const CLAUDE: ImportSourceInfo = {
  id: 'claude-desktop',
  client: 'claude-desktop',
  label: 'Claude Desktop',
  path: '/home/u/claude_desktop_config.json',
  exists: true,
  count: 2,
  source: { kind: 'file', path: '/home/u/claude_desktop_config.json', format: 'auto' },
};
const CURSOR_MISSING: ImportSourceInfo = { ...CLAUDE, id: 'cursor', client: 'cursor', label: 'Cursor', path: '/home/u/.cursor/mcp.json', exists: false, source: { kind: 'file', path: '/home/u/.cursor/mcp.json', format: 'auto' } };

const previewOf = (name: string): ImportPreview => ({
  format: 'mcpServers block',
  candidates: [{ key: name, name, transport: 'stdio', summary: `node ${name}.js`, config: { command: 'node', args: [`${name}.js`] }, existsIn: [], secretFields: [], inputs: [] }],
  inputs: [],
  warnings: [],
});

/** A promise the test settles. */
function later<T>() {
  let settle!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (settle = resolve));
  return { promise, settle: (value: T) => act(async () => settle(value)) };
}

function renderDialog(props: { fromAddServer?: boolean } = {}) {
  const scan = later<ImportSourceInfo[]>();
  const previews: Array<ReturnType<typeof later<ImportPreview>>> = [];
  const applied: ApplyImportRequest[] = [];
  const api = fakeApi({
    listImportSources: vi.fn(() => scan.promise),
    previewImport: vi.fn(() => {
      const answer = later<ImportPreview>();
      previews.push(answer);
      return answer.promise;
    }),
    applyImport: vi.fn(async (request: ApplyImportRequest) => {
      applied.push(request);
      return { added: request.choices.map((c) => c.name), replaced: [] };
    }),
  });
  const store = createWorkbenchStore(api);
  render(
    <StoreContext.Provider value={store}>
      <ImportDialog dialogId={1} {...props} />
    </StoreContext.Provider>,
  );
  return { scan, previews, applied, api };
}

const radio = (name: string | RegExp) => screen.getByRole('radio', { name }) as HTMLInputElement;

describe('the source is the user’s choice', () => {
  it('starts at Paste, and the search for other clients’ files ending before the user did anything picks nothing', async () => {
    const dialog = renderDialog();
    expect(radio('Paste').checked).toBe(true);
    expect(screen.getByText("Looking for other clients' config files…")).toBeTruthy();
    await dialog.scan.settle([CLAUDE, CURSOR_MISSING]);
    expect(radio('Paste').checked).toBe(true);
    expect(radio(/^Claude Desktop/).checked).toBe(false);
    // A file that was looked for and not found is one line, not a choice.
    expect(screen.queryByRole('radio', { name: /^Cursor/ })).toBeNull();
    expect(screen.getByText('Also looked for 1 other file, not found')).toBeTruthy();
  });

  it('keeps the pasted text and Paste when the search ends while the user types', async () => {
    const dialog = renderDialog();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Pasted config or command'), 'claude mcp add ');
    await dialog.scan.settle([CLAUDE]);
    await user.type(screen.getByLabelText('Pasted config or command'), 'docs https://example.com/mcp');
    expect(radio('Paste').checked).toBe(true);
    expect((screen.getByLabelText('Pasted config or command') as HTMLTextAreaElement).value).toBe('claude mcp add docs https://example.com/mcp');
  });

  it('opened from Add server: only the paste box, the other sources one click away', async () => {
    const dialog = renderDialog({ fromAddServer: true });
    await dialog.scan.settle([CLAUDE]);
    expect(screen.queryByRole('radio')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Import from a file or another client instead…' }));
    expect(radio('Paste').checked).toBe(true);
    expect(radio(/^Claude Desktop/).checked).toBe(false);
  });
});

describe('previews', () => {
  it('an older preview answered after a newer one is never shown over it', async () => {
    const dialog = renderDialog();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Pasted config or command'), 'pasted');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await dialog.previews[0]!.settle(previewOf('first'));
    // Two quick changes, each asking for a preview again: the answers come in the wrong order.
    const credentials = screen.getByRole('checkbox', { name: /Keep values that look like credentials/ });
    await user.click(credentials);
    await user.click(credentials);
    expect(dialog.previews).toHaveLength(3);
    await dialog.previews[2]!.settle(previewOf('newer'));
    expect(screen.getByLabelText('Name for newer')).toBeTruthy();
    await dialog.previews[1]!.settle(previewOf('older'));
    expect(screen.queryByLabelText('Name for older')).toBeNull();
    expect(screen.getByLabelText('Name for newer')).toBeTruthy();
  });

  it('a preview answered after Choose another source does not come back', async () => {
    const dialog = renderDialog();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Pasted config or command'), 'x');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await dialog.previews[0]!.settle(previewOf('one'));
    await user.click(screen.getByRole('checkbox', { name: /Keep values that look like credentials/ }));
    await user.click(screen.getByRole('button', { name: 'Choose another source' }));
    await dialog.previews[1]!.settle(previewOf('one'));
    expect(screen.getByLabelText('Pasted config or command')).toBeTruthy();
    expect(screen.queryByLabelText('Name for one')).toBeNull();
  });
});

describe('one server pasted into Add server', () => {
  it('is added switched on (enable), like one typed into the form; several stay off', async () => {
    const dialog = renderDialog({ fromAddServer: true });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Pasted config or command'), 'pasted');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await dialog.previews[0]!.settle(previewOf('everything'));
    expect(screen.getByText('It is added switched on and connects at once, as if you had filled in the form.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add server' }));
    expect(dialog.applied[0]!.choices).toEqual([{ key: 'everything', name: 'everything', enable: true }]);
  });
});

describe('values a VS Code file asks for', () => {
  it("starts with an input's default filled in (VS Code offers it), keeps what the user types, and sends both", async () => {
    const dialog = renderDialog();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Pasted config or command'), 'pasted');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = previewOf('cloud');
    await dialog.previews[0]!.settle({
      ...preview,
      candidates: preview.candidates.map((c) => ({ ...c, inputs: ['region', 'api-key'] })),
      inputs: [
        { id: 'region', description: 'Region', password: false, default: 'eu-west-1', usedBy: ['cloud'] },
        { id: 'api-key', description: 'API key', password: true, usedBy: ['cloud'] },
      ],
    });
    const region = screen.getByLabelText('Region') as HTMLInputElement;
    expect(region.value).toBe('eu-west-1');
    expect((screen.getByLabelText('API key (kept secret)') as HTMLInputElement).value).toBe('');
    await user.type(screen.getByLabelText('API key (kept secret)'), 'k-123');
    await user.click(screen.getByRole('button', { name: /^Import/ }));
    expect(dialog.applied[0]!.inputs).toEqual({ region: 'eu-west-1', 'api-key': 'k-123' });
  });
});
