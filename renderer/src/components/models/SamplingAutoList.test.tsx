// @vitest-environment happy-dom
/**
 * Settings → Models, the servers a model answers sampling for: their limits are edited in
 * place (checked before saving, the core's refusal shown), and Stop removes only that server.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS, type Settings, type SettingsPatch, type SettingsView } from '../../../../shared/api/settings';
import { createWorkbenchStore, StoreContext } from '../../state/store';
import { fakeApi } from '../../testing/fake-api';
import { SamplingAutoList } from './SamplingAutoList';

afterEach(cleanup);

const RULES: Settings['samplingAuto'] = {
  lab: { provider: 'ollama', model: 'llama3.1', maxTokens: 1000, perMinute: 10 },
  other: { provider: 'openai', model: 'gpt-4.1-mini', maxTokens: 500, perMinute: 5 },
};

const view = (samplingAuto: Settings['samplingAuto']): SettingsView => {
  const values = { ...DEFAULT_SETTINGS, samplingAuto };
  return { values, defaults: DEFAULT_SETTINGS, effective: values, overridden: {} } as unknown as SettingsView;
};

function renderList(updateSettings: (patch: SettingsPatch) => Promise<SettingsView>) {
  const api = fakeApi({ updateSettings: vi.fn(updateSettings) });
  const store = createWorkbenchStore(api);
  store.setState({ settings: view(RULES) });
  render(
    <StoreContext.Provider value={store}>
      <SamplingAutoList />
    </StoreContext.Provider>,
  );
  return api;
}

it('saves a server\u2019s edited limits and keeps the other servers as they were', async () => {
  const api = renderList(async (patch) => view(patch.samplingAuto!));
  const save = screen.getByRole('button', { name: 'Save limits for lab' });
  expect(save).toHaveProperty('disabled', true);
  const [tokens, perMinute] = screen.getAllByLabelText(/tokens an answer|answers a minute/).slice(0, 2);
  fireEvent.change(tokens!, { target: { value: '4000' } });
  fireEvent.change(perMinute!, { target: { value: '30' } });
  fireEvent.click(save);
  await waitFor(() => expect(api.updateSettings).toHaveBeenCalledTimes(1));
  expect(api.updateSettings.mock.calls[0]![0]).toEqual({ samplingAuto: { ...RULES, lab: { ...RULES.lab, maxTokens: 4000, perMinute: 30 } } });
  await waitFor(() => expect(screen.getByRole('button', { name: 'Save limits for lab' })).toHaveProperty('disabled', true));
});

it('refuses a limit out of range before anything is saved, naming the range', () => {
  const api = renderList(async (patch) => view(patch.samplingAuto!));
  const tokens = screen.getAllByLabelText('tokens an answer')[0]!;
  for (const bad of ['0', '2.5', '100001', 'many']) {
    fireEvent.change(tokens, { target: { value: bad } });
    fireEvent.click(screen.getByRole('button', { name: 'Save limits for lab' }));
    expect(screen.getByRole('alert').textContent).toBe('Tokens an answer: a whole number from 1 to 100,000.');
  }
  expect(api.updateSettings).not.toHaveBeenCalled();
});

it('shows the core\u2019s refusal, and Stop removes only that server', async () => {
  const api = renderList(async () => {
    throw new Error('settings.json could not be written: EACCES');
  });
  fireEvent.click(screen.getByRole('button', { name: 'Stop for other' }));
  expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'settings.json could not be written: EACCES');
  expect(api.updateSettings.mock.calls[0]![0]).toEqual({ samplingAuto: { lab: RULES.lab } });
});
