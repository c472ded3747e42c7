/**
 * "Add server" costs the page at most two calls to the host: the add itself and the new
 * server's tool list (besides the one quick Doctor check behind the server row's badge). The new server list and the files' state come as events, so the
 * page never asks for them again. The calls are counted on the page's WebSocket.
 */
import { fixtureServer } from '../fixtures/paths';
import { expect, test } from '../support/fixtures';
import { WorkbenchPage } from '../support/workbench-page';

test('adding a server takes at most two calls and shows it connected', async ({ page, host }) => {
  const sent: string[] = [];
  page.on('websocket', (socket) => {
    socket.on('framesent', ({ payload }) => {
      const message = JSON.parse(typeof payload === 'string' ? payload : payload.toString('utf8')) as { method?: string };
      if (message.method) sent.push(message.method);
    });
  });
  await page.goto(host.url);
  const wb = new WorkbenchPage(page);
  const dialog = await wb.openAddServer();
  await dialog.getByLabel('Name', { exact: true }).fill('counted');
  await wb.fillStdio(dialog, process.execPath, [fixtureServer('basic-stdio')]);
  const before = sent.length;
  await dialog.getByRole('button', { name: 'Add server' }).click();
  await expect(dialog).toBeHidden();
  await expect(wb.server('counted').getByText('Connected')).toBeVisible();
  await expect(wb.toolOption('counted', 'Echo').first()).toBeVisible();
  // Apart from them, the server row's Doctor badge makes one quick check of the new server once it connects.
  const doctorChecks = sent.slice(before).filter((method) => method === 'runDoctor');
  expect(doctorChecks.length).toBeLessThanOrEqual(1);
  const calls = sent.slice(before).filter((method) => method !== 'runDoctor');
  expect(calls).toContain('addServer');
  expect(calls.length, calls.join(', ')).toBeLessThanOrEqual(2);
});
