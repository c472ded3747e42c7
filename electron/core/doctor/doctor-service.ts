/**
 * Runs the doctor: connects each server as needed (timing it; a check on connect never
 * connects, it reads the connection open now), reads its lists (timing
 * each, and noting a declared capability whose list fails), applies the host rule sets
 * and the live checks, counts the tokens of its tools, then checks the servers together.
 */
import { DOCTOR_HOSTS, type DoctorFinding, type DoctorHost, type DoctorReport, type HostToolView, type RunDoctorRequest, type ServerDoctorReport } from '../../../shared/api/doctor';
import type { ServerConfig, ServerName } from '../../../shared/config/server-config';
import type { ToolInfo } from '../../../shared/domain';
import type { AppError } from '../../../shared/envelope';
import type { ServerRegistry } from '../config/server-registry';
import type { ConnectionManager, RequestContext } from '../connections/connection-manager';
import { listPage, type ListMethod } from '../connections/list-page';
import { checkTools, hostsWithSpec, rulesFor } from './check-tools';
import { crossServerFindings } from './live/cross-server';
import { annotationFindings, descriptionFindings } from './live/description-checks';
import { LIVE_RULES, liveRule } from './live/live-rules';
import { observationFindings, stdoutNoiseFindings } from './live/observation-findings';
import type { ResultObservations } from './result-observations';
import { ruleInfo } from './rule';
import { HOST_RULE_SETS } from './rules';
import { SKILL_RULE_INFOS, skillFindings } from './rules/skills';
import { gatherSkillsEvidence } from '../skills/skills-evidence';
import { listRawTools } from './raw-tools';
import { toolTokenCosts } from './token-cost';
import { failure, messageOf } from '../../../shared/errors';

export interface DoctorThresholds {
  slowConnectMs: number;
  slowListMs: number;
}

/** A check asked to leave the token counts out (see RunDoctorRequest.tokens). */
const NO_TOKENS = { perTool: [], total: { openai: 0 } };

export const DEFAULT_THRESHOLDS: DoctorThresholds = { slowConnectMs: 5000, slowListMs: 2000 };

/** The lists besides tools/list (which the doctor reads raw, below). */
const CAPABILITY_LISTS: Array<{ capability: string; method: ListMethod }> = [
  { capability: 'resources', method: 'resources/list' },
  { capability: 'resources', method: 'resources/templates/list' },
  { capability: 'prompts', method: 'prompts/list' },
];

/** Why a check that may not connect (RunDoctorRequest.connect false) has no findings. */
const NOT_CONNECTED = 'Not connected: this check reads only a connection already open.';

interface CheckOptions {
  hosts: DoctorHost[];
  countTokens: boolean;
  /** false: only the connection open when the check starts (see RunDoctorRequest.connect). */
  connect: boolean;
  signal?: AbortSignal;
}

/** A run stopped by its caller: one error for the whole run (never a finding). */
function cancelledRun(): AppError {
  return failure('cancelled', 'The doctor run was cancelled.');
}

/** What the doctor reads of the core: the servers and their connections (the core API's context has these and more). */
export interface DoctorContext {
  registry: ServerRegistry;
  connections: ConnectionManager;
  configOf(name: ServerName): ServerConfig;
}

export class DoctorService {
  constructor(
    private readonly ctx: DoctorContext,
    private readonly observations: ResultObservations,
    private readonly thresholds: DoctorThresholds = DEFAULT_THRESHOLDS,
  ) {}

  /** `signal` cancels the run, whatever it waits for (a connect, a list): it rejects as cancelled. */
  async run(request: RunDoctorRequest, signal?: AbortSignal): Promise<DoctorReport> {
    const hosts = request.hosts?.length ? [...new Set(request.hosts)] : [...DOCTOR_HOSTS];
    const applied = hostsWithSpec(hosts);
    const names = request.servers?.length ? request.servers : this.ctx.registry.effective().filter((entry) => entry.config.enabled !== false).map((entry) => entry.name);
    const checked = await Promise.all(names.map((name) => this.checkServer(name, { hosts: applied, countTokens: request.tokens !== false, connect: request.connect !== false, ...(signal ? { signal } : {}) })));
    if (signal?.aborted) throw cancelledRun();
    const relevant = (finding: DoctorFinding) => finding.hosts.some((host) => applied.includes(host));
    const servers = checked.map(({ report }) => ({ ...report, findings: report.findings.filter(relevant) }));
    const shared = crossServerFindings(
      checked.filter((c) => c.report.connected).map((c) => ({ server: c.report.server, tools: c.tools, tokens: c.report.tokens.total })),
      applied,
    ).filter(relevant);
    const rules = [...rulesFor(hosts).map(ruleInfo), ...LIVE_RULES.filter((r) => r.hosts.some((h) => applied.includes(h))), ...SKILL_RULE_INFOS];
    return { hosts: applied, servers, shared, rules, time: Date.now() };
  }

  async toolsAsHost(name: ServerName, host: DoctorHost, signal?: AbortSignal): Promise<HostToolView[]> {
    const config = this.ctx.configOf(name);
    const tools = await listRawTools(this.ctx.connections, name, config, signal ? { signal } : {});
    const set = HOST_RULE_SETS[host];
    const findings = checkTools(name, tools, [host]).filter((f) => f.hosts.includes(host));
    return tools.map((tool, index) => {
      // What the host refuses outright (an error of its own rules), or leaves out (Cursor's long names, the tool limit).
      const refusal = findings.find((f) => f.tool === tool.name && (f.severity === 'error' || f.rule === 'cursor-name-length'));
      const overLimit = set.toolLimit !== undefined && index >= set.toolLimit;
      const limit = set.descriptionLimit;
      const description = tool.description === undefined ? undefined : limit !== undefined ? tool.description.slice(0, limit) : tool.description;
      const dropped = refusal ? refusal.message : overLimit ? `Beyond the first ${set.toolLimit} tools, which is all this host offers its model.` : undefined;
      return {
        tool: tool.name,
        name: set.toolName ? set.toolName(name, tool.name) : tool.name,
        ...(description !== undefined ? { description } : {}),
        descriptionCut: description !== undefined && description.length < (tool.description?.length ?? 0),
        ...(dropped ? { dropped } : {}),
      };
    });
  }

  private async checkServer(name: ServerName, { hosts, countTokens, connect, signal }: CheckOptions): Promise<{ report: ServerDoctorReport; tools: ToolInfo[] }> {
    const { connections } = this.ctx;
    const config = this.ctx.configOf(name);
    const lists: Record<string, number> = {};
    const empty = { toolCount: 0, tokens: { perTool: [], total: { openai: 0 } } };
    const notConnected = { report: { server: name, connected: false, error: NOT_CONNECTED, ...empty, findings: [], timings: { lists } }, tools: [] };
    // Without `connect`, the check is about the connection open now and every request stays on it.
    const requestContext: RequestContext = { ...(signal ? { signal } : {}), ...(connect ? {} : { openOnly: true }) };
    const checkedAttempt = connections.attemptOf(name);
    const stillChecked = () => connections.attemptOf(name) === checkedAttempt && connections.state(name, config).status === 'connected';
    let connectMs: number | undefined;
    if (connections.state(name, config).status !== 'connected') {
      if (!connect) return notConnected;
      const started = performance.now();
      try {
        await connections.connect(name, config, signal ? { signal } : {});
      } catch (error) {
        if (signal?.aborted) throw cancelledRun();
        const message = messageOf(error);
        const rule = liveRule('live-connect-failed');
        const finding: DoctorFinding = { rule: rule.id, severity: rule.severity, hosts: rule.hosts, server: name, pointer: '', source: rule.source, message: `The server did not connect: ${message}` };
        return { report: { server: name, connected: false, error: message, ...empty, findings: [finding], timings: { lists } }, tools: [] };
      }
      connectMs = Math.round(performance.now() - started);
    }
    const findings: DoctorFinding[] = [];
    const live = (id: string, message: string, extra: Partial<DoctorFinding> = {}) => {
      const rule = liveRule(id);
      findings.push({ rule: rule.id, severity: rule.severity, hosts: rule.hosts, server: name, pointer: '', source: rule.source, message, ...extra });
    };
    if (connectMs !== undefined && connectMs > this.thresholds.slowConnectMs) live('live-slow-start', `Connecting took ${connectMs} ms; hosts that start many servers at once wait on the slowest (Claude Code gives up at 30 s). Do slow work after initialize.`);

    const capabilities = connections.state(name, config).capabilities ?? {};
    for (const { capability, method } of CAPABILITY_LISTS) {
      if (!(capability in capabilities)) continue;
      const started = performance.now();
      try {
        await connections.request(name, config, (client, signal) => listPage(client, method, undefined, signal ? { signal } : undefined), requestContext);
        lists[method] = Math.round(performance.now() - started);
        if (lists[method] > this.thresholds.slowListMs) live('live-slow-list', `${method} took ${lists[method]} ms; hosts list every server at start and wait for it. Answer lists from memory.`);
      } catch (error) {
        if (signal?.aborted) throw cancelledRun();
        // Templates are optional within the resources capability: a server may well not have the method.
        if (method === 'resources/templates/list' && /-32601|not found/i.test(messageOf(error))) continue;
        live('live-capability-failing', `The server declares "${capability}" but ${method} fails: ${messageOf(error)}. Answer it (an empty list is fine) or drop the capability.`);
      }
    }

    // A connection lost while checking skills says nothing about them: the other checks still report.
    const skills = await gatherSkillsEvidence(connections, name, config, requestContext).catch(() => undefined);
    if (signal?.aborted) throw cancelledRun();
    if (skills) findings.push(...skillFindings(name, skills));

    let tools: ToolInfo[] = [];
    if ('tools' in capabilities) {
      const started = performance.now();
      try {
        tools = await listRawTools(connections, name, config, requestContext);
        lists['tools/list'] = Math.round(performance.now() - started);
        if (lists['tools/list'] > this.thresholds.slowListMs) live('live-slow-list', `tools/list took ${lists['tools/list']} ms; hosts list every server at start and wait for it. Answer lists from memory.`);
      } catch (error) {
        if (signal?.aborted) throw cancelledRun();
        live('live-capability-failing', `The server declares "tools" but tools/list fails: ${messageOf(error)}. Answer it (an empty list is fine) or drop the capability.`);
      }
    }
    // The connection went away during the check: what failed with it says nothing about the server.
    if (!connect && !stillChecked()) return notConnected;
    // Counted first: some hosts' rules are about what the list costs in a model's context. The
    // quick check (tokens: false) skips counting, and with it those rules.
    const tokens = countTokens ? await toolTokenCosts(tools) : NO_TOKENS;
    findings.push(...checkTools(name, tools, hosts, countTokens ? tokens.total : undefined));
    for (const tool of tools) {
      findings.push(...descriptionFindings(name, tool), ...annotationFindings(name, tool), ...observationFindings(name, tool, this.observations.of(name, tool.name)));
    }
    findings.push(...stdoutNoiseFindings(name, connections.protocolLog.entries(name)));
    return { report: { server: name, connected: true, toolCount: tools.length, findings, tokens, timings: { ...(connectMs !== undefined ? { connectMs } : {}), lists } }, tools };
  }
}
