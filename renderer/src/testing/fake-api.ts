/**
 * The one fake AppApi for renderer tests: every method of the real interface, typed, so a
 * test gives only the answers it needs and the compiler checks their shapes. Every method
 * is a vitest mock (so a test can check what was called, and what was not); one the test
 * did not answer rejects, naming itself, so a test that leans on an answer it never gave
 * fails loudly instead of passing on `undefined`. Events reach the page through `emit`,
 * the way the core's one subscription delivers them.
 */
import { vi, type Mock } from 'vitest';
import { channels, type AppApi, type AppApiMethod } from '../../../shared/api';
import type { AppEvent, AppEventListener } from '../../../shared/events';

export type FakeApi = { [M in AppApiMethod]: Mock<AppApi[M]> } & {
  onEvent: AppApi['onEvent'];
  /** Delivers one event to every subscriber, as the core's event subscription does. */
  emit(event: AppEvent): void;
  /** How many subscribers there are now (a component that forgot to unsubscribe shows here). */
  listenerCount(): number;
};

export type FakeAnswers = Partial<Omit<AppApi, 'onEvent'>>;

/** The error a method the test did not answer rejects with. */
export class UnansweredCallError extends Error {
  constructor(readonly method: AppApiMethod) {
    super(`fake AppApi: ${method} was called, but the test gave no answer for it`);
  }
}

const METHODS = Object.keys(channels) as AppApiMethod[];

export function fakeApi(answers: FakeAnswers = {}): FakeApi {
  const listeners = new Set<AppEventListener>();
  const mockOf = (method: AppApiMethod) => {
    const answer: unknown = answers[method];
    if (typeof answer !== 'function') return vi.fn(() => Promise.reject(new UnansweredCallError(method)));
    return vi.isMockFunction(answer) ? answer : vi.fn(answer as (...args: unknown[]) => unknown);
  };
  // One place knows that every key of the channel table is a method of AppApi.
  const methods = Object.fromEntries(METHODS.map((method) => [method, mockOf(method)])) as unknown as { [M in AppApiMethod]: Mock<AppApi[M]> };
  return {
    ...methods,
    onEvent(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    emit(event) {
      for (const listener of [...listeners]) listener(event);
    },
    listenerCount: () => listeners.size,
  };
}
