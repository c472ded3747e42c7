/** Comparing a recorded answer with a live one: pointers to each difference, and the volatile rules that keep runs comparable. */
import { describe, expect, it } from 'vitest';
import { compareMessages } from './compare';
import { MASK } from './mask';
import { VolatileMatcher } from './volatile';

const answer = (result: unknown, id: unknown = 1) => ({ jsonrpc: '2.0', id, result });

describe('compareMessages', () => {
  it('points at each changed, missing and added value', () => {
    const recorded = answer({ content: [{ type: 'text', text: 'Hello' }, { type: 'text', text: 'bye' }], a: 1 });
    const live = answer({ content: [{ type: 'text', text: 'Hi' }], b: 2 });
    expect(compareMessages(recorded, live, new VolatileMatcher())).toEqual([
      { pointer: '/result/content/0/text', kind: 'changed', expected: 'Hello', actual: 'Hi' },
      { pointer: '/result/content/1', kind: 'missing', expected: { type: 'text', text: 'bye' } },
      { pointer: '/result/a', kind: 'missing', expected: 1 },
      { pointer: '/result/b', kind: 'added', actual: 2 },
    ]);
  });

  it('lets ids, _meta, progress tokens, timestamps, UUIDs and masked values differ', () => {
    const recorded = answer({ _meta: { trace: 'x' }, at: '2026-12-01T10:00:00.000Z', id: '0b6d8f5e-2c3a-4e1f-9a7b-1c2d3e4f5a6b', progressToken: 4, key: MASK }, 1);
    const live = answer({ _meta: { trace: 'y' }, at: '2026-12-02T11:22:33Z', id: 'f47ac10b-58cc-4372-a567-0e02b2c3d479', progressToken: 9, key: 'the-real-key' }, 7);
    expect(compareMessages(recorded, live, new VolatileMatcher())).toEqual([]);
    // A timestamp for some other string is still a difference.
    expect(compareMessages(answer({ at: '2026-12-01T10:00:00Z' }), answer({ at: 'yesterday' }), new VolatileMatcher())).toHaveLength(1);
  });

  it('skips what --ignore names, with * for any one segment (~1 is a slash)', () => {
    const recorded = answer({ content: [{ text: 'a' }, { text: 'b' }], 'x/y': 1 });
    const live = answer({ content: [{ text: 'A' }, { text: 'B' }], 'x/y': 2 });
    expect(compareMessages(recorded, live, new VolatileMatcher({ ignore: ['/result/content/*/text', '/result/x~1y'] }))).toEqual([]);
    expect(compareMessages(recorded, live, new VolatileMatcher({ ignore: ['/result/content/0/text'] })).map((d) => d.pointer)).toEqual(['/result/content/1/text', '/result/x~1y']);
  });
});
