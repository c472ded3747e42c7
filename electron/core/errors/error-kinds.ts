/**
 * The kind of every error the core (or shared/) throws, in one table, so a front end decides
 * what a failure is by its kind (FailureKind) and never by the class that was thrown or the
 * words of its message. An AppError carries its kind; an error of one of the classes below
 * gets the kind listed for it; anything else (a Node or library error nobody described) is
 * `unexpected`. A new error class belongs in this table: the unit test lists them all.
 *
 * This folder names error classes from every part of the core, so it sits above them all:
 * only api/ and the front ends read it (lint keeps it so).
 */
import { AppError, type AppErrorData, type FailureKind } from '../../../shared/envelope';
import { ShellSyntaxError } from '../../../shared/config/shell-words';
import { messageOf } from '../../../shared/errors';
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

// The table has to hold classes whose constructors take anything.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type ErrorClass<E extends Error> = abstract new (...args: any[]) => E;
type KindRule<E extends Error = Error> = readonly [ErrorClass<E>, FailureKind | ((error: E) => FailureKind)];

/** One rule per class; `rule` keeps each rule's function typed with its own class. */
const rule = <E extends Error>(type: ErrorClass<E>, kind: FailureKind | ((error: E) => FailureKind)): KindRule => [type, kind as KindRule[1]];

/** What a model provider's failure is, by the reason the models code found for it. */
const MODEL_KINDS: Record<ModelError['reason'], FailureKind> = {
  unreachable: 'connection',
  auth: 'refused',
  'no-tools': 'invalid-input',
  'unknown-model': 'invalid-input',
  replay: 'invalid-input',
  'rate-limited': 'server-error',
  provider: 'server-error',
};

/** What a sign-in callback's failure is, by its reason. */
const CALLBACK_KINDS: Record<CallbackError['reason'], FailureKind> = {
  timeout: 'timeout',
  cancelled: 'cancelled',
  denied: 'refused',
  'issuer-mismatch': 'refused',
};

export const KIND_TABLE: readonly KindRule[] = [
  // Reaching a server
  rule(ConnectTimeoutError, 'timeout'),
  rule(RequestTimeoutError, 'timeout'),
  rule(SessionExpiredError, 'connection'),
  rule(NeedsAuthError, 'needs-auth'),
  rule(WebSocketHandshakeError, (error) => (error.status === 401 ? 'needs-auth' : 'connection')),
  rule(LoadConnectError, 'connection'),
  rule(CallbackError, (error) => CALLBACK_KINDS[error.reason]),
  // What the user gave: a command line, a file, a config entry, an option
  rule(ShellSyntaxError, 'invalid-input'),
  rule(SourceError, 'invalid-input'),
  rule(HeadersHelperError, 'invalid-input'),
  rule(VariableError, 'invalid-input'),
  rule(WorkloadError, 'invalid-input'),
  rule(ProfileError, 'invalid-input'),
  rule(BudgetError, 'invalid-input'),
  rule(InvalidRecordingError, 'invalid-input'),
  rule(InvalidSnapshotError, 'invalid-input'),
  rule(ModelChoiceError, 'invalid-input'),
  rule(ImageDecodeError, 'invalid-input'),
  // Files we write
  rule(RecordingFileError, 'storage'),
  // Limits, cancels and what this machine lacks
  rule(TooManyServerRequestsError, 'refused'),
  rule(StepTimeout, 'timeout'),
  rule(StepCancelled, 'cancelled'),
  rule(ConformanceCancelled, 'cancelled'),
  rule(SuiteNodeMissing, 'unavailable'),
  // Model providers
  rule(ModelError, (error) => MODEL_KINDS[error.reason]),
];

/** The kind of anything thrown. */
export function kindOf(error: unknown): FailureKind {
  if (error instanceof AppError) return error.kind;
  for (const [type, kind] of KIND_TABLE) {
    if (error instanceof type) return typeof kind === 'function' ? kind(error) : kind;
  }
  return 'unexpected';
}

/** Anything thrown, as it crosses to a front end: an AppError as it is, anything else its message with its kind (never a stack). */
export function errorDataOf(error: unknown): AppErrorData {
  if (error instanceof AppError) return error.toData();
  return { code: 'failed', message: messageOf(error), kind: kindOf(error) };
}
