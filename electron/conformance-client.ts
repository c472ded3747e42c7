/**
 * The client under test for the official MCP conformance suite (`npm run conformance`):
 * a thin command on the same core as the app. The suite starts a test server per
 * scenario and runs `conformance-client.cjs <server-url>` with MCP_CONFORMANCE_SCENARIO
 * (and, for some, MCP_CONFORMANCE_CONTEXT: pre-registered client credentials) set. Newer
 * suites also say which revision the scenario runs at (MCP_CONFORMANCE_PROTOCOL_VERSION): the
 * entry's Protocol is pinned to it, as a user testing one era would; without it, Auto detects.
 *
 * What it does is what a user does in the app: add the server, connect; if it needs
 * sign-in, sign in (the suite's authorization page approves at once, so the "browser"
 * just follows its redirect to our loopback callback); list the tools and call each
 * one that can be called, or the calls the scenario's context names with its arguments
 * (confirmed: running this command is the user's consent); answer a form the
 * server asks for with its defaults; sign in again when a call needs more scope, a
 * bounded number of times; list the server's skills when it publishes them (every page), and,
 * where the scenario has the user open a skill, read its SKILL.md checked against the entry
 * and, only if it verifies, its files one by one, as the Skills tab does; close.
 * Exits 0 on success, 1 with the reason on stderr.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ServerConfig } from '../shared/config/server-config';
import type { ServerView, ToolInfo } from '../shared/domain';
import { createCore, type Core } from './core/api/core-api';
import { followAuthorization } from './core/auth/follow-authorization';
import { messageOf } from '../shared/errors';

declare const __APP_VERSION__: string;

const SERVER = 'conformance';
/** Sign-ins per run: enough for a step-up, not an endless loop when the server keeps asking. */
const MAX_SIGN_INS = 3;
/** A Client ID Metadata Document URL for servers that support them (never fetched in the suite). */
const CLIENT_METADATA_URL = 'https://conformance-test.local/client-metadata.json';

interface ConformanceContext {
  client_id?: string;
  client_secret?: string;
  /** The calls a scenario wants made, with exactly these arguments (e.g. the SEP-2243 header values to mirror). */
  toolCalls?: Array<{ name: string; arguments?: Record<string, unknown> }>;
}

async function main(): Promise<void> {
  const url = process.argv.at(-1);
  if (!url || !/^https?:\/\//.test(url)) throw new Error('usage: conformance-client <server-url>');
  const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? '{}') as ConformanceContext;
  const protocol = process.env.MCP_CONFORMANCE_PROTOCOL_VERSION;
  if (protocol !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(protocol)) throw new Error(`MCP_CONFORMANCE_PROTOCOL_VERSION is not a protocol version: ${protocol}`);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-conformance-'));
  let core: Core | undefined;
  try {
    const config: ServerConfig = {
      type: 'http',
      url,
      ...(protocol ? { protocol } : {}),
      oauth: {
        clientMetadataUrl: CLIENT_METADATA_URL,
        ...(context.client_id ? { clientId: context.client_id } : {}),
        ...(context.client_secret ? { clientSecret: context.client_secret } : {}),
      },
    };
    await fs.writeFile(path.join(dataDir, 'servers.json'), JSON.stringify({ mcpServers: { [SERVER]: config } }));
    core = await createCore({
      dataDir,
      env: {},
      watchConfig: false,
      appVersion: typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : '0.0.0',
      shellEnv: async () => ({ env: {} }),
      signInTimeoutMs: 20_000,
      // The suite's authorization page approves at once: follow it like a browser would.
      openAuthorizationUrl: async (_server, authorizationUrl) => {
        void followAuthorization(authorizationUrl).catch((error: unknown) => log(`could not open the authorization page: ${String(error)}`));
      },
    });
    const api = core.api;
    // Questions the server asks mid-call: a form is accepted empty (the client fills in the
    // schema's defaults), anything else declined — as a user who just presses OK would.
    core.events.on('server-request', (event) => {
      const { id, body } = event.request;
      const answer = body.kind === 'elicitation-form' ? { action: 'accept' as const, content: {} } : body.kind === 'sampling' ? { action: 'reply' as const, text: 'ok' } : { action: 'decline' as const };
      log(`answering ${body.kind}: ${answer.action}`);
      void api.answerServerRequest({ id, answer }).catch(() => undefined); // a request the suite already ended: nothing to answer.
    });
    let signIns = 0;
    const signIn = async (): Promise<ServerView> => {
      if (++signIns > MAX_SIGN_INS) throw new Error(`the server still wants sign-in after ${MAX_SIGN_INS} sign-ins; giving up`);
      log(`signing in (${signIns})`);
      return api.signIn({ name: SERVER });
    };
    /** Runs a request; when the server turns out to need (more) sign-in, signs in and tries again. */
    const withSignIn = async <T>(run: () => Promise<T>): Promise<T> => {
      for (;;) {
        try {
          return await run();
        } catch (error) {
          const view = (await api.listServers()).find((server) => server.name === SERVER);
          if (view?.status !== 'needs-auth') throw error;
          const after = await signIn();
          if (after.status !== 'connected') throw new Error(`not connected after sign-in: ${after.error ?? after.status}`, { cause: error });
        }
      }
    };

    let view = await api.connectServer({ name: SERVER });
    while (view.status === 'needs-auth') view = await signIn();
    if (view.status !== 'connected') throw new Error(`could not connect: ${view.error ?? view.status}`);
    log(`connected to ${view.serverInfo?.name ?? 'the server'}`);

    const tools = await withSignIn(() => api.listTools({ name: SERVER }));
    // A tool the list marks excluded (x-mcp-header annotations that break SEP-2243) cannot be
    // called, in the app either: it is skipped.
    for (const tool of tools.filter((tool) => tool.excludedReason)) log(`not calling ${tool.name}: ${tool.excludedReason}`);
    const callable = tools.filter((tool) => !tool.excludedReason);
    const calls = context.toolCalls
      ? context.toolCalls.filter((call) => callable.some((tool) => tool.name === call.name)).map((call) => ({ tool: call.name, args: call.arguments ?? {} }))
      : callable.map((tool) => ({ tool: tool.name, args: schemaEcho(tool, tools) ?? exampleArguments(tool) }));
    for (const { tool, args } of calls) {
      const result = await withSignIn(() => api.callTool({ server: SERVER, tool, arguments: args, confirmed: true }));
      log(`called ${tool}: ${result.isError ? 'tool error' : 'ok'}`);
    }
    await useSkills(api);
    await api.disconnectServer({ name: SERVER });
  } finally {
    await core?.dispose();
    await fs.rm(dataDir, { recursive: true, force: true, maxRetries: 3 });
  }
}

/**
 * Skills as the Skills tab shows them: the listing (no file is read for it), then, when the
 * scenario has the user open a skill, its SKILL.md read and checked against the entry; its
 * other files are read only when that passed, each checked too. A skill that fails is named
 * and left alone, never read further.
 */
async function useSkills(api: Core['api']): Promise<void> {
  const catalog = await api.listSkills({ server: SERVER });
  if (!catalog.supported) return;
  log(`listed ${catalog.skills.length} skills (${catalog.invalid.length} entries refused)`);
  const skill = catalog.skills[0];
  if (!skill || !OPENS_A_SKILL.test(process.env.MCP_CONFORMANCE_SCENARIO ?? '')) return;
  const manifest = await api.readSkillFile({ server: SERVER, skill: skill.uri });
  if (manifest.status === 'failed') {
    log(`not using ${skill.uri}: ${manifest.failure!.reason}: ${manifest.failure!.message}`);
    return;
  }
  for (const file of skill.files === 'dynamic' ? [] : skill.files.filter((file) => file.uri !== skill.uri)) {
    const read = await api.readSkillFile({ server: SERVER, skill: skill.uri, file: file.uri });
    log(`read ${file.path}: ${read.status}${read.failure ? ` (${read.failure.reason})` : ''}`);
  }
}

/** The scenarios in which the user opens a skill (the others only list them: nothing is read ahead of need). */
const OPENS_A_SKILL = /^sep-2640-client-verify-/;

/**
 * The schema-preservation scenario's echo tool takes back the input schema of its other tool as
 * the core listed it, so the suite can see which JSON Schema keywords survived the listing.
 */
function schemaEcho(tool: ToolInfo, tools: ToolInfo[]): Record<string, unknown> | undefined {
  if (process.env.MCP_CONFORMANCE_SCENARIO !== 'json-schema-2020-12-preservation' || tool.name !== 'json_schema_echo') return undefined;
  const focal = tools.find((other) => other.name === 'json_schema_2020_12_tool');
  return focal ? { schema: focal.inputSchema } : undefined;
}

/** Arguments that satisfy a tool's required properties with plain example values. */
function exampleArguments(tool: ToolInfo): Record<string, unknown> {
  const schema = tool.inputSchema as { properties?: Record<string, { type?: string; enum?: unknown[]; default?: unknown }>; required?: string[] };
  const args: Record<string, unknown> = {};
  for (const name of schema.required ?? []) {
    const property = schema.properties?.[name] ?? {};
    if (property.default !== undefined) args[name] = property.default;
    else if (property.enum?.length) args[name] = property.enum[0];
    else if (property.type === 'number' || property.type === 'integer') args[name] = 2;
    else if (property.type === 'boolean') args[name] = true;
    else if (property.type === 'array') args[name] = [];
    else if (property.type === 'object') args[name] = {};
    else args[name] = 'test';
  }
  return args;
}

function log(message: string): void {
  process.stderr.write(`[conformance-client] ${message}\n`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    log(`failed: ${messageOf(error)}`);
    process.exit(1);
  },
);
