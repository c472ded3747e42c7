// @vitest-environment happy-dom
/**
 * The Doctor tab's Conformance section over a fake api: what is missing and the offer to fetch
 * the suite (only after the user confirms), a run's progress and Cancel, and the results with
 * each failed check's message and spec link, a scenario that recorded nothing, one not applicable.
 */
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import type { AppApi } from '../../../../shared/api';
import type { ConformanceAvailability, ConformanceReport } from '../../../../shared/api/conformance';
import type { AppEvent, AppEventListener } from '../../../../shared/events';
import { createWorkbenchStore, StoreContext } from '../../state/store';
import { ConformanceSection } from './ConformanceSection';
import { createConformanceRuns } from './conformance-runs';

afterEach(cleanup);

const READY: ConformanceAvailability = { ready: true, node: { path: '/usr/bin/node', version: '22.23.5' }, suite: { name: '@modelcontextprotocol/conformance', version: '0.2.0-alpha.12', path: '/x' } };
const MISSING: ConformanceAvailability = { ready: false, node: { path: '/usr/bin/node', version: '22.23.5' }, problem: 'The conformance suite (@modelcontextprotocol/conformance 0.2.0-alpha.12) is not installed here.', remedy: 'Fetch it with npm, or run it yourself: npx …', canInstall: true };

const REPORT: ConformanceReport = {
  server: 'everything',
  specVersion: '2025-11-25',
  suite: { name: '@modelcontextprotocol/conformance', version: '0.2.0-alpha.12' },
  transport: 'stdio-bridge',
  scenarios: [
    { name: 'tools-list', status: 'passed', checks: [{ id: 'tools-list', name: 'ToolsList', status: 'SUCCESS', description: 'lists tools', specReferences: [] }] },
    {
      name: 'tools-call-image',
      status: 'failed',
      checks: [{ id: 'tools-call-image', name: 'ToolsCallImage', status: 'FAILURE', description: 'Tool returns image content', errorMessage: 'No image content found', specReferences: [{ id: 'MCP-Tools-Call', url: 'https://modelcontextprotocol.io/specification/2025-06-18/server/tools#calling-tools' }] }],
    },
    { name: 'ping', status: 'no-checks', checks: [], note: 'The scenario ran but recorded no check.' },
    { name: 'dns-rebinding-protection', status: 'not-applicable', checks: [], note: 'It tests the HTTP transport.' },
  ],
  counts: { passed: 1, failed: 1, 'no-checks': 1, 'not-applicable': 1 },
  time: 0,
  durationMs: 12_300,
};

function setup(availability: ConformanceAvailability) {
  const listeners = new Set<AppEventListener>();
  let finish: (report: ConformanceReport) => void = () => undefined;
  const api = {
    onEvent: (listener: AppEventListener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    conformanceStatus: vi.fn(async () => availability),
    installConformanceSuite: vi.fn(async () => READY),
    runConformance: vi.fn(() => new Promise<ConformanceReport>((resolve) => (finish = resolve))),
    cancelConformance: vi.fn(async () => undefined),
  };
  const store = createWorkbenchStore(api as unknown as AppApi);
  const runs = createConformanceRuns();
  render(
    <StoreContext.Provider value={store}>
      <ConformanceSection server="everything" store={runs} />
    </StoreContext.Provider>,
  );
  const emit = (event: AppEvent) => listeners.forEach((listener) => listener(event));
  return { api, emit, finish: (report: ConformanceReport) => finish(report), user: userEvent.setup() };
}

it('says what is missing, and fetches the suite only once the user confirms', async () => {
  const { api, user } = setup(MISSING);
  const section = screen.getByRole('region', { name: 'Conformance' });
  expect(await within(section).findByText(MISSING.problem!)).toBeTruthy();
  expect(within(section).getByText(MISSING.remedy!)).toBeTruthy();
  expect((within(section).getByRole('button', { name: 'Run the conformance suite' }) as HTMLButtonElement).disabled).toBe(true);
  await user.click(within(section).getByRole('button', { name: 'Install the suite…' }));
  expect(api.installConformanceSuite).not.toHaveBeenCalled();
  expect(within(section).getByText(/fetches .* from the npm registry/)).toBeTruthy();
  await user.click(within(section).getByRole('button', { name: 'Fetch it now' }));
  expect(api.installConformanceSuite).toHaveBeenCalledWith({ specVersion: '2025-11-25' });
  expect((await within(section).findByRole('button', { name: 'Run the conformance suite' }) as HTMLButtonElement).disabled).toBe(false);
});

it('runs for the chosen revision, shows the scenario under way with Cancel, then each scenario and the failed checks with their spec links', async () => {
  const { api, emit, finish, user } = setup(READY);
  const section = screen.getByRole('region', { name: 'Conformance' });
  await user.selectOptions(within(section).getByLabelText('Revision'), '2026-07-28');
  expect(api.conformanceStatus).toHaveBeenLastCalledWith({ specVersion: '2026-07-28' });
  const run = await within(section).findByRole('button', { name: 'Run the conformance suite' });
  await vi.waitFor(() => expect((run as HTMLButtonElement).disabled).toBe(false));
  await user.click(run);
  expect(api.runConformance).toHaveBeenCalledWith({ name: 'everything', specVersion: '2026-07-28' });
  act(() => emit({ type: 'conformance-progress', server: 'everything', scenario: 'tools-list', done: 2, total: 30 }));
  expect(within(section).getByRole('status').textContent).toBe('Running tools-list (3 of 30)…');
  await user.click(within(section).getByRole('button', { name: 'Cancel' }));
  expect(api.cancelConformance).toHaveBeenCalledWith({ name: 'everything' });

  await act(async () => finish(REPORT));
  expect(within(section).getByLabelText('Conformance totals').textContent).toMatch(/^1 passed · 1 failed · 1 recorded no check · 1 not applicable — MCP 2025-11-25/);
  const scenarios = within(section).getByRole('list', { name: 'Conformance scenarios' });
  expect(within(scenarios).getByRole('listitem', { name: 'tools-list: passed' }).textContent).toContain('1 check');
  expect(within(scenarios).getByRole('listitem', { name: 'ping: recorded no check' }).textContent).toContain('recorded no check');
  expect(within(scenarios).getByRole('listitem', { name: 'dns-rebinding-protection: not applicable' }).textContent).toContain('It tests the HTTP transport.');
  const failed = within(scenarios).getByRole('list', { name: 'Failed checks of tools-call-image' });
  expect(failed.textContent).toContain('No image content found');
  expect(within(failed).getByRole('link', { name: 'MCP-Tools-Call' }).getAttribute('href')).toBe('https://modelcontextprotocol.io/specification/2025-06-18/server/tools#calling-tools');
  expect(within(section).getByRole('status').textContent).toBe('');
});
