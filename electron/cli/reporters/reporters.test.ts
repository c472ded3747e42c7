/**
 * The reporters on a report with awkward text (XML's special characters, a `#` that TAP
 * would read as a directive, a line break): the XML stays well-formed and says the text
 * exactly, the TAP test points stay one line each.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import type { CollectionRunReport } from '../../../shared/api/collections';
import type { CollectionOutcome } from './collection-results';
import { collectionsJunit } from './junit-collections';
import { collectionsTap } from './tap-collections';

const report: CollectionRunReport = {
  runId: 'r',
  collection: 'Tags <b> & "quotes"',
  file: 'odd.yaml',
  server: 'lab',
  status: 'failed',
  startedAt: Date.UTC(2026, 11, 1),
  durationMs: 1234,
  counts: { passed: 1, failed: 1, skipped: 1 },
  steps: [
    { id: 'one', name: 'issue #12\nsecond line', kind: 'tool', target: 't', status: 'passed', outcome: 'ok', durationMs: 5, assertions: [{ assertion: { outcome: 'ok' }, kind: 'outcome', passed: true, message: 'the outcome is ok' }] },
    { id: 'two', kind: 'tool', target: 't', status: 'failed', outcome: 'ok', durationMs: 7, assertions: [{ assertion: { path: '$.a', equals: '<x>' }, kind: 'path', passed: false, message: '$.a should equal "<x>", and is "&amp;"\u0001' }] },
    { id: 'three', kind: 'resource', target: 'x://y', status: 'skipped', error: 'Skipped: bail', durationMs: 0, assertions: [] },
  ],
};
const outcomes: CollectionOutcome[] = [{ kind: 'ran', report }, { kind: 'error', file: 'down.yaml', collection: 'Down', server: 'gone', message: 'gone did not connect (failed): spawn ENOENT' }];

describe('collection reporters', () => {
  it('JUnit: well-formed, every text exact, counts per suite and in all', () => {
    const xml = collectionsJunit(outcomes);
    expect(XMLValidator.validate(xml)).toBe(true);
    const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name) => ['testsuite', 'testcase'].includes(name) }).parse(xml) as {
      testsuites: Record<string, string> & { testsuite: Array<Record<string, string> & { testcase: Array<Record<string, unknown>>; properties: { property: { name: string; value: string } } }> };
    };
    expect(parsed.testsuites).toMatchObject({ tests: '4', failures: '1', errors: '1', skipped: '1', time: '1.234' });
    const [suite, down] = parsed.testsuites.testsuite;
    expect(suite).toMatchObject({ name: 'Tags <b> & "quotes"', tests: '3', failures: '1', skipped: '1', timestamp: '2026-12-01T00:00:00.000Z', file: 'odd.yaml' });
    expect(suite!.properties.property).toEqual({ name: 'server', value: 'lab' });
    expect(suite!.testcase.map((c) => c.name)).toEqual(['one: issue #12 second line', 'two', 'three']);
    expect(suite!.testcase[1]!.failure).toMatchObject({ type: 'assertion', message: '$.a should equal "<x>", and is "&amp;"', '#text': '$.a should equal "<x>", and is "&amp;"' });
    expect(suite!.testcase[2]!.skipped).toEqual({ message: 'Skipped: bail' });
    expect(down).toMatchObject({ name: 'Down', errors: '1', testcase: [{ name: '(run)', error: { message: 'gone did not connect (failed): spawn ENOENT' } }] });
  });

  it('TAP: one line per test point, # escaped, the plan counting every point', () => {
    const lines = collectionsTap(outcomes).trimEnd().split('\n');
    expect(lines.slice(0, 2)).toEqual(['TAP version 14', '1..4']);
    expect(lines.filter((line) => /^(not )?ok /.test(line))).toEqual([
      'ok 1 - Tags <b> & "quotes" > one: issue \\#12 second line',
      'not ok 2 - Tags <b> & "quotes" > two',
      'ok 3 - Tags <b> & "quotes" > three # SKIP Skipped: bail',
      'not ok 4 - Down',
    ]);
  });
});
