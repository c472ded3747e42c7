/** Which call a server's question belongs to: the one call running on its server, or the call that said so. */
import { expect, it } from 'vitest';
import type { PendingServerRequest } from '../../../shared/api/server-requests';
import { EventBus } from '../events/event-bus';
import { ServerRequestBroker } from './server-request-broker';

const FORM = { kind: 'elicitation-form', message: 'Name?', requestedSchema: { type: 'object' } } as const;

function askedRequests(events: EventBus): PendingServerRequest[] {
  const asked: PendingServerRequest[] = [];
  events.on('server-request', (event) => asked.push(event.request));
  return asked;
}

it('ties a question to the only call running on its server, to none while several run, and to the call that names itself', () => {
  const events = new EventBus();
  const asked = askedRequests(events);
  const broker = new ServerRequestBroker(events, () => 60_000);
  const endA = broker.callStarted('lab', 'a');
  broker.callStarted('other', 'elsewhere');
  void broker.ask('lab', FORM);
  const endB = broker.callStarted('lab', 'b');
  void broker.ask('lab', FORM);
  void broker.ask('lab', FORM, undefined, 'b');
  endA();
  void broker.ask('lab', FORM);
  endB();
  void broker.ask('lab', FORM);
  expect(asked.map((request) => request.callId)).toEqual(['a', undefined, 'b', 'b', undefined]);
  broker.closeServer('lab');
});

it('a call id started twice is ended by its first start only', () => {
  const events = new EventBus();
  const asked = askedRequests(events);
  const broker = new ServerRequestBroker(events, () => 60_000);
  broker.callStarted('lab', 'a');
  broker.callStarted('lab', 'a')();
  void broker.ask('lab', FORM);
  expect(asked[0]?.callId).toBe('a');
  broker.closeServer('lab');
});
