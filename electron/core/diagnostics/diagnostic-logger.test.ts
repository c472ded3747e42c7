import { describe, expect, it } from 'vitest';
import { MASK, SecretRedactor } from '../secrets/secret-redactor';
import { DiagnosticLogger, type DiagnosticSink } from './diagnostic-logger';
import type { DiagnosticLevel } from './levels';

function memorySink(level: DiagnosticLevel): DiagnosticSink & { lines: string[] } {
  const lines: string[] = [];
  return { level, lines, write: (line) => void lines.push(line) };
}

const at = new Date('2026-12-01T14:30:00.000Z');

describe('the diagnostic logger', () => {
  it('records each level at its sink’s level and above, nothing below', () => {
    const logger = new DiagnosticLogger(() => at);
    const warnings = memorySink('warn');
    const everything = memorySink('debug');
    logger.addSink(warnings);
    logger.addSink(everything);
    logger.error('e');
    logger.warn('w');
    logger.info('i');
    logger.debug('d');
    expect(warnings.lines).toEqual(['2026-12-01T14:30:00.000Z ERROR e\n', '2026-12-01T14:30:00.000Z WARN  w\n']);
    expect(everything.lines.map((line) => line.slice(25, 30).trim())).toEqual(['ERROR', 'WARN', 'INFO', 'DEBUG']);
    expect(logger.enabled('debug')).toBe(true);
  });

  it('says whether a level is recorded at all, so costly messages are not built for nothing', () => {
    const logger = new DiagnosticLogger();
    expect(logger.enabled('error')).toBe(false);
    logger.addSink(memorySink('info'));
    expect(logger.enabled('info')).toBe(true);
    expect(logger.enabled('debug')).toBe(false);
  });

  it('adds the error, its code and its stack frames, each further line indented', () => {
    const logger = new DiagnosticLogger(() => at);
    const sink = memorySink('debug');
    logger.addSink(sink);
    const error = Object.assign(new Error('no such file'), { code: 'ENOENT' });
    logger.warn('Reading x failed', error);
    logger.info('Not an error object', 'plain reason');
    const [first, second] = sink.lines;
    expect(first).toMatch(/^2026-12-01T14:30:00\.000Z WARN {2}Reading x failed: ENOENT no such file\n {4}at /);
    expect(first!.split('\n').slice(1, -1).every((line) => line.startsWith('    at '))).toBe(true);
    expect(second).toBe('2026-12-01T14:30:00.000Z INFO  Not an error object: plain reason\n');
  });

  it('masks every secret a redactor knows, in every spelling, in the message and in the error', () => {
    const logger = new DiagnosticLogger(() => at);
    const sink = memorySink('debug');
    logger.addSink(sink);
    const redactor = new SecretRedactor();
    const secret = 'sk-live-0123456789abcdef';
    redactor.remember(secret);
    const remove = logger.addMask((text) => redactor.redact(text));
    logger.warn(`Refusing token ${secret} (base64 ${Buffer.from(secret).toString('base64')})`, new Error(`server said: bad key ${secret}`));
    expect(sink.lines[0]).not.toContain(secret);
    expect(sink.lines[0]).not.toContain(Buffer.from(secret).toString('base64'));
    expect(sink.lines[0]).toContain(`Refusing token ${MASK} (base64 ${MASK})`);
    expect(sink.lines[0]).toContain(`bad key ${MASK}`);
    remove();
    logger.info(`after ${secret}`);
    expect(sink.lines[1]).toContain(secret);
  });

  it('keeps writing to the other sinks when one throws, and records nothing once closed', async () => {
    const logger = new DiagnosticLogger(() => at);
    const good = memorySink('debug');
    let closed = false;
    logger.addSink({
      level: 'debug',
      write: () => {
        throw new Error('disk full');
      },
      close: async () => void (closed = true),
    });
    logger.addSink(good);
    logger.error('still here');
    expect(good.lines).toHaveLength(1);
    await logger.close();
    expect(closed).toBe(true);
    logger.error('after close');
    expect(good.lines).toHaveLength(1);
  });
});
