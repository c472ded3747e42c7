/** The shared fake AppApi: answers what it was given, refuses loudly what it was not, delivers events. */
import { expect, it, vi } from 'vitest';
import { fakeApi, UnansweredCallError } from './fake-api';

it('answers with what the test gave, and every method is a mock whose calls can be checked', async () => {
  const api = fakeApi({ listServers: vi.fn(async () => []) });
  await expect(api.listServers()).resolves.toEqual([]);
  expect(api.listServers).toHaveBeenCalledTimes(1);
  expect(api.listTools).not.toHaveBeenCalled();
});

it('a method the test did not answer rejects, naming the method', async () => {
  const api = fakeApi();
  await expect(api.listTools({ name: 'a' })).rejects.toThrow(UnansweredCallError);
  await expect(api.callTool({ server: 'a', tool: 'echo', arguments: {} })).rejects.toThrow('callTool was called, but the test gave no answer for it');
});

it('delivers emitted events to each subscriber until it unsubscribes', () => {
  const api = fakeApi();
  const seen: string[] = [];
  const stop = api.onEvent((event) => seen.push(event.type));
  api.emit({ type: 'tools-changed', server: 'a' });
  stop();
  api.emit({ type: 'tools-changed', server: 'a' });
  expect(seen).toEqual(['tools-changed']);
  expect(api.listenerCount()).toBe(0);
});
