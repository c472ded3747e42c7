/** A failure the app lets go on purpose is still recorded: at debug, saying why it does not matter. */
import { afterEach, expect, it } from 'vitest';
import { diagnostics, ignoreFailure } from './diagnostics';

afterEach(() => diagnostics.close());

it('records the failure at debug with its reason, and answers undefined', async () => {
  const lines: string[] = [];
  diagnostics.addSink({ level: 'debug', write: (line) => void lines.push(line) });

  const outcome = await Promise.reject(new Error('EPIPE')).catch(ignoreFailure('closing a transport that is already gone'));

  expect(outcome).toBeUndefined();
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/debug/i);
  expect(lines[0]).toContain('Ignored: closing a transport that is already gone');
  expect(lines[0]).toContain('EPIPE');
});

it('is not recorded where only warnings are', async () => {
  const lines: string[] = [];
  diagnostics.addSink({ level: 'warn', write: (line) => void lines.push(line) });
  await Promise.reject(new Error('gone')).catch(ignoreFailure('best effort'));
  expect(lines).toEqual([]);
});
