/** Resources through a real core against the resources fixture (a real stdio process). */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppEvent } from '../../../shared/events';
import type { Core } from './core-api';
import { startRealCore, type RealCore } from './real-core.testing';

let running: RealCore;
let core: Core;
let events: AppEvent[];

beforeEach(async () => {
  running = await startRealCore('resources', { fixture: 'resources-stdio', basic: 'basic-stdio' });
  ({ core, events } = running);
});

afterEach(() => running.dispose());

describe('resources API on a real core', () => {
  it('lists every page of resources and templates, with each template\'s variables', async () => {
    const catalog = await core.api.listResources({ server: 'fixture' });
    expect(catalog.resources).toHaveLength(32);
    expect(catalog.resources[0]).toEqual({ uri: 'fixture://notes/1', name: 'note-1', title: 'Note 1', mimeType: 'text/plain' });
    expect(catalog.resources.at(-1)?.uri).toBe('fixture://actions/log');
    expect(catalog.templates.map((t) => [t.uriTemplate, t.variables])).toEqual([
      ['fixture://users/{userId}', ['userId']],
      ['fixture://files/{+path}', ['path']],
      ['fixture://search{?q,lang}', ['q', 'lang']],
    ]);
    expect(catalog.subscriptions).toEqual([]);
    // Three pages of resources and two of templates went over the wire.
    const requests = (await core.api.getProtocolLog({ server: 'fixture' })).filter((e) => e.kind === 'request').map((e) => e.method);
    expect(requests.filter((m) => m === 'resources/list')).toHaveLength(4);
    expect(requests.filter((m) => m === 'resources/templates/list')).toHaveLength(2);
    // A second listing comes from the cache.
    await core.api.listResources({ server: 'fixture' });
    const again = (await core.api.getProtocolLog({ server: 'fixture' })).filter((e) => e.kind === 'request' && e.method === 'resources/list');
    expect(again).toHaveLength(4);
  });

  it('reads text, JSON, images and binary content; a failed read names the server and the reason', async () => {
    const note = await core.api.readResource({ server: 'fixture', uri: 'fixture://notes/7' });
    expect(note.contents).toEqual([{ kind: 'resource', uri: 'fixture://notes/7', mimeType: 'text/plain', content: { kind: 'text', mimeType: 'text/plain', text: 'This is note 7.' } }]);
    expect(note.durationMs).toBeGreaterThan(0);
    const json = await core.api.readResource({ server: 'fixture', uri: 'fixture://data/config.json' });
    expect(json.contents[0]?.content).toMatchObject({ kind: 'text', mimeType: 'application/json' });
    const image = await core.api.readResource({ server: 'fixture', uri: 'fixture://images/pixel.png' });
    expect(image.contents[0]?.content).toMatchObject({ kind: 'image', mimeType: 'image/png', data: expect.stringMatching(/^iVBOR/) });
    const binary = await core.api.readResource({ server: 'fixture', uri: 'fixture://files/archive.bin' });
    expect(binary.contents[0]?.content).toMatchObject({ kind: 'binary', mimeType: 'application/octet-stream', size: 12 });
    await expect(core.api.readResource({ server: 'fixture', uri: 'fixture://users/nobody' })).rejects.toThrow(/^fixture: .*No user "nobody"/);
  });

  it('reads template URIs and completes their variables (level 1, reserved expansion, query)', async () => {
    const user = await core.api.readResource({ server: 'fixture', uri: 'fixture://users/alice' });
    expect(user.contents[0]?.content).toMatchObject({ kind: 'text', text: '{"id":"alice","name":"Alice Liddell"}' });
    expect(await core.api.completeArgument({ server: 'fixture', ref: { type: 'ref/resource', uri: 'fixture://users/{userId}' }, argument: { name: 'userId', value: 'c' } })).toEqual({
      values: ['carol'],
      total: 1,
      hasMore: false,
    });
    const files = await core.api.completeArgument({ server: 'fixture', ref: { type: 'ref/resource', uri: 'fixture://files/{+path}' }, argument: { name: 'path', value: 'docs/' } });
    expect(files.values).toEqual(['docs/readme.md', 'docs/guide.md']);
    const file = await core.api.readResource({ server: 'fixture', uri: 'fixture://files/docs/guide.md' });
    expect(file.contents[0]?.content).toMatchObject({ text: 'Contents of docs/guide.md' });
  });

  it('subscribes: updates arrive as events; after a reconnect the subscription is renewed; unsubscribe stops them', async () => {
    const uri = 'fixture://live/counter';
    expect(await core.api.subscribeResource({ server: 'fixture', uri })).toEqual([uri]);
    const updates = () => events.filter((e) => e.type === 'resource-updated' && e.server === 'fixture' && e.uri === uri).length;
    await expect.poll(updates, { timeout: 10_000 }).toBe(3);
    expect((await core.api.readResource({ server: 'fixture', uri })).contents[0]?.content).toMatchObject({ text: 'counter is 3' });
    expect((await core.api.listResources({ server: 'fixture' })).subscriptions).toEqual([uri]);

    // A new session knows nothing of the old one's subscriptions: the workbench renews them.
    await core.api.reconnectServer({ name: 'fixture' });
    await expect.poll(updates, { timeout: 10_000 }).toBe(6);

    expect(await core.api.unsubscribeResource({ server: 'fixture', uri })).toEqual([]);
    const log = await core.api.getProtocolLog({ server: 'fixture' });
    expect(log.filter((e) => e.kind === 'request' && e.method === 'resources/subscribe')).toHaveLength(2);
    expect(log.filter((e) => e.kind === 'request' && e.method === 'resources/unsubscribe')).toHaveLength(1);
  });

  it('list_changed drops the cached list and tells the renderer', async () => {
    expect((await core.api.listResources({ server: 'fixture' })).resources).toHaveLength(32);
    await core.api.readResource({ server: 'fixture', uri: 'fixture://actions/new-note' });
    await expect.poll(() => events.some((e) => e.type === 'resources-changed' && e.server === 'fixture')).toBe(true);
    const catalog = await core.api.listResources({ server: 'fixture' });
    expect(catalog.resources).toHaveLength(33);
    expect(catalog.resources.some((r) => r.uri === 'fixture://notes/26')).toBe(true);
  });

  it('a server without resources says so in its own words; a server that is not configured is named', async () => {
    await expect(core.api.listResources({ server: 'basic' })).rejects.toThrow(/^basic: .*(Method not found|resources)/i);
    await expect(core.api.listResources({ server: 'nope' })).rejects.toThrow('No server named "nope"');
  });
});
