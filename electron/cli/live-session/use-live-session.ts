/**
 * Whether a command runs on a live session: when one runs for its server, started from
 * the same servers (the app's scopes, the same --project) and, if the command gives
 * --protocol, the same one. --no-session, --config and ad-hoc servers never use one.
 */
import path from 'node:path';
import { resolveAppDirs } from '../../core/app-data';
import { adhocServer } from '../server-source';
import type { CliIo } from '../output';
import type { Session, SourceOptions } from '../session';
import { connectLiveSession, liveSessionAsSession } from './live-session-client';
import { liveRecords, type LiveSessionRecord } from './live-session-records';

export interface LiveSessionChoice extends SourceOptions {
  /** false with --no-session. */
  session?: boolean;
}

function matches(record: LiveSessionRecord, server: string, options: LiveSessionChoice, cwd: string): boolean {
  const project = options.project !== undefined ? path.resolve(cwd, options.project) : null;
  return record.servers.includes(server) && record.project === project && (options.protocol === undefined || options.protocol === record.protocol);
}

/** The live session for `server`, connected, or undefined (the command then opens a core of its own). */
export async function openLiveSession(server: string, options: LiveSessionChoice, io: CliIo, note: (text: string) => void): Promise<Session | undefined> {
  if (options.session === false || options.config !== undefined || adhocServer(options)) return undefined;
  const dataDir = resolveAppDirs(io.env).config;
  const { live } = await liveRecords(dataDir);
  const record = live.find((candidate) => matches(candidate, server, options, io.cwd));
  if (!record) return undefined;
  const connection = await connectLiveSession(record);
  if (!connection) {
    note(`Note: the live session ${record.id} (pid ${record.pid}) did not let this command in; running without it.`);
    return undefined;
  }
  note(`Using live session ${record.id} for ${server} (give --no-session to run without it).`);
  return liveSessionAsSession(connection, dataDir);
}
