/** Reading a recording: every problem names the file and the line. */
import { expect, it } from 'vitest';
import { headerLine } from './format';
import { parseRecording } from './read-recording';

const header = headerLine({ format: 'mcp-workbench-recording', version: 1, recordedAt: '2026-12-01T10:00:00.000Z', source: 'record', transport: { type: 'stdio', command: 'x', args: [] } });

it('reads a header and its lines, and names the file and line of each kind of problem', () => {
  const good = `${header}{"direction":"to-server","ms":0,"message":{"jsonrpc":"2.0","id":1,"method":"ping"}}\n{"direction":"to-client","ms":2,"text":"banner"}\n`;
  expect(parseRecording(good, 'a.jsonl').lines.map((entry) => entry.lineNumber)).toEqual([2, 3]);
  expect(() => parseRecording('', 'a.jsonl')).toThrow('a.jsonl: the file is empty');
  expect(() => parseRecording('{"time":"x"}\n', 'a.jsonl')).toThrow('a.jsonl:1: not a recording: the first line must have "format": "mcp-workbench-recording"');
  expect(() => parseRecording(header.replace('"version":1', '"version":2'), 'a.jsonl')).toThrow(/^a\.jsonl:1: bad header: version/);
  expect(() => parseRecording(`${header}{oops\n`, 'a.jsonl')).toThrow(/^a\.jsonl:2: not JSON/);
  expect(() => parseRecording(`${header}\n{"direction":"to-server","ms":-1,"text":"x"}\n`, 'a.jsonl')).toThrow(/^a\.jsonl:3: bad message line: ms/);
  expect(() => parseRecording(`${header}{"direction":"to-server","ms":1,"text":"x","message":{"jsonrpc":"2.0"}}\n`, 'a.jsonl')).toThrow('a.jsonl:2: bad message line: a line has either "message"');
});
