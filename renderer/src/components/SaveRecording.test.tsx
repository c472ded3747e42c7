// @vitest-environment happy-dom
/** "Save as recording" in the protocol log: the typed path (browser mode) and the save dialog (desktop) both reach the channel; a clash asks before replacing. */
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import type { AppApi } from '../../../shared/api';
import { AppError } from '../../../shared/envelope';
import type { ProtocolLogEntry } from '../../../shared/protocol-log';
import { createWorkbenchStore, StoreContext } from '../state/store';
import { ProtocolLogView } from './ProtocolLogView';
import { fakeApi } from '../testing/fake-api';

afterEach(cleanup);

const log: ProtocolLogEntry[] = [{ seq: 1, server: 'a', time: 1, direction: 'out', kind: 'request', method: 'tools/list', id: 1, size: 10, text: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}' }];

function renderLog(api: Partial<AppApi>, nativeDialogs: boolean) {
  const store = createWorkbenchStore(fakeApi({ getProtocolLog: vi.fn(async () => log), watchProtocolLog: vi.fn(async () => undefined), ...api }));
  store.setState({ servers: [{ name: 'a' }] as never, configStatus: { nativeDialogs } as never });
  store.getState().openProtocolLog('a');
  render(
    <StoreContext.Provider value={store}>
      <ProtocolLogView />
    </StoreContext.Provider>,
  );
}

it('saves to a typed path, and replaces an existing file only after the user confirms', async () => {
  const save = vi
    .fn<AppApi['saveProtocolLogAsRecording']>()
    .mockRejectedValueOnce(new AppError('conflict', '/tmp/a.jsonl already exists. Choose to replace it (its current version is kept as a.jsonl.bak).'))
    .mockResolvedValueOnce({ savedTo: '/tmp/a.jsonl', count: 1 });
  renderLog({ saveProtocolLogAsRecording: save }, false);
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Save as recording' }));
  await user.type(screen.getByLabelText('Recording file'), '/tmp/a.jsonl');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(save).toHaveBeenLastCalledWith({ server: 'a', path: '/tmp/a.jsonl' });
  expect((await screen.findByRole('alert')).textContent).toContain('already exists');

  await user.click(screen.getByRole('button', { name: 'Replace /tmp/a.jsonl' }));
  expect(save).toHaveBeenLastCalledWith({ server: 'a', path: '/tmp/a.jsonl', overwrite: true });
  expect(await screen.findByText('Saved 1 message as a recording to /tmp/a.jsonl.')).toBeTruthy();
});

it('asks for the file with the save dialog in the desktop app', async () => {
  const save = vi.fn<AppApi['saveProtocolLogAsRecording']>().mockResolvedValue({ savedTo: '/home/u/a-recording.jsonl', count: 1 });
  const chooseFile = vi.fn<AppApi['chooseFile']>().mockResolvedValue({ path: '/home/u/a-recording.jsonl' });
  renderLog({ saveProtocolLogAsRecording: save, chooseFile }, true);
  await userEvent.setup().click(await screen.findByRole('button', { name: 'Save as recording' }));
  expect(chooseFile).toHaveBeenCalledWith({ purpose: 'export', defaultName: 'a-recording.jsonl' });
  expect(save).toHaveBeenCalledWith({ server: 'a', path: '/home/u/a-recording.jsonl', overwrite: true });
  expect(screen.queryByLabelText('Recording file')).toBeNull();
});
