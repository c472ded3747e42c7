import { describe, expect, it, vi } from 'vitest';
import { ConsoleBuffer } from './console-buffer';

describe('ConsoleBuffer', () => {
  it('keeps the last entries of each server apart, cuts long lines, and publishes each entry as it is recorded', () => {
    const publish = vi.fn();
    const buffer = new ConsoleBuffer(publish, { maxEntries: 3, maxEntryChars: 10 });
    for (let i = 1; i <= 10; i++) buffer.record('a', { source: 'stderr', text: `line ${i}` });
    buffer.record('b', { source: 'log', level: 'info', logger: 'x', text: 'a very long message' });
    expect(buffer.entries('a').map((e) => e.text)).toEqual(['line 8', 'line 9', 'line 10']);
    expect(buffer.entries('b')).toEqual([expect.objectContaining({ server: 'b', level: 'info', logger: 'x', text: 'a very lon', truncated: true })]);
    expect(publish).toHaveBeenCalledTimes(11);
    expect(publish.mock.calls.map(([entry]) => (entry as { seq: number }).seq)).toEqual(Array.from({ length: 11 }, (_, i) => i + 1));
    buffer.clear('a');
    expect(buffer.entries('a')).toEqual([]);
    expect(buffer.entries('b')).toHaveLength(1);
  });
});

describe('ConsoleBuffer masking', () => {
  it('masks secret values before an entry is kept or pushed', () => {
    const publish = vi.fn();
    const buffer = new ConsoleBuffer(publish, undefined, (text) => text.replaceAll('hunter2', '••••••'));
    buffer.record('a', { source: 'log', level: 'info', text: 'token=hunter2' });
    expect(buffer.entries('a')[0]?.text).toBe('token=••••••');
    expect(JSON.stringify(publish.mock.calls)).not.toContain('hunter2');
  });
});
