/** Prompts through a real core against the resources fixture (a real stdio process). */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppEvent } from '../../../shared/events';
import type { Core } from './core-api';
import { startRealCore, type RealCore } from './real-core.testing';

let running: RealCore;
let core: Core;
let events: AppEvent[];

beforeEach(async () => {
  running = await startRealCore('prompts', { fixture: 'resources-stdio' });
  ({ core, events } = running);
});

afterEach(() => running.dispose());

describe('prompts API on a real core', () => {
  it('lists every page of prompts with their arguments; list_changed refreshes the list', async () => {
    const prompts = await core.api.listPrompts({ server: 'fixture' });
    expect(prompts.map((p) => p.name)).toEqual(['greet', 'assign', 'show-image', 'quote-note']);
    expect(prompts[0]).toEqual({
      name: 'greet',
      title: 'Greeting',
      description: 'Greets someone in a style.',
      arguments: [
        { name: 'name', description: 'Who to greet', required: true },
        { name: 'style', description: 'formal, casual or pirate', required: false },
      ],
    });
    await core.api.readResource({ server: 'fixture', uri: 'fixture://actions/new-prompt' });
    await expect.poll(() => events.some((e) => e.type === 'prompts-changed' && e.server === 'fixture')).toBe(true);
    expect((await core.api.listPrompts({ server: 'fixture' })).map((p) => p.name)).toContain('extra-1');
  });

  it('gets prompts as conversations: roles, text, images, embedded resources and links', async () => {
    const greet = await core.api.getPrompt({ server: 'fixture', name: 'greet', arguments: { name: 'Alice', style: 'pirate' } });
    expect(greet.description).toBe('Greeting Alice');
    expect(greet.messages).toEqual([
      { role: 'user', content: { kind: 'text', text: 'Greet Alice in a pirate style.' } },
      { role: 'assistant', content: { kind: 'text', text: 'Ahoy, Alice!' } },
    ]);
    const image = await core.api.getPrompt({ server: 'fixture', name: 'show-image', arguments: {} });
    expect(image.messages[1]).toMatchObject({ role: 'user', content: { kind: 'image', mimeType: 'image/png' } });
    const quote = await core.api.getPrompt({ server: 'fixture', name: 'quote-note', arguments: { noteId: '2' } });
    expect(quote.messages).toEqual([
      { role: 'user', content: { kind: 'resource', uri: 'fixture://notes/2', mimeType: 'text/plain', content: { kind: 'text', mimeType: 'text/plain', text: 'This is note 2.' } } },
      { role: 'assistant', content: { kind: 'resource-link', uri: 'fixture://notes/2', name: 'note-2', mimeType: 'text/plain' } },
    ]);
    await expect(core.api.getPrompt({ server: 'fixture', name: 'greet', arguments: {} })).rejects.toThrow(/^fixture: .*Missing required argument "name"/);
  });

  it('completes prompt arguments, narrowed by the other arguments', async () => {
    const complete = (value: string, team?: string) =>
      core.api.completeArgument({
        server: 'fixture',
        ref: { type: 'ref/prompt', name: 'assign' },
        argument: { name: 'person', value },
        ...(team ? { context: { team } } : {}),
      });
    expect((await complete('', 'backend')).values).toEqual(['Ada', 'Alan', 'Grace']);
    expect((await complete('a', 'backend')).values).toEqual(['Ada', 'Alan']);
    expect((await complete('', 'design')).values).toEqual(['Dieter', 'Jony']);
    expect((await complete('')).values).toEqual([]);
  });
});
