/**
 * A command's side of a live session: connects to the session's control socket, shows its
 * token, and gives the command the same Session a core of its own would (an AppApi built
 * by the one API client every front end uses), so commands do not know which they have.
 * Ctrl+C cancels the command's calls on the session (their servers are told), and the
 * session keeps running.
 */
import net from 'node:net';
import { createApiClient } from '../../../shared/api/client';
import type { AppApiMethod } from '../../../shared/api';
import type { Envelope } from '../../../shared/envelope';
import type { AppEvent, Unsubscribe } from '../../../shared/events';
import { usageError } from '../exit-codes';
import { trackSession, type Session } from '../session';
import type { LiveSessionRecord } from './live-session-records';
import { readMessages, ServerMessageSchema, writeMessage, type ServerMessage } from './live-session-wire';

/** How long a session may take to let a command in before the command runs without it. */
const CONNECT_TIMEOUT_MS = 5_000;
/** How long closing waits for cancelled calls to be answered (their servers told) before hanging up. */
const SETTLE_TIMEOUT_MS = 5_000;

const cancelledEnvelope: Envelope<unknown> = { ok: false, error: { code: 'failed', message: 'Cancelled.', kind: 'cancelled' } };
const goneEnvelope: Envelope<unknown> = { ok: false, error: { code: 'failed', message: 'The live session ended before it answered.', kind: 'connection' } };

export interface LiveConnection {
  invoke(method: string, payload: unknown, signal?: AbortSignal): Promise<Envelope<unknown>>;
  onEvents(listener: (batch: readonly AppEvent[]) => void): Unsubscribe;
  /** Asks the session to end; resolves when it has said it is stopping (or has hung up). */
  stop(): Promise<void>;
  /** Waits for the calls under way (bounded), then hangs up. */
  close(): Promise<void>;
}

/** Connects and shows the token; undefined when the session does not let us in (gone, or refusing) in time. */
export function connectLiveSession(record: Pick<LiveSessionRecord, 'socket' | 'token'>): Promise<LiveConnection | undefined> {
  return new Promise((resolve) => {
    const socket = net.connect(record.socket);
    const pending = new Map<number, (envelope: Envelope<unknown>) => void>();
    const listeners = new Set<(batch: readonly AppEvent[]) => void>();
    const stopped: Array<() => void> = [];
    /** Waiting for every call under way to be answered. */
    const idleWaiters: Array<() => void> = [];
    let nextId = 1;
    let welcomed = false;
    const timer = setTimeout(() => finish(undefined), CONNECT_TIMEOUT_MS);
    const finish = (connection: LiveConnection | undefined) => {
      clearTimeout(timer);
      if (!connection) socket.destroy();
      resolve(connection);
    };
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    socket.on('error', () => undefined);
    void closed.then(() => {
      if (!welcomed) finish(undefined);
      for (const answer of pending.values()) answer(goneEnvelope);
      pending.clear();
      for (const done of stopped.splice(0)) done();
    });

    const connection: LiveConnection = {
      invoke(method, payload, signal) {
        if (signal?.aborted) return Promise.resolve(cancelledEnvelope);
        if (socket.destroyed) return Promise.resolve(goneEnvelope);
        const id = nextId++;
        return new Promise((answer) => {
          const onAbort = () => writeMessage(socket, { type: 'cancel', token: record.token, id });
          signal?.addEventListener('abort', onAbort, { once: true });
          pending.set(id, (envelope) => {
            signal?.removeEventListener('abort', onAbort);
            answer(envelope);
          });
          writeMessage(socket, { type: 'call', token: record.token, id, method, ...(payload !== undefined ? { payload } : {}) });
        });
      },
      onEvents(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      stop() {
        if (socket.destroyed) return Promise.resolve();
        return new Promise((done) => {
          stopped.push(done);
          writeMessage(socket, { type: 'stop', token: record.token });
        });
      },
      async close() {
        if (pending.size > 0) {
          let timeout: NodeJS.Timeout | undefined;
          const late = new Promise<void>((done) => (timeout = setTimeout(done, SETTLE_TIMEOUT_MS)));
          await Promise.race([new Promise<void>((done) => idleWaiters.push(done)), closed, late]);
          clearTimeout(timeout);
        }
        socket.end();
        await closed;
      },
    };

    readMessages(
      socket,
      ServerMessageSchema,
      (message) => {
        const typed = message as ServerMessage;
        switch (typed.type) {
          case 'welcome':
            welcomed = true;
            finish(connection);
            return;
          case 'answer': {
            const answer = pending.get(typed.id);
            pending.delete(typed.id);
            answer?.(typed.envelope);
            if (pending.size === 0) for (const done of idleWaiters.splice(0)) done();
            return;
          }
          case 'events':
            for (const listener of listeners) listener(typed.events);
            return;
          case 'stopping':
            for (const done of stopped.splice(0)) done();
            return;
          case 'refused':
            socket.destroy();
        }
      },
      () => socket.destroy(),
    );
    socket.once('connect', () => writeMessage(socket, { type: 'hello', token: record.token }));
  });
}

/** The live session as the Session a command works with; Ctrl+C cancels its calls, closing hangs up and leaves the session running. */
export function liveSessionAsSession(connection: LiveConnection, dataDir: string): Session {
  const stop = new AbortController();
  const api = createApiClient({
    invoke: (method: AppApiMethod, payload: unknown) => connection.invoke(method, payload, stop.signal),
    onEvents: (listener) => connection.onEvents(listener),
  });
  let closing: Promise<void> | undefined;
  let untrack: () => void = () => undefined;
  const session: Session = {
    api,
    dataDir,
    source: 'scopes',
    notes: [],
    serverName(name) {
      if (name === undefined) throw usageError('Name a server.', 'mcp-workbench session list shows the servers of the live sessions.');
      return name;
    },
    async view(name) {
      return (await api.listServers()).find((server) => server.name === name);
    },
    // The session's own process reads the secrets; what it cannot read, its start said.
    unreadableSecrets: () => undefined,
    launchConfig: () => Promise.reject(usageError('A live session does not hand out launch configurations.', 'Give --no-session to run this command on its own.')),
    loadConnection: () => {
      throw usageError('A live session does not hand out connections for a load run.', 'Give --no-session to run this command on its own.');
    },
    invoke: (method, payload, signal) => connection.invoke(method, payload, AbortSignal.any([stop.signal, signal])),
    cancel: () => stop.abort(),
    signal: stop.signal,
    close() {
      closing ??= connection.close().finally(() => untrack());
      return closing;
    },
  };
  untrack = trackSession(session);
  return session;
}
