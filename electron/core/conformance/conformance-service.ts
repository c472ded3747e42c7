/**
 * The official conformance suite against a configured server: finds the suite and a Node 22
 * for it (or says what to install), reaches an HTTP server at its own URL and a stdio server
 * through a loopback bridge it starts and stops, runs the revision's server scenarios and
 * reports each with its checks. One run per server at a time; cancel stops it.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CONFORMANCE_SPEC_VERSIONS, type ConformanceAvailability, type ConformanceReport, type ConformanceRequest, type ConformanceScenarioStatus, type ConformanceSpecVersion } from '../../../shared/api/conformance';
import { isStdioConfig, transportOf, type ServerConfig, type ServerName } from '../../../shared/config/server-config';
import type { AppEvent } from '../../../shared/events';
import { ProcessTransport } from '../connections/transports/stdio-transport';
import { ConformanceCancelled, SuiteNodeMissing } from './conformance-errors';
import { runServerScenarios } from './run-suite';
import { startStdioBridge } from './stdio-bridge';
import { findSuiteNode, type SuiteNode } from './suite-node';
import { checkoutRoot, findSuite, installSuite, SUITE_RELEASES, type FoundSuite } from './suite-packages';

export interface ConformanceDeps {
  dataDir: string;
  /** The environment the suite and npm run in (the login shell's PATH, where a Node 22 may be). */
  env: () => Promise<NodeJS.ProcessEnv>;
  /** The server's entry as configured (undefined: no such server). */
  configOf: (name: ServerName) => ServerConfig | undefined;
  /** The entry as it is launched: variables and secrets filled in, the user's approval checked. */
  launchConfig: (name: ServerName) => Promise<ServerConfig>;
  emit: (event: AppEvent) => void;
  /** Where a checkout keeps the suite (tests point elsewhere); default: the checkout this code runs from. */
  checkout?: string;
  /** The Node running us, when it may be started as Node; default: this process outside Electron. */
  self?: { path: string; version: string };
  scenarioTimeoutMs?: number;
}

/** How a user gets the suite when it is not here: the npm command, and whether we can run it for them. */
function suiteRemedy(specVersion: ConformanceSpecVersion): string {
  const release = SUITE_RELEASES[specVersion];
  return `Fetch it with npm (the app's "Install the suite" or \`mcp-workbench conformance --install-suite\`), or run it yourself: npx ${release.name}@${release.version} server --url <your server's URL> --requirements ${specVersion}.`;
}

export class ConformanceService {
  /** The runs under way, by server: their cancel switch, and the run itself (to wait for its cleanup). */
  private readonly running = new Map<ServerName, AbortController>();
  private readonly runs = new Set<Promise<unknown>>();
  private readonly checkout: string | undefined;
  private readonly self: { path: string; version: string } | undefined;

  constructor(private readonly deps: ConformanceDeps) {
    this.checkout = deps.checkout ?? checkoutRoot();
    this.self = deps.self ?? (process.versions.electron === undefined ? { path: process.execPath, version: process.versions.node } : undefined);
  }

  async status(specVersion: ConformanceSpecVersion): Promise<ConformanceAvailability> {
    const suite = findSuite(specVersion, { dataDir: this.deps.dataDir, ...(this.checkout ? { checkout: this.checkout } : {}) });
    let node: SuiteNode | undefined;
    let nodeProblem: SuiteNodeMissing | undefined;
    try {
      node = await findSuiteNode({ env: await this.deps.env(), ...(this.checkout ? { checkout: this.checkout } : {}), ...(this.self ? { self: this.self } : {}) });
    } catch (error) {
      if (!(error instanceof SuiteNodeMissing)) throw error;
      nodeProblem = error;
    }
    const release = SUITE_RELEASES[specVersion];
    const availability: ConformanceAvailability = {
      ready: suite !== undefined && node !== undefined,
      ...(node ? { node } : {}),
      ...(suite ? { suite: { name: release.name, version: release.version, path: suite.dir } } : {}),
    };
    if (nodeProblem) return { ...availability, problem: nodeProblem.message, remedy: nodeProblem.remedy, ...(suite ? {} : { canInstall: true }) };
    if (!suite) return { ...availability, problem: `The conformance suite (${release.name} ${release.version}) is not installed here.`, remedy: suiteRemedy(specVersion), canInstall: true };
    return availability;
  }

  async install(specVersion: ConformanceSpecVersion): Promise<ConformanceAvailability> {
    await installSuite(specVersion, { dataDir: this.deps.dataDir, env: await this.deps.env() });
    return this.status(specVersion);
  }

  cancel(name: ServerName): void {
    this.running.get(name)?.abort();
  }

  /** Cancels every run and waits until their processes and bridges are gone (the core is closing). */
  async dispose(): Promise<void> {
    for (const abort of this.running.values()) abort.abort();
    await Promise.allSettled([...this.runs]);
  }

  run(request: ConformanceRequest): Promise<ConformanceReport> {
    const run = this.runOnce(request);
    this.runs.add(run);
    void run.catch(() => undefined).finally(() => this.runs.delete(run)); // the caller gets the run's failure; this only forgets the run.
    return run;
  }

  private async runOnce({ name, specVersion }: ConformanceRequest): Promise<ConformanceReport> {
    if (!CONFORMANCE_SPEC_VERSIONS.includes(specVersion)) throw new Error(`Unknown revision ${specVersion}.`);
    const config = this.deps.configOf(name);
    if (!config) throw new Error(`No server named "${name}".`);
    const type = transportOf(config);
    if (!isStdioConfig(config) && type !== 'http') {
      throw new Error(`The conformance suite speaks Streamable HTTP; "${name}" uses ${type}. Run it over stdio or Streamable HTTP to test it.`);
    }
    if (this.running.has(name)) throw new Error(`A conformance run for "${name}" is already under way.`);
    const availability = await this.status(specVersion);
    if (!availability.ready) throw new Error(`${availability.problem} ${availability.remedy}`);

    const abort = new AbortController();
    this.running.set(name, abort);
    const started = Date.now();
    const outDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-conformance-'));
    const launch = await this.deps.launchConfig(name).catch((error: unknown) => {
      this.running.delete(name);
      throw error;
    });
    const bridge = isStdioConfig(launch) ? await startStdioBridge(async () => new ProcessTransport(launch, {}, name)) : undefined;
    try {
      const url = bridge ? bridge.url : (launch as { url: string }).url;
      const suite = findSuite(specVersion, { dataDir: this.deps.dataDir, ...(this.checkout ? { checkout: this.checkout } : {}) }) as FoundSuite;
      const scenarios = await runServerScenarios({
        node: availability.node!.path,
        cli: suite.cli,
        url,
        specVersion,
        outDir,
        bridged: bridge !== undefined,
        env: await this.deps.env(),
        signal: abort.signal,
        ...(this.deps.scenarioTimeoutMs ? { scenarioTimeoutMs: this.deps.scenarioTimeoutMs } : {}),
        onScenario: (scenario, done, total) => this.deps.emit({ type: 'conformance-progress', server: name, scenario, done, total }),
      });
      const counts: Record<ConformanceScenarioStatus, number> = { passed: 0, failed: 0, 'no-checks': 0, 'not-applicable': 0 };
      for (const scenario of scenarios) counts[scenario.status]++;
      const headers = 'headers' in launch && launch.headers && Object.keys(launch.headers).length > 0;
      return {
        server: name,
        specVersion,
        suite: { name: suite.release.name, version: suite.release.version },
        transport: bridge ? 'stdio-bridge' : 'http',
        scenarios,
        counts,
        ...(headers ? { warnings: ['The suite sends no headers of its own: the server’s configured headers (an API key, say) were not sent, so scenarios may fail on authorization.'] } : {}),
        time: Date.now(),
        durationMs: Date.now() - started,
      };
    } catch (error) {
      if (error instanceof ConformanceCancelled || abort.signal.aborted) throw new ConformanceCancelled();
      throw error;
    } finally {
      this.running.delete(name);
      await bridge?.stop();
      await fs.rm(outDir, { recursive: true, force: true });
    }
  }
}
