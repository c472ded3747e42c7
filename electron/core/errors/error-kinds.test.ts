/** Every error class of the product has one kind, from one table; AppErrors carry theirs. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AppError, type FailureKind } from '../../../shared/envelope';
import { failure } from '../../../shared/errors';
import { ShellSyntaxError } from '../../../shared/config/shell-words';
import { CallbackError } from '../auth/callback-listener';
import { StepCancelled, StepTimeout, VariableError } from '../collections/collection-errors';
import { SourceError } from '../config/formats/types';
import { HeadersHelperError } from '../config/headers-helper';
import { ConformanceCancelled, SuiteNodeMissing } from '../conformance/conformance-errors';
import { NeedsAuthError, SessionExpiredError, WebSocketHandshakeError } from '../connections/connection-errors';
import { ConnectTimeoutError } from '../connections/describe-error';
import { RequestTimeoutError } from '../connections/transports/timeout-fetch';
import { InvalidSnapshotError } from '../contracts/snapshot';
import { TooManyServerRequestsError } from '../elicitation/server-request-broker';
import { BudgetError } from '../load/budgets';
import { ProfileError } from '../load/load-profile';
import { LoadConnectError, WorkloadError } from '../load/load-errors';
import { ModelError } from '../models/model-error';
import { ModelChoiceError } from '../models/providers';
import { InvalidRecordingError } from '../recordings/read-recording';
import { RecordingFileError } from '../recordings/recording-writer';
import { ImageDecodeError } from '../results/image-pipeline';
import { errorDataOf, KIND_TABLE, kindOf } from './error-kinds';

const EXPECTED: Array<[string, Error, FailureKind]> = [
  ['ConnectTimeoutError', new ConnectTimeoutError(30_000), 'timeout'],
  ['RequestTimeoutError', new RequestTimeoutError(60_000), 'timeout'],
  ['SessionExpiredError', new SessionExpiredError(), 'connection'],
  ['NeedsAuthError', new NeedsAuthError('no token'), 'needs-auth'],
  ['WebSocketHandshakeError', new WebSocketHandshakeError(401), 'needs-auth'],
  ['WebSocketHandshakeError', new WebSocketHandshakeError(502), 'connection'],
  ['LoadConnectError', new LoadConnectError('a: could not connect'), 'connection'],
  ['CallbackError', new CallbackError('No sign-in arrived', 'timeout'), 'timeout'],
  ['CallbackError', new CallbackError('The sign-in was cancelled.', 'cancelled'), 'cancelled'],
  ['CallbackError', new CallbackError('access denied', 'denied'), 'refused'],
  ['CallbackError', new CallbackError('another issuer', 'issuer-mismatch'), 'refused'],
  ['ShellSyntaxError', new ShellSyntaxError('unclosed quote'), 'invalid-input'],
  ['SourceError', new SourceError('not JSON'), 'invalid-input'],
  ['HeadersHelperError', new HeadersHelperError('a', 'did not print JSON'), 'invalid-input'],
  ['VariableError', new VariableError('${x} is not set'), 'invalid-input'],
  ['WorkloadError', new WorkloadError('a resource step'), 'invalid-input'],
  ['ProfileError', new ProfileError('no such profile'), 'invalid-input'],
  ['BudgetError', new BudgetError('no such metric'), 'invalid-input'],
  ['InvalidRecordingError', new InvalidRecordingError('r.jsonl', 3, 'not JSON'), 'invalid-input'],
  ['InvalidSnapshotError', new InvalidSnapshotError('no tools'), 'invalid-input'],
  ['ModelChoiceError', new ModelChoiceError('no such provider', 'pick one'), 'invalid-input'],
  ['ImageDecodeError', new ImageDecodeError(new Error('bad header')), 'invalid-input'],
  ['RecordingFileError', new RecordingFileError('cannot write'), 'storage'],
  ['TooManyServerRequestsError', new TooManyServerRequestsError('a', 8), 'refused'],
  ['StepTimeout', new StepTimeout('step timed out'), 'timeout'],
  ['StepCancelled', new StepCancelled('stopped'), 'cancelled'],
  ['ConformanceCancelled', new ConformanceCancelled(), 'cancelled'],
  ['SuiteNodeMissing', new SuiteNodeMissing(['node'], 'install Node 22'), 'unavailable'],
  ['ModelError', new ModelError('Nothing answered', 'start it', 'unreachable'), 'connection'],
  ['ModelError', new ModelError('refused the key', 'save it', 'auth'), 'refused'],
  ['ModelError', new ModelError('cannot call tools', 'pick another', 'no-tools'), 'invalid-input'],
  ['ModelError', new ModelError('no such model', 'check it', 'unknown-model'), 'invalid-input'],
  ['ModelError', new ModelError('cannot replay', 'record again', 'replay'), 'invalid-input'],
  ['ModelError', new ModelError('429', 'wait', 'rate-limited'), 'server-error'],
  ['ModelError', new ModelError('500', 'see above', 'provider'), 'server-error'],
];

/** The classes that are not in the table, and why. */
const OUTSIDE_THE_TABLE: Record<string, string> = {
  AppError: 'carries its own kind',
  CliError: 'the CLI\'s own verdict: it carries its exit code (electron/cli/exit-codes.ts)',
};

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Every `class X extends Error` in product code under electron/ and shared/ (tests and test helpers left out). */
function errorClassesInTheProduct(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name) && !/\.test(ing)?\.tsx?$/.test(entry.name)) {
        for (const match of readFileSync(full, 'utf8').matchAll(/\bclass (\w+) extends Error\b/g)) found.push(match[1]!);
      }
    }
  };
  walk(path.join(ROOT, 'electron'));
  walk(path.join(ROOT, 'shared'));
  return [...new Set(found)].sort();
}

describe('kindOf', () => {
  it.each(EXPECTED)('%s → its kind', (_name, error, kind) => {
    expect(kindOf(error)).toBe(kind);
  });

  it('has a rule for every error class of the product, and no rule without a test above', () => {
    const inTable = KIND_TABLE.map(([type]) => type.name).sort();
    const tested = [...new Set(EXPECTED.map(([name]) => name))].sort();
    expect(tested).toEqual(inTable);
    const missing = errorClassesInTheProduct().filter((name) => !inTable.includes(name) && !(name in OUTSIDE_THE_TABLE));
    expect(missing, 'error classes with no kind: add each to KIND_TABLE in error-kinds.ts').toEqual([]);
  });

  it('reads an AppError\'s own kind, whatever its message', () => {
    expect(kindOf(failure('storage', 'Cannot write /x: EACCES'))).toBe('storage');
    expect(kindOf(new AppError('not-found', 'No server named "a".'))).toBe('not-found');
    expect(kindOf(new AppError('conflict', 'a changed since you allowed it', { kind: 'tool-changed' }))).toBe('tool-changed');
  });

  it('calls anything else unexpected', () => {
    expect(kindOf(new TypeError('x is undefined'))).toBe('unexpected');
    expect(kindOf('a string')).toBe('unexpected');
    expect(kindOf(undefined)).toBe('unexpected');
  });
});

describe('errorDataOf', () => {
  it('sends an AppError as it is, and any other error as its message and kind (no stack)', () => {
    expect(errorDataOf(failure('timeout', 'a: timed out', { cause: new Error('inner') }))).toEqual({ code: 'failed', message: 'a: timed out', kind: 'timeout' });
    const data = errorDataOf(new ProfileError('Unknown load profile "x".'));
    expect(data).toEqual({ code: 'failed', message: 'Unknown load profile "x".', kind: 'invalid-input' });
    expect(JSON.stringify(data)).not.toContain('at ');
  });
});

describe('AppError', () => {
  it('gives the codes other than failed their own kind, and lets a caller say another', () => {
    expect(new AppError('invalid-request', 'bad').kind).toBe('invalid-input');
    expect(new AppError('unknown-method', 'no such method').kind).toBe('invalid-input');
    expect(new AppError('untrusted-sender', 'refused').kind).toBe('refused');
    expect(new AppError('not-found', 'gone').toData()).toEqual({ code: 'not-found', message: 'gone', kind: 'not-found' });
    expect(new AppError('conflict', 'changed', { kind: 'tool-changed' }).toData()).toEqual({ code: 'conflict', message: 'changed', kind: 'tool-changed' });
  });
});
