/**
 * Input requests answered by hand (MCP 2026-07-28) in browser mode, against the v2 stdio
 * fixture: with "Answer input requests by hand" on, the deploy tool's input_required
 * opens the inputResponses editor pre-filled for the request it names; what is written
 * there is sent (the result shows it was), Cancel ends the call, and the protocol log
 * shows the call's rounds as one conversation.
 */
import { fixtureServer } from '../fixtures/paths';
import { expect, test } from '../support/fixtures';
import { WorkbenchPage } from '../support/workbench-page';

test('input_required answered by hand: the skeleton names the request, the written answer is sent, Cancel ends the call, the log groups the rounds', async ({ page, host }) => {
  await page.goto(host.url);
  const wb = new WorkbenchPage(page);
  await wb.addStdioServer('modern', process.execPath, [fixtureServer('v2-stdio'), '--modern-only']);
  const item = wb.server('modern');
  await expect(item.getByText('Connected')).toBeVisible();
  await item.getByRole('button', { name: 'modern' }).first().click();
  const result = wb.panel.getByRole('region', { name: 'Result' });

  await wb.openTool('modern', 'deploy');
  await wb.fillArguments('{"env": "prod"}');
  await wb.panel.getByLabel('Answer input requests by hand').check();
  await wb.panel.getByRole('button', { name: 'Run', exact: true }).click();
  await page.getByRole('dialog', { name: /^Run / }).getByRole('button', { name: 'Run once' }).click();
  const asked = page.getByRole('dialog', { name: /deploy needs input \(round 1\)/ });
  await expect(asked.getByLabel('Input requests')).toContainText('Deploy to prod?');
  const editor = asked.getByLabel('inputResponses');
  expect(JSON.parse(await editor.inputValue())).toEqual({ confirm: { action: 'accept', content: { confirm: false, note: '' } } });
  await editor.fill('{"confirm": {"action": "accept", "content": {"confirm": true, "note": "written by hand"}}}');
  await asked.getByRole('button', { name: 'Send' }).click();
  await expect(result).toContainText('Deployed to prod (written by hand)');

  await wb.panel.getByRole('button', { name: 'Run', exact: true }).click();
  await page.getByRole('dialog', { name: /^Run / }).getByRole('button', { name: 'Run once' }).click();
  await page.getByRole('dialog', { name: /deploy needs input/ }).getByRole('button', { name: 'Cancel' }).click();
  await expect(wb.panel).toContainText('the call was ended instead of answering its input requests');

  await page.getByRole('banner').getByRole('button', { name: 'Protocol log' }).click();
  const log = page.getByRole('region', { name: 'Protocol log' });
  await expect(log.getByRole('button', { name: /tools\/call deploy — 2 rounds/ }).first()).toBeVisible();
  await expect(log.getByRole('list', { name: 'tools/call deploy — 2 rounds' }).first()).toContainText('tools/call · round 2');
});
