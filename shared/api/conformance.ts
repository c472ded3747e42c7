/**
 * The official MCP conformance suite (`@modelcontextprotocol/conformance`) run against a
 * configured server: its server scenarios for one protocol revision, each with its checks,
 * the failed ones with their message and the spec sections they test.
 */
import { z } from 'zod';
import { ServerNameSchema, type ServerName } from '../config/server-config';
import type { ChannelTable } from './channel-table';

export const CONFORMANCE_SPEC_VERSIONS = ['2025-11-25', '2026-07-28'] as const;
export type ConformanceSpecVersion = (typeof CONFORMANCE_SPEC_VERSIONS)[number];

export interface ConformanceCheck {
  id: string;
  name: string;
  /** As the suite records it: SUCCESS, FAILURE, WARNING, or another word it uses (INFO, SKIPPED). */
  status: string;
  description: string;
  errorMessage?: string;
  /** The spec sections the check tests. */
  specReferences: Array<{ id: string; url: string }>;
}

/**
 * passed: every check succeeded (warnings allowed); failed: at least one check failed;
 * no-checks: the scenario ran but recorded no check, or left no results at all (never a pass);
 * not-applicable: it tests something this run cannot (the HTTP transport of a stdio server,
 * which here is the workbench's bridge), so it did not run.
 */
export type ConformanceScenarioStatus = 'passed' | 'failed' | 'no-checks' | 'not-applicable';

export interface ConformanceScenario {
  name: string;
  status: ConformanceScenarioStatus;
  checks: ConformanceCheck[];
  /** Why it is not applicable, or what else the user should know about it. */
  note?: string;
  /** How long its run took (absent when it did not run). */
  durationMs?: number;
}

export interface ConformanceReport {
  server: ServerName;
  specVersion: ConformanceSpecVersion;
  /** The suite release that ran (npm package and version). */
  suite: { name: string; version: string };
  /** http: the suite reached the server's own URL; stdio-bridge: a loopback bridge the run started in front of the stdio server. */
  transport: 'http' | 'stdio-bridge';
  scenarios: ConformanceScenario[];
  counts: Record<ConformanceScenarioStatus, number>;
  /** What the user should know about the whole run (headers the suite could not send). */
  warnings?: string[];
  /** When the run ended (epoch ms), and how long it took. */
  time: number;
  durationMs: number;
}

/** Whether the suite can run here, and if not, what to install. */
export interface ConformanceAvailability {
  ready: boolean;
  /** The Node (22 or newer) the suite would run on. */
  node?: { path: string; version: string };
  /** The suite's package for the revision asked about. */
  suite?: { name: string; version: string; path: string };
  /** What is missing, in a sentence. */
  problem?: string;
  /** What to do about it (a command to run, a package to install). */
  remedy?: string;
  /** The suite is missing but can be fetched from the npm registry into the data folder (installConformanceSuite). */
  canInstall?: boolean;
}

export interface ConformanceRequest {
  name: ServerName;
  specVersion: ConformanceSpecVersion;
}

export interface ConformanceApi {
  /** Whether the suite (and a Node 22 for it) is there for this revision. */
  conformanceStatus(request: { specVersion: ConformanceSpecVersion }): Promise<ConformanceAvailability>;
  /** Fetches the suite's release for the revision from the npm registry into the data folder (the user asked for it). */
  installConformanceSuite(request: { specVersion: ConformanceSpecVersion }): Promise<ConformanceAvailability>;
  /** Runs the suite's server scenarios against a configured server; progress comes as `conformance-progress` events. */
  runConformance(request: ConformanceRequest): Promise<ConformanceReport>;
  /** Stops a running suite (its processes and the bridge); the run rejects with "cancelled". */
  cancelConformance(request: { name: ServerName }): Promise<void>;
}

const SpecVersionSchema = z.enum(CONFORMANCE_SPEC_VERSIONS);

export const conformanceChannels: ChannelTable<ConformanceApi> = {
  conformanceStatus: { channel: 'conformance:status', request: z.strictObject({ specVersion: SpecVersionSchema }) },
  installConformanceSuite: { channel: 'conformance:install', request: z.strictObject({ specVersion: SpecVersionSchema }) },
  runConformance: { channel: 'conformance:run', request: z.strictObject({ name: ServerNameSchema, specVersion: SpecVersionSchema }) },
  cancelConformance: { channel: 'conformance:cancel', request: z.strictObject({ name: ServerNameSchema }) },
};
