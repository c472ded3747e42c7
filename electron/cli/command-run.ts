/**
 * Runs one command: opens the session it needs, turns whatever it throws into a report
 * and an exit code, and always closes the session (every server process ends) before
 * the exit code is handed back.
 */
import type { ServerName } from '../../shared/config/server-config';
import { EXIT, type ExitCode } from './exit-codes';
import { Output, type CliIo } from './output';
import type { Catalog } from './report-error';
import type { LiveSessionChoice } from './live-session/use-live-session';
import type { Session, SessionHooks, SourceOptions } from './session';

export class CommandRun {
  readonly output: Output;
  private opened: Session | undefined;
  /** The server the command is about (named in errors). */
  server: ServerName | undefined;
  /** The call's time limit, for the hint when it runs out. */
  timeoutMs: number | undefined;
  /** What the command asked the server for, to point at its list when the server refuses. */
  catalog: Catalog = 'tools';

  constructor(
    readonly io: CliIo,
    json: boolean,
  ) {
    this.output = new Output(io, json);
  }

  /** The server named on the command line of a command that may run on a live session (`session start`). */
  private liveSessionServer: string | undefined;

  /** The command connects to its server first thing (see SessionUse). */
  private connectsAtOnce = false;

  /** Says the command connects to its server first thing: an ad-hoc stdio server starts while the core loads. */
  connectsFirst(): void {
    this.connectsAtOnce = true;
  }

  /** Lets the command run on a live session for `server`, when one runs (and --no-session was not given). */
  offerLiveSession(server: string | undefined): void {
    this.liveSessionServer = server;
  }

  async session(options: SourceOptions & LiveSessionChoice, hooks?: SessionHooks): Promise<Session> {
    const [{ openSession }, { declineServerRequests }] = await Promise.all([import('./session'), import('./server-requests')]);
    if (this.liveSessionServer !== undefined && !hooks) {
      const { openLiveSession } = await import('./live-session/use-live-session');
      const live = await openLiveSession(this.liveSessionServer, options, this.io, (text) => this.output.note(text));
      if (live) {
        this.opened = live;
        declineServerRequests(live.api, (text) => this.output.note(text));
        return live;
      }
    }
    this.opened = await openSession(options, this.io, hooks, { connectsAtOnce: this.connectsAtOnce });
    for (const note of this.opened.notes) this.output.note(`Note: ${note}`);
    if (!hooks?.answersServerRequests) declineServerRequests(this.opened.api, (text) => this.output.note(text));
    return this.opened;
  }

  /** Resolves the command's server (a name, or the ad-hoc one) and remembers it for errors. */
  serverName(session: Session, name: string | undefined): ServerName {
    this.server = session.serverName(name);
    return this.server;
  }

  async close(): Promise<void> {
    await this.opened?.close();
  }

  async failed(error: unknown): Promise<ExitCode> {
    // Read on a failure only: describing one knows every error of the core and its eras.
    const { describeFailure, reportFailure } = await import('./report-error');
    const failure = await describeFailure(error, {
      ...(this.opened ? { session: this.opened } : {}),
      ...(this.server ? { server: this.server } : {}),
      ...(this.timeoutMs ? { timeoutMs: this.timeoutMs } : {}),
      catalog: this.catalog,
    });
    return reportFailure(failure, this.output);
  }
}

export async function runCommand(io: CliIo, json: boolean, body: (run: CommandRun) => Promise<ExitCode | void>): Promise<ExitCode> {
  const run = new CommandRun(io, json);
  try {
    return (await body(run)) ?? EXIT.ok;
  } catch (error) {
    return await run.failed(error);
  } finally {
    await run.close();
  }
}
