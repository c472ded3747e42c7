/**
 * Resources in browser mode against the resources fixture (a real stdio process): every
 * page of the list, reading text, JSON, images and binary content, templates filled in
 * with completion, live subscriptions and list_changed.
 */
import fs from 'node:fs/promises';
import { fixtureServer } from '../fixtures/paths';
import { expect, test } from '../support/fixtures';
import { startHostWithServers, Workspaces } from '../support/workspaces';

test('resources: every page, text, JSON, image, binary download, templates with completion, live updates, list_changed', async ({ page }) => {
  const host = await startHostWithServers({ fixture: { command: process.execPath, args: [fixtureServer('resources-stdio')] } });
  try {
    await page.goto(host.url);
    const ws = new Workspaces(page);
    await ws.open('fixture');
    const pane = await ws.tab('fixture', 'Resources');
    const list = pane.getByRole('region', { name: 'Resource list' });
    const detail = pane.getByRole('region', { name: 'Resource', exact: true });
    const contents = detail.getByRole('region', { name: 'Resource contents' });

    // Three pages of resources, all listed.
    await expect(list.getByRole('heading', { name: /^Resources/ })).toHaveText('Resources (32)');
    await expect(list.getByRole('list', { name: 'Resources', exact: true }).getByRole('listitem')).toHaveCount(32);
    await expect(list.getByRole('heading', { name: /^Templates/ })).toHaveText('Templates (3)');
    await list.getByRole('searchbox', { name: 'Filter resources' }).fill('note 2');
    await expect(list.getByRole('heading', { name: /^Resources/ })).toHaveText('Resources (7 of 32)');
    await list.getByRole('searchbox', { name: 'Filter resources' }).fill('');

    await list.getByRole('button', { name: /^Note 25/ }).click();
    await expect(contents).toContainText('This is note 25.');

    await list.getByRole('button', { name: /^Config document/ }).click();
    await expect(contents.locator('[data-content="json"]')).toContainText('"features": [\n    "resources",');

    await list.getByRole('button', { name: /^Red pixel/ }).click();
    const image = contents.getByRole('img', { name: 'Image (image/png)' });
    await expect(image).toBeVisible();
    expect(await image.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBe(8);

    await list.getByRole('button', { name: /^Archive/ }).click();
    await expect(contents).toContainText('Binary content, 12 B (application/octet-stream).');
    const [download] = await Promise.all([page.waitForEvent('download'), contents.getByRole('button', { name: 'Download' }).click()]);
    expect(download.suggestedFilename()).toBe('archive.bin');
    expect([...(await fs.readFile(await download.path()))]).toEqual([0x50, 0x4b, 0x03, 0x04, 0x00, 0xff, 0x10, 0x20, 0x30, 0x40, 0x50, 0x60]);

    // A template: completion for its variable, the URI it makes, and the read.
    await list.getByRole('button', { name: /^User by id/ }).click();
    const userForm = detail.getByRole('form', { name: 'Template User by id' });
    await ws.complete(userForm.getByRole('combobox', { name: 'userId' }), 'c', 'carol');
    await expect(userForm.getByRole('status', { name: 'Resource URI' })).toHaveText('fixture://users/carol');
    await userForm.getByRole('button', { name: 'Read' }).click();
    await expect(contents).toContainText('"name": "Carol Danvers"');

    // Level 2 (reserved expansion): the slashes stay; the keyboard picks the suggestion.
    await list.getByRole('button', { name: /^File by path/ }).click();
    const pathField = detail.getByRole('combobox', { name: 'path' });
    await pathField.fill('src/');
    await expect(detail.getByRole('option', { name: 'src/util/strings.ts' })).toBeVisible();
    await pathField.press('ArrowDown');
    await pathField.press('ArrowDown');
    await pathField.press('Enter');
    await expect(pathField).toHaveValue('src/util/strings.ts');
    await expect(detail.getByRole('status', { name: 'Resource URI' })).toHaveText('fixture://files/src/util/strings.ts');
    await pathField.press('Enter');
    await expect(contents).toContainText('Contents of src/util/strings.ts');

    // What was typed stays with its template.
    await list.getByRole('button', { name: /^User by id/ }).click();
    await expect(userForm.getByRole('combobox', { name: 'userId' })).toHaveValue('carol');

    // Subscribed: each update is read again at once.
    await list.getByRole('button', { name: /^Live counter/ }).click();
    await expect(contents).toContainText('counter is 0');
    await contents.getByRole('button', { name: 'Subscribe' }).click();
    await expect(contents).toContainText('counter is 3');
    await expect(contents.getByRole('status')).toContainText('Updated 3 times');
    await expect(list.getByRole('button', { name: /^Live counter/ })).toContainText('subscribed');
    await contents.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(contents.getByRole('button', { name: 'Subscribe' })).toBeVisible();
    await expect(list.getByRole('button', { name: /^Live counter/ })).not.toContainText('subscribed');

    // The server adds a resource and says its list changed: the list follows.
    await list.getByRole('button', { name: /^Action: add a note/ }).click();
    await expect(contents).toContainText('Added note 26.');
    await expect(list.getByRole('heading', { name: /^Resources/ })).toHaveText('Resources (33)');
    await expect(list.getByRole('button', { name: /^Note 26/ })).toBeVisible();

    // An error names what failed.
    await list.getByRole('button', { name: /^User by id/ }).click();
    await userForm.getByRole('combobox', { name: 'userId' }).fill('zed');
    await userForm.getByRole('button', { name: 'Read' }).click();
    await expect(detail.getByRole('alert')).toContainText('fixture: ');
    await expect(detail.getByRole('alert')).toContainText('No user "zed"');
  } finally {
    await host.stop();
  }
});
