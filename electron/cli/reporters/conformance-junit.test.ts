/**
 * The conformance report as JUnit: a scenario that recorded no check is a failure (nothing was
 * shown to pass), one that is not applicable is skipped, a failed one lists its failed checks.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import type { ConformanceReport } from '../../../shared/api/conformance';
import { conformanceJunit } from './conformance-junit';

const success = { id: 'ok', name: 'OK', status: 'SUCCESS', description: 'works', specReferences: [] };
const report: ConformanceReport = {
  server: 'srv',
  specVersion: '2025-11-25',
  suite: { name: '@modelcontextprotocol/conformance', version: '0.2.0-alpha.12' },
  transport: 'http',
  scenarios: [
    { name: 'tools-list', status: 'passed', checks: [success], durationMs: 120 },
    { name: 'ping', status: 'no-checks', checks: [], note: 'The scenario ran but recorded no check.' },
    { name: 'server-sse-polling', status: 'not-applicable', checks: [], note: 'It tests the HTTP transport.' },
    {
      name: 'tools-call-image',
      status: 'failed',
      checks: [success, { id: 'image', name: 'Image', status: 'FAILURE', description: 'an image', errorMessage: 'No image content found', specReferences: [{ id: 'MCP-Tools', url: 'https://modelcontextprotocol.io/specification/2025-11-25/server/tools' }] }],
    },
  ],
  counts: { passed: 1, failed: 1, 'no-checks': 1, 'not-applicable': 1 },
  time: Date.UTC(2026, 11, 2),
  durationMs: 5000,
};

describe('conformance as JUnit', () => {
  const xml = conformanceJunit(report);
  const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name) => name === 'testcase' }).parse(xml) as {
    testsuites: { failures: string; skipped: string; testsuite: { failures: string; testcase: Array<{ name: string; failure?: { type: string; message: string }; skipped?: { message: string } }> } };
  };
  const cases = parsed.testsuites.testsuite.testcase;
  const byName = (name: string) => cases.find((c) => c.name === name)!;

  it('is valid XML with one test case per scenario', () => {
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(cases.map((c) => c.name)).toEqual(report.scenarios.map((s) => s.name));
  });

  it('counts a scenario that recorded no check as a failure, never as a pass', () => {
    expect(byName('ping').failure).toMatchObject({ type: 'no-checks', message: 'The scenario ran but recorded no check.' });
    expect(parsed.testsuites.failures).toBe('2');
    expect(parsed.testsuites.testsuite.failures).toBe('2');
  });

  it('skips a scenario that is not applicable, and lists a failed one’s checks with their spec links', () => {
    expect(byName('server-sse-polling').skipped).toMatchObject({ message: 'It tests the HTTP transport.' });
    expect(byName('server-sse-polling').failure).toBeUndefined();
    expect(byName('tools-call-image').failure!.message).toBe('image: No image content found [https://modelcontextprotocol.io/specification/2025-11-25/server/tools]');
    expect(byName('tools-list').failure).toBeUndefined();
  });
});
