/**
 * The command line: every command, its options and its help, parsed with commander.
 * Each action hands its exit code to `done`; parse errors and --help come back as
 * CommanderErrors (see runCli).
 */
import { Command, Option } from 'commander';
import { ADHOC_TRANSPORTS } from './adhoc-transports';
import { runCommand, type CommandRun } from './command-run';
import type { DiffOptions, SnapshotOptions } from './commands/contracts';
import type { ConformanceOptions } from './commands/conformance';
import type { DoctorOptions } from './commands/doctor';
import type { LoadOptions } from './commands/load';
import type { TestOptions } from './commands/test';
import type { RecordOptions } from './commands/record';
import type { MockOptions, ReplayOptions } from './commands/recordings';
import type { ReadOptions as SkillReadOptions } from './commands/skills';
import type { VerifyOptions as SkillVerifyOptions } from './commands/skills-verify';
import type { CallOptions } from './commands/tools';
import type { ChatOptions } from './commands/chat';
import type { ModelsListOptions } from './commands/models';
import type { SessionStartOptions } from './commands/session';
import type { ExitCode } from './exit-codes';
import type { CliIo } from './output';
import { REPORTERS } from './reporters/collection-results';
import type { SourceOptions } from './session';
import { collect, type ArgumentOptions } from './tool-arguments';

// Commands (and the core they open) load when one runs, so --help and usage errors answer at once.
const serversCommands = () => import('./commands/servers');
const toolsCommands = () => import('./commands/tools');
const authCommands = () => import('./commands/auth');
const resourcesCommands = () => import('./commands/resources');
const skillsCommands = () => import('./commands/skills');
const skillsVerifyCommand = () => import('./commands/skills-verify');
const promptsCommands = () => import('./commands/prompts');
const tasksCommands = () => import('./commands/tasks');
const doctorCommand = () => import('./commands/doctor');
const conformanceCommand = () => import('./commands/conformance');
const contractsCommands = () => import('./commands/contracts');
const testCommand = () => import('./commands/test');
const recordCommand = () => import('./commands/record');
const recordingsCommands = () => import('./commands/recordings');
const loadCommand = () => import('./commands/load');
const chatCommand = () => import('./commands/chat');
const modelsCommands = () => import('./commands/models');
const sessionCommands = () => import('./commands/session');

declare const __APP_VERSION__: string;

type Done = (code: ExitCode) => void;

const SOURCE_GROUP = 'Which servers:';
const ADHOC_GROUP = 'Ad-hoc server (in place of <server>; nothing is saved):';

/** --config and --project: the same servers as the app, or a file's; --protocol for every one of them. */
function withSources(command: Command): Command {
  return command
    .addOption(
      new Option('--protocol <era>', "the MCP protocol era: auto (detect, the default), legacy (2025 initialize), modern (2026-07-28 only), or a version such as 2025-06-18; overrides each server's Protocol setting"),
    )
    .addOption(new Option('--allow-headers-helper', "run a server's headersHelper (a command whose output becomes its HTTP headers) without asking"))
    .addOption(new Option('--config <file>', "the servers of this mcpServers file (Claude Desktop, .mcp.json, Cursor, VS Code), instead of the app's").helpGroup(SOURCE_GROUP))
    .addOption(new Option('--project <dir>', "also this project's servers (its .mcp.json and your local entries for it), as when the app opens <dir>").helpGroup(SOURCE_GROUP))
    .addOption(new Option('--approve-project', "with --project: start its .mcp.json servers you have not approved, for this run only (otherwise you are asked on a terminal)").helpGroup(SOURCE_GROUP));
}

/** --stdio / --url and their companions: a server given on the command line. */
function withAdhoc(command: Command): Command {
  return withSources(command)
    .addOption(new Option('--stdio <command line>', 'start this command and talk to it over stdio (split like a shell would, but run without one)').helpGroup(ADHOC_GROUP))
    .addOption(new Option('--env <KEY=VALUE>', 'an environment variable for --stdio (repeatable)').argParser(collect).helpGroup(ADHOC_GROUP))
    .addOption(new Option('--url <url>', 'connect to the server at this URL').helpGroup(ADHOC_GROUP))
    .addOption(new Option('--transport <type>', 'the transport for --url (default: ws for ws:// and wss://, else http)').choices([...ADHOC_TRANSPORTS]).helpGroup(ADHOC_GROUP))
    .addOption(new Option('--header <"Name: value">', 'an HTTP header for --url (repeatable); ${VAR} is filled in from the environment').argParser(collect).helpGroup(ADHOC_GROUP))
    .addOption(new Option('--name <name>', 'what to call the ad-hoc server in messages (default: from its package or host)').helpGroup(ADHOC_GROUP));
}

/** --no-session: a command that would run on its server's live session opens its own connection instead. */
function withLiveSession(command: Command): Command {
  return command.addOption(new Option('--no-session', "run on a connection of this command's own, even when a live session (session start) runs for the server"));
}
const LIVE = { live: true };

const jsonOption = () => new Option('--json', 'print one JSON document on stdout (and nothing else there)');

const SERVER_ARGUMENT = 'a configured server (leave it out with --stdio or --url)';
const AUTH_SERVER_ARGUMENT = 'a configured server (leave it out with --url)';

type ServerHandler<O> = (run: CommandRun, server: string | undefined, options: O) => Promise<ExitCode>;

export function buildProgram(io: CliIo, done: Done): Command {
  const program = new Command('mcp-workbench')
    .description("MCP Workbench on the command line: check servers, call tools, read resources and skills, get prompts, sign in, with the app's servers, settings and credentials.")
    .version(typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : '0.0.0', '-V, --version')
    .option('--verbose', 'print diagnostic lines, down to debug, on stderr (they also go to the log file)')
    .showHelpAfterError('(add --help for the options)')
    .configureHelp({ sortSubcommands: false, showGlobalOptions: false })
    .configureOutput({
      writeOut: (text) => void io.stdout.write(text),
      writeErr: (text) => void io.stderr.write(text),
    })
    .exitOverride()
    .addHelpText(
      'after',
      `
Exit codes: 0 success, 1 the tool returned isError (or the server answered with an error,
doctor found an error, diff a breaking change, test a failed step, conformance a failed
scenario, replay a different answer, a skill file did not match its entry, or load missed a --budget), 2 usage or config error (or an unreadable snapshot, collection or recording file),
3 connection or sign-in failure, 4 timeout, 5 the task is gone (expired, or unknown to the
server). record exits with its server's exit status.

Data folder: MCP_WORKBENCH_HOME, else the app's (servers, settings, secrets are shared).
Examples:
  mcp-workbench servers check
  mcp-workbench tools call github search_issues --arg query=bug --json
  mcp-workbench tools list --stdio "npx -y @modelcontextprotocol/server-everything"`,
    );
  // Before any command runs: its diagnostic lines go to the log file (and with --verbose to stderr).
  program.hook('preAction', async () => (await import('./cli-diagnostics')).startCliDiagnostics(io, !!program.opts<{ verbose?: boolean }>().verbose));
  // Subcommands report their own parse errors the same way.
  const configure = (command: Command) => command.exitOverride().showHelpAfterError('(add --help for the options)').configureOutput(program.configureOutput());
  /** `<group> <name> [server]`: one server (configured or ad hoc), --json, nothing else. */
  const serverCommand = <O extends SourceOptions & { json?: boolean }>(
    group: Command,
    name: string,
    description: string,
    handler: () => Promise<ServerHandler<O>>,
    argument = SERVER_ARGUMENT,
    { live = false }: { live?: boolean } = {},
  ) =>
    configure(
      (live ? withLiveSession : (command: Command) => command)(withAdhoc(group.command(name).description(description).argument('[server]', argument)))
        .addOption(jsonOption())
        .action(async (server: string | undefined, options: O) =>
          done(
            await runCommand(io, !!options.json, async (run) => {
              if (live) run.offerLiveSession(server);
              return (await handler())(run, server, options);
            }),
          ),
        ),
    );
  /** Runs a command on the live session of its server (`session start`), if one runs. */
  const onLiveSession = (run: CommandRun, operands: string[]) => run.offerLiveSession(operands[0]);

  const servers = configure(program.command('servers').description('configured servers: list them, check that they connect'));
  configure(
    withSources(servers.command('list').description('list the servers (name, scope, transport, command or URL); nothing is started'))
      .addOption(jsonOption())
      .action(async (options: SourceOptions & { json?: boolean }) => done(await runCommand(io, !!options.json, async (run) => (await serversCommands()).serversList(run, options)))),
  );
  configure(
    withAdhoc(
      servers
        .command('check')
        .description('connect each server (all, or the ones named) and print its state, tool count and connect time; exits non-zero if any fails')
        .argument('[server...]', 'servers to check (default: every enabled server)'),
    )
      .addOption(jsonOption())
      .action(async (names: string[], options: SourceOptions & { json?: boolean }) => done(await runCommand(io, !!options.json, async (run) => (await serversCommands()).serversCheck(run, names, options)))),
  );

  const tools = configure(program.command('tools').description("a server's tools: list them, call one"));
  serverCommand(tools, 'list', 'list the tools of a server', async () => (await toolsCommands()).toolsList, SERVER_ARGUMENT, LIVE);
  configure(
    withLiveSession(withAdhoc(
      tools
        .command('call')
        .description('call a tool and print its result')
        .usage('[options] <server> <tool>   (with --stdio or --url: [options] <tool>)')
        .argument('[server]', SERVER_ARGUMENT)
        .argument('[tool]', 'the tool to call'),
    ))
      .option('--args <json>', "the arguments as a JSON object, e.g. --args '{\"text\": \"hi\"}'")
      .addOption(
        new Option('--arg <key=value>', 'one argument (repeatable, applied over --args); the value is taken as JSON when it parses as JSON (3, true, ["a"], "quoted"), else as a string').argParser(
          collect,
        ),
      )
      .option('--timeout <ms>', "how long to wait for the answer (progress from the server restarts the wait, as set in the app's settings)")
      .option('--accept-changes', "run the tool even though its description or schemas changed since it was first allowed (and pin the new version)")
      .option('--progress', 'show progress on stderr even when it is not a terminal')
      .option('--no-progress', 'never show progress')
      .option('--task', 'run it as a task and wait for the result (status on stderr); tools whose taskSupport is "required" always are')
      .option('--detach', 'with a task: print its id and leave it running (then: tasks get|result|cancel)')
      .addOption(jsonOption())
      .action(async (server: string | undefined, tool: string | undefined, options: CallOptions & { json?: boolean }) => {
        const operands = [server, tool].filter((word): word is string => word !== undefined);
        done(await runCommand(io, !!options.json, async (run) => (onLiveSession(run, operands), (await toolsCommands()).toolsCall(run, operands, options))));
      }),
  );
  const tasks = configure(program.command('tasks').description('tasks a server runs for us (tools call --task): list them, look at one, wait for its result, cancel it'));
  serverCommand(tasks, 'list', 'list the tasks MCP Workbench knows of on a server (and, on a 2025-11-25 server, the ones it lists)', async () => (await tasksCommands()).tasksList, SERVER_ARGUMENT, LIVE);
  const taskCommand = (name: string, description: string, handler: () => Promise<(run: CommandRun, operands: string[], options: SourceOptions & { json?: boolean }) => Promise<ExitCode>>) =>
    configure(
      withLiveSession(withAdhoc(tasks.command(name).description(description).usage('[options] <server> <task id>').argument('[server]', SERVER_ARGUMENT).argument('[id]', 'the task id')))
        .option('--progress', 'show the status on stderr even when it is not a terminal')
        .option('--no-progress', 'never show the status')
        .addOption(jsonOption())
        .action(async (server: string | undefined, id: string | undefined, options: SourceOptions & { json?: boolean }) => {
          const operands = [server, id].filter((word): word is string => word !== undefined);
          done(await runCommand(io, !!options.json, async (run) => (onLiveSession(run, operands), (await handler())(run, operands, options))));
        }),
    );
  taskCommand('get', "ask the server for the task's status now", async () => (await tasksCommands()).tasksGet);
  taskCommand('result', 'wait for the task to end and print its result', async () => (await tasksCommands()).tasksResult);
  taskCommand('cancel', 'ask the server to cancel the task (tasks/cancel); it decides whether it stops', async () => (await tasksCommands()).tasksCancel);

  const resources = configure(program.command('resources').description("a server's resources: list them and their templates, read one"));
  serverCommand(resources, 'list', 'list the resources of a server (every page)', async () => (await resourcesCommands()).resourcesList, SERVER_ARGUMENT, LIVE);
  serverCommand(resources, 'templates', 'list the resource templates of a server', async () => (await resourcesCommands()).resourcesTemplates, SERVER_ARGUMENT, LIVE);
  configure(
    withLiveSession(withAdhoc(
      resources
        .command('read')
        .description('read a resource: text printed whole, images and binary content saved to files (--json: the contents, binary as base64)')
        .usage('[options] <server> <uri>   (with --stdio or --url: [options] <uri>)')
        .argument('[server]', SERVER_ARGUMENT)
        .argument('[uri]', 'the resource to read'),
    ))
      .addOption(jsonOption())
      .action(async (server: string | undefined, uri: string | undefined, options: SourceOptions & { json?: boolean }) => {
        const operands = [server, uri].filter((word): word is string => word !== undefined);
        done(await runCommand(io, !!options.json, async (run) => (onLiveSession(run, operands), (await resourcesCommands()).resourcesRead(run, operands, options))));
      }),
  );

  const skills = configure(program.command('skills').description("a server's skills (the MCP Skills extension): list them, show one, read a file, verify every file against its entry"));
  serverCommand(skills, 'list', "list the skills of a server (every page), and the entries it refused with their reasons", async () => (await skillsCommands()).skillsList, SERVER_ARGUMENT, LIVE);
  const skillCommand = <O extends SourceOptions & { json?: boolean }>(
    name: string,
    description: string,
    usage: string,
    argument: [string, string],
    extra: (command: Command) => Command,
    handler: () => Promise<(run: CommandRun, operands: string[], options: O) => Promise<ExitCode>>,
  ) =>
    configure(
      extra(withLiveSession(withAdhoc(skills.command(name).description(description).usage(usage).argument('[server]', SERVER_ARGUMENT).argument(...argument))))
        .addOption(jsonOption())
        .action(async (server: string | undefined, rest: string | string[] | undefined, options: O) => {
          const operands = [server, ...(Array.isArray(rest) ? rest : [rest])].filter((word): word is string => word !== undefined);
          done(await runCommand(io, !!options.json, async (run) => (onLiveSession(run, operands), (await handler())(run, operands, options))));
        }),
    );
  skillCommand(
    'get',
    "show one skill: its description, frontmatter and files with their sizes and digests",
    '[options] <server> <name|uri>   (with --stdio or --url: [options] <name|uri>)',
    ['[skill]', 'the skill: its name (or prefix/name), or the URI of its SKILL.md'],
    (command) => command,
    async () => (await skillsCommands()).skillsGet,
  );
  skillCommand<SkillReadOptions & { json?: boolean }>(
    'read',
    "read a file of a skill, checked against the skill's entry (size, digest, SKILL.md's frontmatter), or list a folder; exits 1 when the file does not match",
    '[options] <server> <uri>   (with --stdio or --url: [options] <uri>)',
    ['[uri]', 'the file or folder (skill://…)'],
    (command) => command.option('-o, --output <file>', 'write the file\'s bytes to this file (images and binary files are only summarized otherwise)'),
    async () => (await skillsCommands()).skillsRead,
  );
  skillCommand<SkillVerifyOptions & { json?: boolean }>(
    'verify',
    "read every file of every skill (or of the skills named) and check each against its entry; exits 1 when a file fails or an entry is refused, naming skill, file and reason",
    '[options] <server> [skill...]   (with --stdio or --url: [options] [skill...])',
    ['[skills...]', 'only these skills (name, prefix/name or SKILL.md URI)'],
    (command) =>
      command
        .option('--junit', 'print the report as JUnit XML (one test suite per skill, one test case per file)')
        .option('--progress', 'show progress on stderr even when it is not a terminal')
        .option('--no-progress', 'never show progress'),
    async () => (await skillsVerifyCommand()).skillsVerify,
  );

  const prompts = configure(program.command('prompts').description("a server's prompts: list them, get one with its arguments"));
  serverCommand(prompts, 'list', 'list the prompts of a server and their arguments ([optional] ones in brackets)', async () => (await promptsCommands()).promptsList, SERVER_ARGUMENT, LIVE);
  configure(
    withLiveSession(withAdhoc(
      prompts
        .command('get')
        .description('get a prompt with its arguments and print its messages')
        .usage('[options] <server> <name>   (with --stdio or --url: [options] <name>)')
        .argument('[server]', SERVER_ARGUMENT)
        .argument('[name]', 'the prompt'),
    ))
      .option('--args <json>', "the arguments as a JSON object of strings, e.g. --args '{\"city\": \"Paris\"}'")
      .addOption(new Option('--arg <key=value>', 'one argument (repeatable, applied over --args), taken as written: prompt arguments are strings').argParser(collect))
      .addOption(jsonOption())
      .action(async (server: string | undefined, name: string | undefined, options: SourceOptions & ArgumentOptions & { json?: boolean }) => {
        const operands = [server, name].filter((word): word is string => word !== undefined);
        done(await runCommand(io, !!options.json, async (run) => (onLiveSession(run, operands), (await promptsCommands()).promptsGet(run, operands, options))));
      }),
  );

  configure(
    withAdhoc(
      program
        .command('doctor')
        .description("check servers against each host's rules (Claude Code, Claude Desktop, Cursor, VS Code, OpenAI, Gemini CLI) and the MCP spec; exits 1 when a finding is an error")
        .argument('[server...]', 'servers to check (default: every enabled server)'),
    )
      .option('--host <hosts>', 'only these hosts, comma-separated: claude-code, claude-desktop, cursor, vscode, openai, gemini (Gemini CLI); the spec always applies')
      .addOption(jsonOption())
      .option('--junit', 'print the report as JUnit XML (one test suite per server, one test case per rule)')
      .action(async (names: string[], options: DoctorOptions & { json?: boolean }) => done(await runCommand(io, !!options.json, async (run) => (await doctorCommand()).doctor(run, names, options)))),
  );

  configure(
    withAdhoc(
      program
        .command('conformance')
        .description("run the official MCP conformance suite's server scenarios against a server (HTTP at its URL, stdio through a loopback bridge); exits 1 when a scenario failed or recorded no check")
        .argument('[server]', SERVER_ARGUMENT),
    )
      .addOption(new Option('--spec-version <revision>', 'the protocol revision whose required scenarios run').choices(['2025-11-25', '2026-07-28']).default('2025-11-25'))
      .addOption(jsonOption())
      .option('--junit', 'print the results as JUnit XML (a test case per scenario)')
      .option('--install-suite', 'when the suite is not installed, fetch it with npm into the data folder first (needs the npm registry)')
      .action(async (server: string | undefined, options: ConformanceOptions & { json?: boolean }) => done(await runCommand(io, !!options.json, async (run) => (await conformanceCommand()).conformance(run, server, options)))),
  );
  configure(
    withAdhoc(program.command('snapshot').description("write a server's contract (server info, protocol, capabilities, instructions, tools, resources, templates, prompts) as a stable JSON file to commit and diff").argument('[server]', SERVER_ARGUMENT))
      .option('-o, --output <file>', 'write the snapshot to this file (default: stdout)')
      .addOption(jsonOption())
      .action(async (server: string | undefined, options: SnapshotOptions & { json?: boolean }) => done(await runCommand(io, !!options.json, async (run) => (await contractsCommands()).snapshot(run, server, options)))),
  );
  configure(
    withAdhoc(
      program
        .command('diff')
        .description('compare two snapshots, or a live server with one (--against): each change breaking, additive or changed; exits 1 when one is breaking')
        .usage('[options] <before.json> <after.json>   (or: [options] <server> --against <file>)')
        .argument('[operands...]', 'two snapshot files, or a server with --against'),
    )
      .option('--against <file>', 'compare the live server with this snapshot (the file is "before")')
      .addOption(jsonOption())
      .action(async (operands: string[], options: DiffOptions & { json?: boolean }) => done(await runCommand(io, !!options.json, async (run) => (await contractsCommands()).diff(run, operands, options)))),
  );

  configure(
    withAdhoc(
      program
        .command('test')
        .description('run collections (saved requests with assertions, see docs/collections.md) against a server; exits 1 when a step fails')
        .argument('[files...]', "collection files (default: every .yaml file in the project's .mcp-workbench/collections/, the project being --project or the current folder)"),
    )
      .option('--server <name>', "run every collection against this server, over each collection's own `server:`")
      .addOption(new Option('--reporter <name>', 'how to report: pretty (default), junit (JUnit XML), tap (TAP 14) or json').choices([...REPORTERS]))
      .option('-o, --output <file>', 'write the report to this file (a one-line summary goes to stderr)')
      .option('--bail', 'stop each collection at its first failed step, over its own `bail:`')
      .addOption(new Option('--eras <which>', 'both: run each collection at 2025-11-25 and at 2026-07-28 (a session pinned to each) and report, step by step, what differs').choices(['both']))
      .addOption(new Option('--allow-env <names>', 'environment variables the collections may read as ${env.NAME}, comma-separated (repeatable); their values are masked in the report').argParser(collect))
      .option('--llm-record <file>', "eval steps: save every model answer of the run to this file (no keys, no headers), for --llm-replay")
      .option('--llm-replay <file>', 'eval steps: answer every model turn from a file made by --llm-record, with no key and no network; a turn it does not hold fails its step')
      .action(async (files: string[], options: TestOptions) => done(await runCommand(io, false, async (run) => (await testCommand()).test(run, files, options)))),
  );
  configure(
    program
      .command('record')
      .description("start a stdio server behind a recording proxy: put it in a client's config in place of the server; every message both ways is written to a recording file as it passes")
      .usage('[options] -- <command> [args...]')
      .argument('<command...>', 'the server to start, after --')
      .option('-o, --output <file>', 'the recording file, made new (default: mcp-recording-<time>.jsonl in the current folder)')
      .option('--force', 'replace the file when it exists (a symbolic link is refused all the same)')
      .action(async (words: string[], options: RecordOptions) => done(await runCommand(io, false, async () => (await recordCommand()).record(io, words, options)))),
  );
  configure(
    withAdhoc(
      program
        .command('replay')
        .description("send a recording's requests and notifications to a server again and compare each answer with the recorded one; exits 1 when one differs")
        .usage('[options] <recording> [server]   (or: [options] <recording> --stdio "<command line>" | --url <url>)')
        .argument('<recording>', 'the recording file')
        .argument('[server]', SERVER_ARGUMENT),
    )
      .addOption(new Option('--ignore <JSON pointer>', 'a place in every answer not to compare, e.g. /result/content/0/text (repeatable; * matches any one segment)').argParser(collect))
      .option('--timeout <ms>', 'how long to wait for each answer (default 30000)')
      .addOption(jsonOption())
      .action(async (file: string, server: string | undefined, options: ReplayOptions & { json?: boolean }) =>
        done(await runCommand(io, !!options.json, async (run) => (await recordingsCommands()).replay(run, file, server, options))),
      ),
  );
  configure(
    program
      .command('mock')
      .description('serve a recording as an MCP server: answers each request with the recorded answer that matches it (stdio, or Streamable HTTP on 127.0.0.1 with --http)')
      .argument('<recording>', 'the recording file')
      .option('--http [port]', 'serve Streamable HTTP on 127.0.0.1 (port 0 or none: any free port; the URL is printed on stderr)')
      .addOption(new Option('--ignore <JSON pointer>', 'a place in request params not to match on (repeatable; * matches any one segment)').argParser(collect))
      .action(async (file: string, options: MockOptions) => done(await runCommand(io, false, async (run) => (await recordingsCommands()).mock(run, file, options)))),
  );

  configure(
    withAdhoc(
      program
        .command('load')
        .description('load-test a server: K clients with N calls in flight each call a tool for a duration or a number of calls; prints latency percentiles, throughput, errors by class and the server\'s CPU and memory; exits 1 when a --budget is missed')
        .usage('[options] <server> --tool <name> | --collection <file>   (with --stdio or --url: no <server>)')
        .argument('[server]', SERVER_ARGUMENT),
    )
      .option('--tool <name>', 'the tool to call')
      .option('--collection <file>', "a collection's tool steps as a mix, each chosen in proportion to its weight: (default 1)")
      .option('--server <name>', "with --collection: the server to load (default: the collection's own)")
      .option('--data <file>', "rows for the collection's ${data.<column>} variables, one per call in turn: a CSV file with a header line, or a JSON array of objects")
      .addOption(new Option('--allow-env <names>', 'environment variables the collection may read as ${env.NAME}, comma-separated (repeatable)').argParser(collect))
      .option('--args <json>', "its arguments as a JSON object, e.g. --args '{\"text\": \"hi\"}'")
      .addOption(new Option('--arg <key=value>', 'one argument (repeatable, applied over --args); the value is taken as JSON when it parses as JSON').argParser(collect))
      .option('--clients <K>', 'clients, each with its own connection (and, for stdio, its own server process) (default 1)')
      .option('--concurrency <N>', 'calls in flight per client (default 1)')
      .option('--duration <time>', 'how long to run: 30s, 5m, 1h (default 30s when --requests is not given either)')
      .option('--requests <N>', 'how many calls to make in all (the run ends at the first bound reached)')
      .option('--rate <R>', 'at most R calls per second over all clients')
      .option('--profile <profile>', 'constant (default), ramp or ramp:FROM%-TO% (of the clients × concurrency slots), spike (a tenth of the load, all of it for the middle fifth), soak')
      .option('--budget <budgets>', 'limits the run must meet, e.g. "p95<=200ms,p99<=500ms,errors<=0.5%,throughput>=50/s"; with --baseline also "p95<=+15%"')
      .option('--baseline <file>', "a previous run's --json report, for relative budgets")
      .option('--timeout <ms>', 'time limit of each call (default 60000): a call that takes longer counts as a timeout')
      .option('--shared-process', 'stdio: every client shares one server process (one connection)')
      .option('--churn <M>', 'remote servers: each client opens a new session (a new connection) after every M calls; the time a session takes to open is reported apart')
      .option('--pid <pid>', 'also sample the CPU and memory of this local process (a server you started yourself)')
      .option('--allow-destructive', 'call a tool that is not marked read-only (or is marked destructive)')
      .option('-y, --yes', 'load a server that is not on this machine (a URL whose host is not loopback)')
      .option('--html <file>', 'also write a self-contained HTML report with charts to this file')
      .option('--progress', 'print live figures on stderr each second even when it is not a terminal')
      .option('--no-progress', 'never print live figures')
      .addOption(jsonOption())
      .action(async (server: string | undefined, options: LoadOptions & { json?: boolean }) => done(await runCommand(io, !!options.json, async (run) => (await loadCommand()).load(run, server, options)))),
  );

  configure(
    withAdhoc(
      program
        .command('chat')
        .description("a model with the tools of these servers: runs the agent loop and prints each step (model turns, tool calls through the app's core, results)")
        .usage('[options] [server...] --model <provider>:<model> --prompt <text>')
        .argument('[servers...]', 'configured servers whose tools the model may call (none with --stdio or --url)'),
    )
      .option('--model <provider:model>', 'the model: anthropic:, openai:, google:, ollama: (http://127.0.0.1:11434/v1) or openai-compatible: (with --base-url), then the model name')
      .option('--base-url <url>', 'where the provider listens (required for openai-compatible; for the others, a proxy or another endpoint)')
      .option('--prompt <text>', 'what to ask')
      .option('--system <text>', 'a system prompt')
      .option('--max-steps <n>', 'the most model turns before giving up (default 10)')
      .addOption(new Option('--approve <mode>', 'ask: before each tool call, on the terminal (the default on one); auto: only what the permission rules allow (read-only tools by default)').choices(['ask', 'auto']))
      .addOption(jsonOption())
      .action(async (servers: string[], options: ChatOptions) => done(await runCommand(io, !!options.json, async (run) => (await chatCommand()).chat(run, servers, options)))),
  );
  const models = configure(program.command('models').description('model providers for chat: list them (and what local endpoints serve), save or forget a key'));
  configure(
    models
      .command('list')
      .description('each provider, whether it has a key (saved or from its environment variable) and, for local endpoints, the models they serve')
      .option('--base-url <url>', 'also list what this OpenAI-compatible endpoint serves')
      .addOption(jsonOption())
      .action(async (options: ModelsListOptions) => done(await runCommand(io, !!options.json, async (run) => (await modelsCommands()).modelsList(run, options)))),
  );
  configure(
    models
      .command('set-key')
      .description("save a provider's API key in the app's secret store (the key is read from stdin)")
      .argument('<provider>', 'anthropic, openai, google, openai-compatible or ollama')
      .action(async (provider: string) => done(await runCommand(io, false, async (run) => (await modelsCommands()).modelsSetKey(run, provider)))),
  );
  configure(
    models
      .command('forget-key')
      .description("remove a provider's saved API key")
      .argument('<provider>', 'anthropic, openai, google, openai-compatible or ollama')
      .action(async (provider: string) => done(await runCommand(io, false, async (run) => (await modelsCommands()).modelsForgetKey(run, provider)))),
  );

  const session = configure(
    program.command('session').description("live sessions: a background process keeps servers connected between commands (a browser server keeps its page); tools, resources, prompts, skills and tasks commands on them use it"),
  );
  configure(
    session
      .command('start')
      .description('start a live session that keeps these servers connected until it is stopped or idle')
      .argument('[server...]', 'configured servers to keep connected')
      .option('--idle <duration>', 'end after this long without a command, such as 90s, 10m or 1h (default 10m)')
      .addOption(new Option('--protocol <era>', "the MCP protocol era for the session's servers: auto, legacy, modern or a version such as 2025-06-18"))
      .addOption(new Option('--allow-headers-helper', "run a server's headersHelper without asking (the session has no terminal to ask on)"))
      .addOption(new Option('--project <dir>', "also this project's servers (its .mcp.json and your local entries for it)"))
      .addOption(new Option('--approve-project', 'with --project: start its .mcp.json servers you have not approved (the session has no terminal to ask on)'))
      .addOption(jsonOption())
      .action(async (names: string[], options: SessionStartOptions) => done(await runCommand(io, !!options.json, async (run) => (await sessionCommands()).sessionStart(run, names, options)))),
  );
  configure(
    session
      .command('list')
      .description('list the live sessions: id, process, servers, idle limit')
      .addOption(jsonOption())
      .action(async (options: { json?: boolean }) => done(await runCommand(io, !!options.json, async (run) => (await sessionCommands()).sessionList(run)))),
  );
  configure(
    session
      .command('stop')
      .description("stop a live session (the one running, the one of a server, or --all): its servers are closed, nothing is left running")
      .argument('[server]', 'the server whose session to stop')
      .option('--all', 'stop every live session')
      .addOption(jsonOption())
      .action(async (server: string | undefined, options: { all?: boolean; json?: boolean }) => done(await runCommand(io, !!options.json, async (run) => (await sessionCommands()).sessionStop(run, server, options)))),
  );

  const auth = configure(program.command('auth').description('OAuth sign-in for remote servers (the app\'s sign-in, credentials shared with browser mode)'));
  configure(
    withAdhoc(auth.command('login').description('sign in through the browser: prints the authorization URL and opens it, then waits for the browser to come back').argument('[server]', AUTH_SERVER_ARGUMENT))
      .option('--no-open', 'only print the URL (open it yourself, on any machine that can reach this one\'s loopback)')
      .addOption(jsonOption())
      .action(async (server: string | undefined, options: SourceOptions & { open?: boolean; json?: boolean }) =>
        done(await runCommand(io, !!options.json, async (run) => (await authCommands()).authLogin(run, server, options))),
      ),
  );
  serverCommand(auth, 'logout', "forget the server's tokens and client registration", async () => (await authCommands()).authLogout, AUTH_SERVER_ARGUMENT);
  serverCommand(auth, 'status', 'whether the server is signed in (exits 3 when it is not)', async () => (await authCommands()).authStatus, AUTH_SERVER_ARGUMENT);
  return program;
}
