// @vitest-environment happy-dom
/**
 * A list the user leaves is cancelled in the core through the AppApi (cancelCall with the id
 * the list was asked with), as a tool call's Cancel is: leaving the tab forgets the list (it
 * is asked again when the tab shows), Cancel by the spinner (or Esc) says it was cancelled.
 * The fake AppApi answers like the core does: the list waits until cancelCall names it, then
 * rejects as cancelled.
 */
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ServerView } from '../../../shared/domain';
import { AppError } from '../../../shared/envelope';
import { createWorkbenchStore, StoreContext } from '../state/store';
import { fakeApi } from '../testing/fake-api';
import { PromptBrowser } from './prompts/PromptBrowser';
import { ResourceBrowser } from './resources/ResourceBrowser';

afterEach(cleanup);

const server: ServerView = { name: 'slow', status: 'connected', config: { command: 'x' }, capabilities: { resources: {}, prompts: {} } };

/** A core whose lists never answer until they are cancelled by id. */
function coreThatWaits() {
  const waiting = new Map<string, (error: Error) => void>();
  const hold = (callId: string | undefined) =>
    new Promise<never>((_resolve, reject) => {
      if (callId) waiting.set(callId, reject);
    });
  const api = fakeApi({
    listResources: vi.fn(({ callId }) => hold(callId)),
    listPrompts: vi.fn(({ callId }) => hold(callId)),
    cancelCall: vi.fn(async ({ callId }) => {
      const reject = waiting.get(callId);
      waiting.delete(callId);
      reject?.(new AppError('failed', 'slow: The call was cancelled.', { kind: 'cancelled' }));
      return reject !== undefined;
    }),
  });
  return { api, waiting };
}

describe('a list the user leaves is cancelled through the AppApi', () => {
  it('leaving the Resources tab cancels its list by id, and the list is forgotten (asked again when shown)', async () => {
    const { api } = coreThatWaits();
    const store = createWorkbenchStore(api);
    const view = render(
      <StoreContext.Provider value={store}>
        <ResourceBrowser server={server} />
      </StoreContext.Provider>,
    );
    await vi.waitFor(() => expect(api.listResources).toHaveBeenCalledTimes(1));
    const callId = api.listResources.mock.calls[0]![0].callId;
    expect(callId).toEqual(expect.any(String));

    view.unmount();
    expect(api.cancelCall).toHaveBeenCalledWith({ callId });
    await vi.waitFor(() => expect(store.getState().resourcesByServer.slow).toBeUndefined());
  });

  it('Cancel by the spinner cancels it and says so, with a way to try again', async () => {
    const { api } = coreThatWaits();
    const store = createWorkbenchStore(api);
    render(
      <StoreContext.Provider value={store}>
        <ResourceBrowser server={server} />
      </StoreContext.Provider>,
    );
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Cancel' }));

    const callId = api.listResources.mock.calls[0]![0].callId;
    expect(api.cancelCall).toHaveBeenCalledWith({ callId });
    expect((await screen.findByRole('alert')).textContent).toContain('Could not list resources: slow: The call was cancelled.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('Esc while the loading note has the focus cancels the prompt list', async () => {
    const { api } = coreThatWaits();
    const store = createWorkbenchStore(api);
    render(
      <StoreContext.Provider value={store}>
        <PromptBrowser server={server} onOpenResource={() => undefined} />
      </StoreContext.Provider>,
    );
    const user = userEvent.setup();
    (await screen.findByRole('button', { name: 'Cancel' })).focus();
    await user.keyboard('{Escape}');

    const callId = api.listPrompts.mock.calls[0]![0].callId;
    expect(api.cancelCall).toHaveBeenCalledWith({ callId });
    expect((await screen.findByRole('alert')).textContent).toContain('Could not list prompts: slow: The call was cancelled.');
  });
});
