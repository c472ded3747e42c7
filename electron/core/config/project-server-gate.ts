/**
 * The one check every start of a project server passes (Connect, a tool call, a list, a
 * History re-run, a collection step, a replay, the doctor, the CLI): a `.mcp.json` entry
 * starts only when the user approved exactly that entry for this project. A denied one
 * fails with a message; an undecided or changed one makes the front end ask (the app's
 * dialog, the CLI's terminal prompt or `--approve-project`), showing what would run. The
 * answer runs exactly what was shown: the question carries the entry being launched.
 */
import { isStdioConfig, transportOf, type ServerConfig, type ServerName } from '../../../shared/config/server-config';
import type { EntryOrigin } from './apply-headers-helper';
import { deniedMessage, type ProjectServerApprovalService } from './project-server-approval';
import { failure } from '../../../shared/errors';

/** `always`: approve and remember; `once`: start it this time only; `refuse`: do not start it. */
type ProjectServerAnswer = 'always' | 'once' | 'refuse';

/** What would run, as the user is shown it: never a secret value (env values and headers are named, not shown). */
interface ProjectServerSummary {
  transport: string;
  command?: string;
  args?: string[];
  cwd?: string;
  envFile?: string;
  /** The names of the environment variables it sets. */
  env?: string[];
  url?: string;
  /** The names of the headers it sends. */
  headers?: string[];
  headersHelper?: string;
}

export interface ProjectServerQuestion {
  server: ServerName;
  project: string;
  entry: ProjectServerSummary;
  /** The user decided about an earlier version of this entry: it changed since. */
  changed: boolean;
}

/** Asks the user; may throw with its own message (the CLI without a terminal). */
export type ProjectServerAsk = (question: ProjectServerQuestion) => Promise<ProjectServerAnswer>;

function summarizeEntry(config: ServerConfig): ProjectServerSummary {
  const record = config as Record<string, unknown>;
  const names = (value: unknown) => (value && typeof value === 'object' ? Object.keys(value) : []);
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value : undefined);
  const envFile = text(record.envFile);
  const headersHelper = text(record.headersHelper);
  if (isStdioConfig(config)) {
    const env = names(config.env);
    return {
      transport: 'stdio',
      command: config.command,
      ...(config.args?.length ? { args: config.args } : {}),
      ...(config.cwd ? { cwd: config.cwd } : {}),
      ...(envFile ? { envFile } : {}),
      ...(env.length ? { env } : {}),
    };
  }
  const headers = names(record.headers);
  return {
    transport: transportOf(config),
    ...(typeof record.url === 'string' ? { url: record.url } : {}),
    ...(headers.length ? { headers } : {}),
    ...(headersHelper ? { headersHelper } : {}),
  };
}

function notApprovedMessage(name: ServerName): string {
  return `"${name}" is a project server (.mcp.json) you have not approved, so it is not started. Approve it to connect.`;
}

/** Throws unless this launch of a project entry is approved (asking when undecided). */
export async function checkProjectServer(name: ServerName, config: ServerConfig, origin: EntryOrigin, approvals: ProjectServerApprovalService, ask: ProjectServerAsk): Promise<void> {
  if (origin.scope !== 'project' || !origin.project) return;
  const approval = approvals.approvalOf(name, config);
  if (approval?.decision === 'denied') throw failure('refused', deniedMessage(name));
  if (approval?.decision === 'approved') return;
  const answer = await ask({ server: name, project: origin.project, entry: summarizeEntry(config), changed: approval?.changed === true });
  if (answer === 'refuse') throw failure('refused', notApprovedMessage(name));
  if (answer === 'always') await approvals.decide(name, 'approved', config);
}
