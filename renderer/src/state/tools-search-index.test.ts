/** The tool list's search index: built once per list, in idle time, and matching as the list always did. */
import { describe, expect, it } from 'vitest';
import type { ToolInfo } from '../../../shared/domain';
import { hasSearchIndex, listedTools, prepareSearchIndex, searchIndexOf, searchWords } from './tools-search-index';

const tool = (name: string, extra: Partial<ToolInfo> = {}): ToolInfo => ({ server: 's', name, fullName: `mcp__s__${name}`, inputSchema: { type: 'object' }, ...extra });

const tools: ToolInfo[] = [
  tool('get_weather', { description: 'Weather for a City' }),
  tool('delete_file', { annotations: { title: 'Remove a file' } }),
  tool('app_only', { ui: { visibility: ['app'] } } as Partial<ToolInfo>),
  tool('send_mail', { title: 'Send an e-mail', description: 'Sends mail to someone' }),
];

describe('the tool search index', () => {
  it('lists the tools a model sees, in order, and matches every word in the display name, name, full name or description', () => {
    const index = searchIndexOf(tools);
    expect(index.tools.map((t) => t.name)).toEqual(['get_weather', 'delete_file', 'send_mail']);
    const names = (search: string) => index.match(searchWords(search)).map((t) => t.name);
    expect(names('')).toEqual(['get_weather', 'delete_file', 'send_mail']);
    expect(names('CITY')).toEqual(['get_weather']);
    expect(names('remove file')).toEqual(['delete_file']);
    expect(names('mcp__s__send')).toEqual(['send_mail']);
    expect(names('mail someone')).toEqual(['send_mail']);
    expect(names('mail weather')).toEqual([]);
    // A tool only its app may call is never found.
    expect(names('app_only')).toEqual([]);
  });

  it('is built in idle time once the list has arrived, not before, and once per list', () => {
    const list = tools.slice();
    const queued: Array<() => void> = [];
    prepareSearchIndex(list, (task) => queued.push(task));
    // The first paint only needs the listed tools: no search text yet.
    expect(listedTools(list)).toHaveLength(3);
    expect(hasSearchIndex(list)).toBe(false);
    expect(queued).toHaveLength(1);
    queued[0]!();
    expect(hasSearchIndex(list)).toBe(true);
    const built = searchIndexOf(list);
    // Already built: not scheduled again, and the same index is used.
    prepareSearchIndex(list, (task) => queued.push(task));
    expect(queued).toHaveLength(1);
    expect(searchIndexOf(list)).toBe(built);
    expect(listedTools(list)).toBe(built.tools);
  });

  it('builds at once when a search comes before the idle time', () => {
    const list = tools.slice();
    prepareSearchIndex(list, () => undefined);
    expect(searchIndexOf(list).match(['weather']).map((t) => t.name)).toEqual(['get_weather']);
    expect(hasSearchIndex(list)).toBe(true);
  });

  it('gives a new list from the server an index of its own', () => {
    const first = tools.slice(0, 1);
    const second = [...first, tool('added', { description: 'new' })];
    expect(searchIndexOf(first).match(['new'])).toEqual([]);
    expect(searchIndexOf(second).match(['new']).map((t) => t.name)).toEqual(['added']);
  });
});
