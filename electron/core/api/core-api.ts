/**
 * The core: the AppApi implementation every front end (Electron IPC, the browser
 * host's WebSocket, the CLI) dispatches into. Each area of the API lives in its own
 * file; this one builds the shared pieces and joins them.
 */
import os from 'node:os';
import path from 'node:path';
import { AuthService, type AuthorizationUrlOpener } from '../auth/auth-service';
import { AppError } from '../../../shared/envelope';
import type { SourceLocator } from '../config/import-sources';
import { createLaunchResolver } from '../config/launch-resolver';
import { mergeEnvironments, readLoginShellEnv, type Env, type ShellEnvResult } from '../config/login-shell-env';
import { applyHeadersHelper, type HeadersHelperAsk } from '../config/apply-headers-helper';
import { ClaudeApprovals } from '../config/claude-approvals';
import { moveDataOutOfConfig } from '../data-move';
import { HeadersHelperConsents } from '../config/headers-helper-consents';
import { ProjectApprovals } from '../config/project-approvals';
import { ProjectMemory } from '../config/project-memory';
import { ProjectServerApprovalService } from '../config/project-server-approval';
import { SecretOwners } from '../config/secret-owners';
import { checkProjectServer, type ProjectServerAsk } from '../config/project-server-gate';
import { ServerRegistry, type FixedServers } from '../config/server-registry';
import type { ProtocolSetting, ServerConfig, ServerName } from '../../../shared/config/server-config';
import { ConnectionManager, type ConnectionManagerOptions, type ServerState } from '../connections/connection-manager';
import { EraCache } from '../connections/era/era-cache';
import { eraModeOf } from '../connections/era/era-plan';
import type { TokenProvider } from '../connections/token-provider';
import { ideLockDir } from '../connections/transports/ide-lockfiles';
import { ConsoleBuffer } from '../console/console-buffer';
import { ConsoleService, LogLevels } from '../console/console-service';
import { logMessages } from '../console/log-messages';
import type { Desktop } from '../desktop';
import { diagnostics, logFailure, logFolder } from '../diagnostics/diagnostics';
import { EventBus } from '../events/event-bus';
import { openProcessLedger } from '../lifecycle/process-ledger';
import type { NativeDialogs } from '../platform/native-dialogs';
import { promptNotifications } from '../prompts/prompt-notifications';
import { PromptService } from '../prompts/prompt-service';
import { resourceNotifications } from '../resources/resource-notifications';
import { ResourceService } from '../resources/resource-service';
import { SkillsService } from '../skills/skills-service';
import { FileSecretStore, PLAIN_SECRETS_FILE } from '../secrets/file-secret-store';
import { RedactingProtocolLog } from '../secrets/redacting-protocol-log';
import { redactEvent, SecretRedactor } from '../secrets/secret-redactor';
import type { SecretStore, SecretStoreInfo } from '../secrets/secret-store';
import { SettingsStore } from '../settings/settings-store';
import { createToolKit } from '../tools/tool-kit';
import { toolNotifications } from '../tools/tool-notifications';
import { taskStatusNotifications } from '../tasks/task-status-notifications';
import { ToolsService } from '../tools/tools-service';
import { processToolResult } from '../results/process-result';
import { TaskService } from '../tasks/task-service';
import { TaskStore } from '../tasks/task-store';
import { uiExtension } from '../apps/ui-extension';
import type { AppSandboxInfo } from '../../../shared/api/apps';
import type { CallContext, CoreApi } from './call-context';
import { createAppsApi } from './apps-api';
import { createAuthApi } from './auth-api';
import { CancellableCalls } from './cancellable-calls';
import { createConnectionsApi } from './connections-api';
import type { ConformanceService, ConformanceDeps } from '../conformance/conformance-service';
import { conformanceChannels, type ConformanceApi } from '../../../shared/api/conformance';
import { createDoctorApi } from './doctor-api';
import type { LoadConnection } from '../load/load-plan';
import type { LoadRuns } from '../load/load-runs';
import { lazyArea, methodsOf } from './lazy-area';
import { collectionsChannels, type CollectionsApi } from '../../../shared/api/collections';
import { loadChannels, type LoadApi } from '../../../shared/api/load';
import { modelsChannels } from '../../../shared/api/models';
import { transferChannels, type TransferApi } from '../../../shared/api/transfer';
import type { CoreModelsApi } from './models-api';
import { watchContracts } from '../contracts/contract-watch';
import type { DoctorThresholds } from '../doctor/doctor-service';
import { createCoreContext } from './core-context';
import { createLaunchScan } from './launch-scan';
import { createConfigSync } from '../connections/config-sync';
import { createDiagnosticsApi } from './diagnostics-api';
import { createHistoryApi } from './history-api';
import { createPermissionsApi } from './permissions-api';
import { createProjectApi } from './project-api';
import { createPromptsApi } from './prompts-api';
import { createProtocolLogApi } from './protocol-log-api';
import { createRecordingsApi } from './recordings-api';
import { createResourcesApi } from './resources-api';
import { createServerConsoleApi } from './server-console-api';
import { createResultsApi } from './results-api';
import { createServerRequestsApi } from './server-requests-api';
import { createServersApi } from './servers-api';
import { createSettingsApi } from './settings-api';
import { createSkillsApi } from './skills-api';
import { createTasksApi } from './tasks-api';
import { createToolsApi } from './tools-api';
import { messageOf } from '../../../shared/errors';
import type { ModelTurnMode } from '../models/model-access';

export interface CoreOptions {
  /** More environment variables collections may read, besides the setting's (the CLI's --allow-env). */
  collectionEnv?: readonly string[];
  /** How to allow one more, in the words of the front end (`<NAME>` is replaced by the variable). */
  collectionEnvHow?: string;
  /** The config folder: servers, settings, secrets, permissions, history. */
  dataDir: string;
  /** Where result files go (default: dataDir). */
  storageDir?: string;
  /** Where caches go: protocol eras, servers that wanted sign-in (default: dataDir). */
  cacheDir?: string;
  env?: NodeJS.ProcessEnv;
  /** Compare each server's contract with its previous connection's and emit `contract-changed` (the app does; the CLI need not). */
  watchContracts?: boolean;
  /** Connect every enabled server at start-up (the app does; tests may not). Project servers never start by themselves. */
  autoConnect?: boolean;
  appVersion?: string;
  /** Bearer tokens for claudeai-proxy servers from elsewhere; without it they come from OAuth sign-in. */
  tokenProvider?: TokenProvider;
  /** Where secrets live; a plain 0600 file in the data folder when absent (browser mode, CLI). */
  secretStore?: SecretStore;
  /** The system's file dialogs (desktop app only). */
  dialogs?: NativeDialogs;
  /** Reads the login shell's environment (resolved once, on first need). */
  shellEnv?: () => Promise<ShellEnvResult>;
  /** Where to look for other clients' config files (tests point it at a temporary home). */
  importLocator?: Partial<Omit<SourceLocator, 'projectDir'>>;
  /** Watch config files for changes made by other programs (default true). */
  watchConfig?: boolean;
  /**
   * The project for this run: a folder to open (not remembered for the next start), or
   * null for none. Absent: the project the app had open last time.
   */
  project?: string | null;
  /** Servers for this run only, in place of the three scopes (the CLI's --config and ad-hoc servers); never written anywhere. */
  fixedServers?: FixedServers;
  /** Opening result files and links outside the app (Electron's shell, or browser mode's opener). */
  desktop?: Desktop;
  /** Tells the user something at start-up (server processes an earlier run left behind); default: stderr. */
  notice?: (line: string) => void;
  /**
   * Opens a sign-in's authorization page: the desktop app's system browser, the CLI's
   * printed URL. Default (browser mode): an `auth-open-url` event, and the window that
   * asked for the sign-in opens it in a new tab.
   */
  openAuthorizationUrl?: AuthorizationUrlOpener;
  /** How long a sign-in waits for the browser's callback (default 5 minutes). */
  signInTimeoutMs?: number;
  /** The protocol era for every server, over their own Protocol setting (the CLI's --protocol). */
  protocolOverride?: ProtocolSetting;
  /** Opens a folder in the file manager (the desktop app: "Open log folder"); absent: the page shows the path. */
  openFolder?: (folder: string) => Promise<void>;
  /**
   * Asks whether a server's headersHelper may run (the first time for each command). Default:
   * a question in the window (a `server-request` of kind `headers-helper`); the CLI asks on its terminal.
   */
  headersHelperConsent?: HeadersHelperAsk;
  /**
   * Asks whether an undecided (or changed) project server may start, whatever wants it
   * started. Default: a question in the window (a `server-request` of kind `project-server`);
   * the CLI asks on its terminal or needs `--approve-project`.
   */
  projectServerConsent?: ProjectServerAsk;
  /** When the doctor calls a start or a list slow (tests lower them). */
  doctorThresholds?: Partial<DoctorThresholds>;
  /** Where the conformance suite is looked for and how long a scenario may take (tests point elsewhere). */
  conformance?: Pick<ConformanceDeps, 'checkout' | 'self' | 'scenarioTimeoutMs'>;
  /** Where the front end shows MCP Apps (its sandbox page); absent: apps are not shown (the CLI). */
  appSandbox?: () => AppSandboxInfo;
  /** Builds each connection's transport (tests wrap the real one to hold or answer messages). */
  createTransport?: ConnectionManagerOptions['createTransport'];
  /** How eval steps' model turns are answered: by the provider (default), recorded to a file, or replayed from one (the CLI's --llm-record, --llm-replay). */
  modelTurns?: ModelTurnMode;
}

export interface Core {
  /** The AppApi; each method also takes a CallContext (a signal that cancels it). */
  api: CoreApi;
  events: EventBus;
  secretStore: SecretStoreInfo;
  /** A server's entry as it is launched (variables and secrets filled in), for a command that talks to it without a connection (replay). */
  launchConfig(name: ServerName): Promise<ServerConfig>;
  /** How a load run's clients connect to the server (its launched entry): era and OAuth, as the core's own connections. */
  loadConnection(name: ServerName, config: ServerConfig): LoadConnection;
  /** Closes every connection; call before the process exits so no server is orphaned. */
  dispose(): Promise<void>;
}

export async function createCore(options: CoreOptions): Promise<Core> {
  const env = options.env ?? process.env;
  const redactor = new SecretRedactor();
  // The diagnostic log masks every secret this core knows, in every line.
  const removeLogMask = diagnostics.addMask((text) => redactor.redact(text));
  const events = new EventBus(
    (event) => redactEvent(event, redactor),
    (error) => diagnostics.warn('An event listener failed', error),
  );
  const secrets = options.secretStore ?? new FileSecretStore(path.join(options.dataDir, PLAIN_SECRETS_FILE));
  // Before anything reads them: what earlier versions kept in the config folder moves out.
  if (options.storageDir || options.cacheDir) {
    const say = options.notice ?? ((line: string) => process.stderr.write(`${line}\n`));
    await moveDataOutOfConfig({ config: options.dataDir, data: options.storageDir ?? options.dataDir, cache: options.cacheDir ?? options.dataDir, log: say }).catch((error: unknown) =>
      say(`MCP Workbench could not move its data out of the config folder (${(error as Error).message}); what was not moved stays where it was and is moved at the next start.`),
    );
  }
  const registry = new ServerRegistry(options.dataDir, { watch: options.watchConfig ?? true, ...(options.fixedServers ? { fixed: options.fixedServers } : {}) });
  const settings = new SettingsStore(options.dataDir, env);
  await Promise.all([registry.load(), settings.load()]);
  const toolKit = await createToolKit({
    dataDir: options.dataDir,
    ...(options.storageDir ? { storageDir: options.storageDir } : {}),
    events,
    settings,
    redact: (value) => redactor.redactDeep(value),
    ...(options.desktop ? { desktop: options.desktop } : {}),
  });

  // The login shell is asked once; every launch then uses the same answer.
  let shellProblem: string | undefined;
  let environment: Promise<Env> | undefined;
  const readShell = options.shellEnv ?? (() => readLoginShellEnv({ baseEnv: env }));
  const getEnvironment = () =>
    (environment ??= readShell().then((result) => {
      shellProblem = result.problem;
      return mergeEnvironments(env, result.env);
    }));
  // Started now, so the answer is usually there by the time the first server launches.
  void getEnvironment();
  const headersHelperConsents = new HeadersHelperConsents(options.dataDir);
  // The window's question: allowed runs are remembered, anything else is a refusal.
  const askInWindow: HeadersHelperAsk = async ({ server, ...question }) => {
    const outcome = await toolKit.broker.ask(server, { kind: 'headers-helper', ...question });
    return outcome.answered && outcome.answer.action === 'accept' ? 'always' : 'refuse';
  };
  const projectApprovals = new ProjectApprovals(options.dataDir);
  await projectApprovals.load();
  const approvals = new ProjectServerApprovalService(
    registry,
    projectApprovals,
    new ClaudeApprovals({ ...(options.importLocator?.home ? { home: options.importLocator.home } : {}), env: { ...env, ...options.importLocator?.env } }),
  );
  const secretOwners = new SecretOwners(options.dataDir);
  const launcher = createLaunchResolver({ secrets, environment: getEnvironment, onSecret: (value) => redactor.remember(value), projectDir: () => registry.project, owners: secretOwners });
  const launchInfo = new Map();

  const auth = new AuthService({
    secrets,
    dataDir: options.dataDir,
    ...(options.cacheDir ? { cacheDir: options.cacheDir } : {}),
    openAuthorizationUrl: options.openAuthorizationUrl ?? (async (server, url) => events.emit({ type: 'auth-open-url', server, url })),
    onChange: (server) => events.emit({ type: 'auth-changed', server }),
    onSecret: (value) => redactor.remember(value),
    redact: (text) => redactor.redact(text),
    ...(options.signInTimeoutMs ? { callbackTimeoutMs: options.signInTimeoutMs } : {}),
  });

  const lockDir = ideLockDir(env);
  // Log messages reach the console without passing an event: masked as they are kept.
  const consoleBuffer = new ConsoleBuffer((entry) => events.emit({ type: 'server-console', entries: [entry] }), undefined, (text) => redactor.redact(text));
  // Before any server starts: what an earlier run that ended abruptly left running is stopped.
  const processLedger = await openProcessLedger(options.dataDir, {
    ...(options.notice ? { notice: options.notice } : {}),
    console: (server, text) => void consoleBuffer.record(server, { source: 'event', text }),
  });
  const logLevels = new LogLevels();
  // The window's question about a project server: Approve is remembered, Start once is not, anything else refuses.
  const askProjectInWindow: ProjectServerAsk = async ({ server, ...question }) => {
    const outcome = await toolKit.broker.ask(server, { kind: 'project-server', ...question });
    if (!outcome.answered || outcome.answer.action !== 'accept') return 'refuse';
    return outcome.answer.content?.remember === true ? 'always' : 'once';
  };
  const resolveLaunchConfig = async (name: ServerName, config: ServerConfig): Promise<ServerConfig> => {
    // Every way into a connection (Connect, a tool call, a list, a reconnect, a replay, the doctor) passes here.
    const origin = registry.originOf(name, config);
    await checkProjectServer(name, config, origin, approvals, options.projectServerConsent ?? askProjectInWindow);
    const resolved = await launcher.resolve(name, config, origin);
    const launch = await applyHeadersHelper(name, resolved, origin, {
      consents: headersHelperConsents,
      ask: options.headersHelperConsent ?? askInWindow,
      env: getEnvironment,
      home: env.HOME?.trim() || os.homedir(),
      onSecret: (value) => redactor.remember(value),
    });
    if ('command' in launch && typeof launch.command === 'string' && launch.command !== config.command) launchInfo.set(name, { commandPath: launch.command });
    return launch;
  };
  // The task service is made after the connections it uses; task status notifications reach it once it exists.
  const later: { tasks?: TaskService } = {};
  const connections = new ConnectionManager({
    events,
    clientInfo: { name: 'mcp-workbench', version: options.appVersion ?? '0.0.0' },
    settings: () => settings.effective(),
    protocolLog: new RedactingProtocolLog(redactor, (entry) => events.emit({ type: 'protocol-log', entries: [entry] })),
    ideLockDir: lockDir,
    eraCache: new EraCache(options.cacheDir ?? options.dataDir),
    ...(options.protocolOverride ? { protocolOverride: options.protocolOverride } : {}),
    requestMeta: (name) => logLevels.requestMeta(name),
    clientFeatures: [...toolKit.clientFeatures, toolNotifications(events), uiExtension(), resourceNotifications(events), promptNotifications(events), logMessages(consoleBuffer), taskStatusNotifications((server, snapshot) => later.tasks?.applyStatus(server, snapshot))],
    ...(options.tokenProvider ? { tokenProvider: options.tokenProvider } : {}),
    auth,
    currentConfig: (name) => registry.get(name),
    resolveLaunchConfig,
    ...(options.createTransport ? { createTransport: options.createTransport } : {}),
  });
  const ctx = createCoreContext({
    events,
    registry,
    connections,
    settings,
    ideLockDir: lockDir,
    secrets,
    secretOwners,
    redactor,
    launchInfo,
    describeLaunch: launcher.describe,
    approvalOf: (name, config) => approvals.approvalOf(name, config),
  });
  const isConfigured = (name: string) => registry.get(name) !== undefined;
  const resources = new ResourceService(connections, events, isConfigured);
  const prompts = new PromptService(connections, events);
  const skills = new SkillsService(connections, events);
  const tools = new ToolsService(connections, events);
  const serverConsole = new ConsoleService(connections, consoleBuffer, events, isConfigured, logLevels);
  connections.onStateChange = (name) => {
    const config = registry.get(name);
    if (config) events.emit({ type: 'server-state', server: ctx.viewOf(name, config) });
    const state = connections.state(name, config);
    logStateChange(name, state);
    // Questions from a server whose connection ended can no longer be answered.
    if (state.status !== 'connected') toolKit.broker.closeServer(name);
  };
  settings.onChange((view) => events.emit({ type: 'settings-changed', settings: view }));
  const tasks = new TaskService({
    connections,
    configOf: ctx.configOf,
    events,
    store: new TaskStore(options.dataDir),
    elicitation: toolKit.elicitation,
    sampling: toolKit.sampling,
    requestTimeoutMs: () => settings.effective().callTimeoutMs,
    processResult: (raw, task) =>
      processToolResult(raw, { callId: `task-${task.taskId}`, server: task.server, tool: task.tool }, { files: toolKit.files, textLimitBytes: settings.effective().resultTextLimitBytes, label: task.tool }),
  });
  later.tasks = tasks;
  await tasks.load();
  // The conformance suite is built on first use as well (the doctor's rules load on its first
  // run, doctor-api.ts): a tool call reads neither.
  let conformance: ConformanceService | undefined;
  const conformanceArea = lazyArea<ConformanceApi>(methodsOf(conformanceChannels), async () => {
    const [{ ConformanceService: Service }, { createConformanceApi }] = await Promise.all([import('../conformance/conformance-service'), import('./conformance-api')]);
    conformance = new Service({
      dataDir: options.dataDir,
      env: getEnvironment,
      configOf: (name) => registry.get(name),
      launchConfig: (name) => resolveLaunchConfig(name, ctx.configOf(name)),
      emit: (event) => events.emit(event),
      ...(options.conformance ?? {}),
    });
    return createConformanceApi(conformance);
  });
  /** How a load run's clients connect: the era the server's connections speak (--protocol wins), and its OAuth sign-in. */
  const loadConnection = (name: ServerName, config: ServerConfig): LoadConnection => ({
    era: eraModeOf(options.protocolOverride ?? config.protocol),
    eraProbeTimeoutMs: settings.effective().eraProbeTimeoutMs,
    remoteAuth: () => auth.remoteAuth(name, config),
  });
  /** What `${env.NAME}` may read in collections and load mixes: the user's setting, and on the command line what --allow-env adds. */
  const allowedEnv = () => ({
    names: new Set([...settings.effective().collectionEnv, ...(options.collectionEnv ?? [])]),
    how: options.collectionEnvHow ?? 'add "<NAME>" to collectionEnv in settings.json',
  });
  // Load runs, collections and models are built on first use (see lazy-area.ts).
  let loadRuns: LoadRuns | undefined;
  const loadArea = lazyArea<LoadApi>(methodsOf(loadChannels), async () => {
    const [{ LoadRuns: Runs }, { createLoadApi }, { collectionsFolderFile, readCollection }, { readDataRows }] = await Promise.all([
      import('../load/load-runs'),
      import('./load-api'),
      import('../collections/collection-folder'),
      import('../load/collection-workload'),
    ]);
    loadRuns = new Runs({
      dataDir: options.storageDir ?? options.dataDir,
      configOf: (name) => ctx.configOf(name),
      launchConfig: (name) => resolveLaunchConfig(name, ctx.configOf(name)),
      readCollection: async (file) => {
        const read = await readCollection(registry.project, file);
        if (!read.collection) throw new AppError('invalid-request', `${file} cannot be used: ${read.problems.map((problem) => problem.message).join('; ')}`);
        return read.collection;
      },
      readDataRows: async (file) => readDataRows(await collectionsFolderFile(registry.project, file)),
      variables: () => ({ env, allowedEnv: allowedEnv() }),
      emit: (event) => events.emit(event),
      redact: (value) => redactor.redactDeep(value),
      ideLockDir: lockDir,
      connection: (name, config) => loadConnection(name, config),
    });
    return createLoadApi(loadRuns);
  });

  const memory = new ProjectMemory(options.dataDir);
  if (options.project) {
    // Asked for by name: a folder that is not there is an error the caller reports.
    await registry.openProject(options.project).catch(async (error: unknown) => {
      registry.close();
      await processLedger.dispose();
      throw error;
    });
  } else if (options.project === undefined && !options.fixedServers) {
    const last = await memory.lastProject();
    // A remembered project that has gone away is simply not reopened.
    if (last) await registry.openProject(last).catch(logFailure(`The last project (${last}) could not be reopened`, 'info'));
  }
  // Rules and pins an earlier version stored by `mcp__…` name are read once, now that the servers (the project's too) are known.
  // A run on servers of its own (the CLI's --config, ad-hoc servers) reads them for itself and leaves the files as they are.
  const configuredNames = registry.effective().map((entry) => entry.name);
  const migration = { persist: !options.fixedServers };
  await Promise.all([toolKit.permissions.migrate(configuredNames, migration), toolKit.pins.migrate(configuredNames, migration)]);
  const sync = createConfigSync({ ...ctx, scanLaunches: createLaunchScan(registry, ctx) }, {
    autoConnect: options.autoConnect ?? false,
    forgetCredentials: (name) => auth.forget(name),
    approved: (name, config) => approvals.decisionOf(name, config) === 'approved',
  });
  registry.onChange = sync.onChange;

  // Requests a front end named with a callId, so cancelCall can cancel them (tool calls have the runner's own).
  const calls = new CancellableCalls();
  const collectionsArea = lazyArea<CollectionsApi>(methodsOf(collectionsChannels), async () => {
    const [{ createCollectionsApi }, { createModelAccess }] = await Promise.all([import('./collections-api'), import('../models/model-access')]);
    // The collections runner calls tools, resources and prompts through this same API.
    return createCollectionsApi(ctx, {
      api: () => api,
      events,
      env,
      allowedEnv,
      mask: redactor,
      models: createModelAccess({ secrets, env, dataDir: options.dataDir, ...(options.modelTurns ? { mode: options.modelTurns } : {}), onSecret: (value) => redactor.remember(value) }),
    });
  });
  // Import and export read every client's format (YAML, TOML): loaded when first used.
  const transferArea = lazyArea<TransferApi>(methodsOf(transferChannels), async () => (await import('./transfer-api')).createTransferApi(ctx, options.importLocator));
  const samplingRules = () => settings.effective().samplingAuto;
  const modelsArea = lazyArea<CoreModelsApi>(methodsOf(modelsChannels), async () =>
    (await import('./models-api')).createModelsApi(ctx, calls, {
      api: () => api,
      pendingServerRequests: () => toolKit.broker.list(),
      samplingAuto: { rules: samplingRules, timeoutMs: () => settings.effective().serverRequestTimeoutMs, install: (answer) => (toolKit.sampling.autoAnswer = answer) },
      dataDir: options.dataDir,
      env,
    }),
  );
  // Until the models area is built, a sampling request of a server the user allowed builds it (which installs its answerer) and is put to it.
  const buildingAnswerer: NonNullable<typeof toolKit.sampling.autoAnswer> = async (server, params, signal) => {
    if (!samplingRules()[server]) return undefined;
    await modelsArea.open();
    const installed = toolKit.sampling.autoAnswer;
    return installed && installed !== buildingAnswerer ? installed(server, params, signal) : undefined;
  };
  toolKit.sampling.autoAnswer = buildingAnswerer;

  const api: CoreApi = maskSecrets(
    {
      ...createServersApi(ctx, sync),
      ...createConnectionsApi(ctx, calls),
      ...createResourcesApi(ctx, resources, calls),
      ...createSkillsApi(ctx, skills, calls),
      ...createPromptsApi(ctx, prompts, calls),
      ...createServerConsoleApi(ctx, serverConsole),
      ...createToolsApi(ctx, toolKit, tools, calls, tasks),
      ...createTasksApi(ctx, tasks),
      ...createResultsApi(ctx, toolKit),
      ...createPermissionsApi(toolKit),
      ...createHistoryApi(toolKit),
      ...createServerRequestsApi(toolKit),
      ...createProtocolLogApi(ctx),
      ...createRecordingsApi(ctx),
      ...createSettingsApi(ctx),
      ...createProjectApi(ctx, { memory, ...(options.dialogs ? { dialogs: options.dialogs } : {}), shellProblem: () => shellProblem, approvals, settled: (name) => sync.settled(name) }),
      ...transferArea.api,
      ...createAuthApi(ctx, auth, (name, config) => launcher.resolve(name, config, registry.originOf(name, config))),
      ...createDiagnosticsApi(logFolder(options.dataDir), options.openFolder),
      ...createDoctorApi(ctx, toolKit, calls, options.doctorThresholds),
      ...createAppsApi(ctx, { ...(options.appSandbox ? { sandbox: options.appSandbox } : {}), ...(options.desktop ? { desktop: options.desktop } : {}) }),
      ...collectionsArea.api,
      ...conformanceArea.api,
      ...loadArea.api,
      ...modelsArea.api,
      // A chat's Stop (cancelCall with its callId) is heard from the moment the chat starts,
      // also while the models area is still loading on its first use (the AI SDK takes a
      // moment): the id is registered here, before the area builds, and the area's own
      // registration carries on under it (CancellableCalls.run).
      runChat: (request, context) => calls.run(request.callId, context, (signal) => modelsArea.api.runChat(request, withSignal(context, signal))),
      rerunChat: (request, context) => calls.run(request.callId, context, (signal) => modelsArea.api.rerunChat(request, withSignal(context, signal))),
      onEvent: (listener) => events.subscribe(listener),
    },
    redactor,
  );

  // Before any connection starts, so the first one of each server is its baseline.
  const stopContractWatch = options.watchContracts
    ? watchContracts({ onServerState: (listener) => events.on('server-state', listener), onListStored: (listener) => connections.caches.onListStored(listener), emit: (event) => events.emit(event) })
    : undefined;

  if (options.autoConnect) {
    // Not awaited: start-up must never wait for slow servers. Project servers wait for the user, unless approved.
    const startable = registry.effective().filter((entry) => entry.scope !== 'project' || approvals.decisionOf(entry.name, entry.config) === 'approved');
    void connections.connectAtStartup(startable.map((entry) => [entry.name, entry.config] as const));
  }

  return {
    api,
    events,
    secretStore: secrets.info(),
    launchConfig: (name) => resolveLaunchConfig(name, ctx.configOf(name)),
    loadConnection,
    dispose: async () => {
      stopContractWatch?.();
      registry.close();
      await tasks.dispose();
      await Promise.all([auth.dispose(), connections.closeAll(), conformance?.dispose(), loadRuns?.dispose()]);
      await processLedger.dispose();
      await toolKit.history.flush();
      await toolKit.observations.flush();
      removeLogMask();
    },
  };
}

/** The call's context with the signal of its registration in CancellableCalls. */
function withSignal(context: CallContext | undefined, signal: AbortSignal | undefined): CallContext | undefined {
  return signal ? { ...context, signal } : context;
}

/**
 * Everything leaving the core through the API, answers and error messages alike, has the
 * secret values it may quote masked (a tool can echo its API key; a server can put a
 * token in an error).
 */
function maskSecrets(api: CoreApi, redactor: SecretRedactor): CoreApi {
  const masked: Record<string, unknown> = {};
  for (const [method, fn] of Object.entries(api)) {
    if (method === 'onEvent') {
      masked[method] = fn;
      continue;
    }
    masked[method] = async (request: unknown, context?: CallContext) => {
      try {
        return redactor.redactDeep(await (fn as (request: unknown, context?: CallContext) => Promise<unknown>)(request, context));
      } catch (error) {
        // The original is not attached: its message is what is being masked.
        if (error instanceof AppError) throw new AppError(error.code, redactor.redact(error.message), { kind: error.kind, rpcCode: error.rpcCode });
        // eslint-disable-next-line preserve-caught-error -- the cause would carry the unmasked message
        throw new Error(redactor.redact(messageOf(error)));
      }
    };
  }
  return masked as unknown as CoreApi;
}

/** Each state a server enters, for the diagnostic log: failures as warnings, the rest at debug. */
function logStateChange(name: string, state: ServerState): void {
  if (state.status === 'failed') {
    diagnostics.warn(`${name}: failed${state.errorKind ? ` (${state.errorKind})` : ''}: ${state.error ?? 'no reason given'}`);
    return;
  }
  if (!diagnostics.enabled('debug')) return;
  const era = state.protocolVersion ? ` protocol ${state.protocolVersion} (${state.protocolEra ?? 'legacy'}, ${state.protocolSource ?? 'detected'})` : '';
  const info = state.serverInfo ? ` server ${state.serverInfo.name} ${state.serverInfo.version}` : '';
  diagnostics.debug(`${name}: ${state.status}${state.status === 'connected' ? `${info}${era}` : ''}${state.error ? `: ${state.error}` : ''}`);
}
