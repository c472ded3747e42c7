// @vitest-environment happy-dom
/** The sampling dialog: the SEP-2577 note where the server speaks MCP 2026-07-28, and the model's draft filling the reply. */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import type { PendingServerRequest } from '../../../../shared/api/server-requests';
import type { ServerView } from '../../../../shared/domain';
import { DEFAULT_SETTINGS, type SettingsView } from '../../../../shared/api/settings';
import { createWorkbenchStore, StoreContext } from '../../state/store';
import { fakeApi } from '../../testing/fake-api';
import { ServerRequestDialog } from './ServerRequestDialog';

afterEach(cleanup);

const request: PendingServerRequest = {
  id: 'r1',
  server: 'lab',
  receivedAt: Date.now(),
  expiresAt: Date.now() + 60_000,
  body: { kind: 'sampling', messages: [{ role: 'user', content: [{ type: 'text', text: 'Say hi' }] }], maxTokens: 50 },
};

const settingsView: SettingsView = { values: { ...DEFAULT_SETTINGS, samplingAuto: { other: { provider: 'openai', model: 'gpt-4o-mini', maxTokens: 10, perMinute: 1 } } }, defaults: DEFAULT_SETTINGS, effective: DEFAULT_SETTINGS, overrides: {} };

function show(era: ServerView['protocolEra']) {
  const api = fakeApi({
    listModelProviders: async () => [{ id: 'ollama', label: 'Ollama', key: 'none', needsKey: false, local: true, baseUrl: 'http://127.0.0.1:11434/v1', baseUrlSet: true, ready: true }],
    listServedModels: async () => ({ ok: true, models: ['llama3.1'] }),
    draftSamplingReply: async () => ({ text: 'Hi there', model: 'llama3.1', finishReason: 'stop', usage: { inputTokens: 4, outputTokens: 2, cost: 0 } }),
    getSettings: async () => settingsView,
    updateSettings: async (patch) => ({ ...settingsView, values: { ...settingsView.values, ...patch } }),
  });
  const store = createWorkbenchStore(api);
  store.setState({ servers: [{ name: 'lab', status: 'connected', config: { command: 'x' }, scope: 'user', ...(era ? { protocolEra: era } : {}) }], serverRequests: [request] });
  render(
    <StoreContext.Provider value={store}>
      <ServerRequestDialog />
    </StoreContext.Provider>,
  );
  return api;
}

it('says sampling is deprecated (SEP-2577) only where the server speaks MCP 2026-07-28', () => {
  show('modern');
  expect(screen.getByRole('note').textContent).toContain('deprecated in MCP 2026-07-28 (SEP-2577)');
  cleanup();
  show('legacy');
  expect(screen.queryByRole('note')).toBeNull();
});

it('fills the reply and the model name with the model\u2019s draft, and sends nothing by itself', async () => {
  const api = show('legacy');
  const model = await screen.findByLabelText('Model');
  fireEvent.change(model, { target: { value: 'llama3.1' } });
  fireEvent.click(screen.getByRole('button', { name: 'Draft reply' }));
  await waitFor(() => expect((screen.getByLabelText(/Your reply/) as HTMLTextAreaElement).value).toBe('Hi there'));
  expect((screen.getByLabelText('Model name (optional)') as HTMLInputElement).value).toBe('llama3.1');
  expect(api.draftSamplingReply).toHaveBeenCalledWith({ requestId: 'r1', provider: 'ollama', model: 'llama3.1' });
  expect(api.answerServerRequest).not.toHaveBeenCalled();
});

it('lets the user have that model answer this server\u2019s requests from now on, keeping the other servers allowed', async () => {
  const api = show('legacy');
  fireEvent.change(await screen.findByLabelText('Model'), { target: { value: 'llama3.1' } });
  fireEvent.click(screen.getByRole('button', { name: 'Draft reply' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Answer lab\u2019s requests with this model from now on' }));
  await waitFor(() => expect(api.updateSettings).toHaveBeenCalled());
  expect(api.updateSettings).toHaveBeenCalledWith({
    samplingAuto: { other: { provider: 'openai', model: 'gpt-4o-mini', maxTokens: 10, perMinute: 1 }, lab: { provider: 'ollama', model: 'llama3.1', maxTokens: 1000, perMinute: 10 } },
  });
  expect(await screen.findByText(/answers lab’s sampling requests without asking/)).toBeTruthy();
});
