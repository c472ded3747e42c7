/**
 * Everything the tool runner needs besides connections, built before the connection
 * manager because the client features (elicitation, sampling, roots) must be installed
 * on every client it creates: stores in the app data folder (result files, history,
 * permissions), the broker for questions servers ask, and the host's desktop.
 */
import type { SettingsStore } from '../settings/settings-store';
import type { ClientFeature } from '../connections/client-feature';
import { noDesktop, type Desktop } from '../desktop';
import { ElicitationFeature } from '../elicitation/elicitation-feature';
import { rootsFeature } from '../elicitation/roots-feature';
import { SamplingFeature } from '../elicitation/sampling-feature';
import { ServerRequestBroker } from '../elicitation/server-request-broker';
import type { EventBus } from '../events/event-bus';
import { HistoryStore } from '../history/history-store';
import { PermissionStore } from '../permissions/permission-store';
import { ToolPins } from '../permissions/tool-pins';
import { ResultFileStore } from '../results/result-files';
import { logFailure } from '../diagnostics/diagnostics';
import { TasksFeature } from '../tasks/tasks-feature';
import { ResultObservations } from '../doctor/result-observations';

export interface ToolKit {
  files: ResultFileStore;
  history: HistoryStore;
  permissions: PermissionStore;
  /** Hashes of tool definitions as first allowed. */
  pins: ToolPins;
  broker: ServerRequestBroker;
  elicitation: ElicitationFeature;
  sampling: SamplingFeature;
  clientFeatures: ClientFeature[];
  desktop: Desktop;
  /** What the doctor learns from the results of calls. */
  observations: ResultObservations;
}

export async function createToolKit(options: {
  dataDir: string;
  /** Where result files go (default: dataDir). */
  storageDir?: string;
  events: EventBus;
  settings: SettingsStore;
  desktop?: Desktop;
  /** Masks secret values in what the kit keeps (history, saved requests, texts in result files). */
  redact?: <T>(value: T) => T;
}): Promise<ToolKit> {
  const files = ResultFileStore.inDataDir(options.storageDir ?? options.dataDir, options.redact);
  const history = new HistoryStore(options.dataDir, undefined, options.redact);
  const permissions = new PermissionStore(options.dataDir);
  const observations = new ResultObservations(options.dataDir, options.redact);
  const pins = new ToolPins(options.dataDir);
  await Promise.all([history.load(), permissions.load(), observations.load(), pins.load()]);
  // Old result files go at start, without holding it up.
  void files.prune().catch(logFailure('Removing old result files failed'));
  const broker = new ServerRequestBroker(options.events, () => options.settings.effective().serverRequestTimeoutMs);
  const elicitation = new ElicitationFeature(broker);
  const sampling = new SamplingFeature(broker);
  return {
    files,
    history,
    permissions,
    pins,
    broker,
    elicitation,
    sampling,
    // Tasks last: its receiver hands plain requests on to the elicitation and sampling handlers.
    clientFeatures: [elicitation, sampling, rootsFeature, new TasksFeature(elicitation, sampling)],
    desktop: options.desktop ?? noDesktop,
    observations,
  };
}
