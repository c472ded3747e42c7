/**
 * A live session's control channel: commands connect to the session's socket, show its
 * token on every message, and call the session's core through its dispatcher (the same
 * payload checks as every front end); the core's events go to every connected command.
 *
 * Nothing a peer sends can stop or stall the session: a wrong token, a malformed or
 * oversized line, or a peer that says nothing closes that connection only; a peer that
 * stops reading is dropped once its queue is full. A call belongs to its connection: when
 * the command goes away (Ctrl+C, killed), its calls are cancelled on their servers.
 *
 * The session ends after `idleMs` with no command connected and no call under way, or on
 * a `stop` message.
 */
import type { Server, Socket } from 'node:net';
import type { Envelope } from '../../../shared/envelope';
import type { AppEvent, Unsubscribe } from '../../../shared/events';
import { ClientMessageSchema, readMessages, tokenMatches, writeMessage, type ClientMessage } from './live-session-wire';
import { errorDataOf } from '../../core/errors/error-kinds';

/** How long a new connection may take to show the token. */
const HELLO_TIMEOUT_MS = 5_000;
/** How much may wait, unsent, for one command (as the browser host allows a page). */
const MAX_QUEUED_BYTES = 64 * 1024 * 1024;

export interface LiveSessionCore {
  dispatch(method: string, payload: unknown, signal: AbortSignal): Promise<Envelope<unknown>>;
  onEvent(listener: (event: AppEvent) => void): Unsubscribe;
}

export interface LiveSessionOptions {
  token: string;
  servers: string[];
  idleMs: number;
  /** Called once, when the session should end: idle for idleMs, or asked to stop. */
  onEnd(reason: 'idle' | 'stop'): void;
}

export function serveLiveSession(server: Server, core: LiveSessionCore, options: LiveSessionOptions): void {
  const connections = new Set<Socket>();
  let callsUnderWay = 0;
  let ended = false;
  let idleTimer: NodeJS.Timeout | undefined;

  const end = (reason: 'idle' | 'stop') => {
    if (ended) return;
    ended = true;
    clearTimeout(idleTimer);
    server.close();
    options.onEnd(reason);
  };
  /** The idle clock runs only while nobody is connected and nothing is under way. */
  const checkIdle = () => {
    clearTimeout(idleTimer);
    idleTimer = undefined;
    if (ended || connections.size > 0 || callsUnderWay > 0) return;
    idleTimer = setTimeout(() => end('idle'), options.idleMs);
  };

  server.on('connection', (socket) => {
    socket.on('error', () => undefined);
    let welcomed = false;
    let unsubscribe: Unsubscribe | undefined;
    const calls = new Map<number, AbortController>();
    const drop = (message?: string) => {
      if (message) writeMessage(socket, { type: 'refused', message });
      socket.end();
      socket.destroySoon();
    };
    const helloTimer = setTimeout(() => drop('No token shown in time.'), HELLO_TIMEOUT_MS);
    const send: typeof writeMessage = (target, message) => {
      if (target.writableLength > MAX_QUEUED_BYTES) return target.destroy();
      writeMessage(target, message);
    };

    socket.on('close', () => {
      clearTimeout(helloTimer);
      unsubscribe?.();
      // The command went away: what it asked for is cancelled on the servers.
      for (const controller of calls.values()) controller.abort();
      if (connections.delete(socket)) checkIdle();
    });

    readMessages(
      socket,
      ClientMessageSchema,
      (message: ClientMessage) => {
        if (!tokenMatches(message.token, options.token)) return drop('Wrong token.');
        if (!welcomed) {
          if (message.type !== 'hello') return drop('Say hello first.');
          welcomed = true;
          clearTimeout(helloTimer);
          connections.add(socket);
          checkIdle();
          unsubscribe = core.onEvent((event) => send(socket, { type: 'events', events: [event] }));
          send(socket, { type: 'welcome', servers: options.servers, pid: process.pid });
          return;
        }
        switch (message.type) {
          case 'hello':
            return;
          case 'cancel':
            calls.get(message.id)?.abort();
            return;
          case 'stop':
            send(socket, { type: 'stopping' });
            end('stop');
            return;
          case 'call': {
            if (calls.has(message.id)) return drop('A call id was used twice.');
            const controller = new AbortController();
            calls.set(message.id, controller);
            callsUnderWay++;
            checkIdle();
            void core
              .dispatch(message.method, message.payload, controller.signal)
              .catch((error: unknown): Envelope<unknown> => ({ ok: false, error: errorDataOf(error) }))
              .then((envelope) => {
                calls.delete(message.id);
                callsUnderWay--;
                send(socket, { type: 'answer', id: message.id, envelope });
                checkIdle();
              });
          }
        }
      },
      (why) => drop(`Refused ${why}.`),
    );
  });

  checkIdle();
}
