/**
 * The server doctor: will this server's tools work in Claude Code, Cursor, VS Code,
 * ChatGPT, Gemini, … Each finding names the rule, the hosts it matters for, the tool and
 * the JSON pointer of the offending part, what to change, and the public source the rule
 * comes from.
 */
import { z } from 'zod';
import { CallIdSchema, type CancellableRequest } from './call-id';
import { ServerNameSchema, type ServerName } from '../config/server-config';
import type { ChannelTable } from './channel-table';

export const DOCTOR_HOSTS = ['claude-code', 'claude-desktop', 'cursor', 'vscode', 'openai', 'gemini', 'spec'] as const;
export type DoctorHost = (typeof DOCTOR_HOSTS)[number];

export const DOCTOR_HOST_LABELS: Record<DoctorHost, string> = {
  'claude-code': 'Claude Code',
  'claude-desktop': 'Claude Desktop',
  cursor: 'Cursor',
  vscode: 'VS Code / Copilot',
  openai: 'OpenAI / ChatGPT',
  gemini: 'Gemini CLI',
  spec: 'MCP specification',
};

export const FINDING_SEVERITIES = ['error', 'warning', 'info'] as const;
export type FindingSeverity = (typeof FINDING_SEVERITIES)[number];

export interface DoctorFinding {
  /** The rule's id, e.g. `vscode-array-items`. */
  rule: string;
  severity: FindingSeverity;
  hosts: DoctorHost[];
  /** The server the finding is about (absent for a finding across servers, such as a tool count). */
  server?: ServerName;
  tool?: string;
  /** JSON pointer into the tool definition (`/inputSchema/properties/when`), or "" for the whole thing. */
  pointer: string;
  /** What is wrong and what to change. */
  message: string;
  /** Where the rule comes from: the host's documentation, source or issue tracker. */
  source: string;
  /** The rule's behaviour in the host could not be confirmed (its message says so too); never an error. */
  unverified?: boolean;
}

/** What one rule checks, for the rule list in the docs, the UI and JUnit output. */
export interface DoctorRuleInfo {
  id: string;
  severity: FindingSeverity;
  hosts: DoctorHost[];
  summary: string;
  source: string;
  /** What the verdict was checked against: the host's file and version, a dated document, or a report. */
  evidence: string;
  /** False when the host's behaviour could not be confirmed (then the rule is never an error). */
  verified: boolean;
}

export interface ToolTokenCost {
  tool: string;
  /** OpenAI's own tokenizer (o200k_base, GPT-4o and later): exact for those models. */
  openai: number;
  /** A Claude tokenizer: an estimate (the public one is not current models' own). */
  claudeEstimate?: number;
}

export interface ServerDoctorReport {
  server: ServerName;
  /** Whether the server could be connected and its lists read. */
  connected: boolean;
  error?: string;
  toolCount: number;
  findings: DoctorFinding[];
  tokens: { perTool: ToolTokenCost[]; total: { openai: number; claudeEstimate?: number } };
  /** How long connecting (when the doctor connected it) and each list took, in ms. */
  timings: { connectMs?: number; lists: Record<string, number> };
}

export interface DoctorReport {
  hosts: DoctorHost[];
  servers: ServerDoctorReport[];
  /** Findings about the servers together: names that collide, too many tools for a host. */
  shared: DoctorFinding[];
  /** Every rule that was applied. */
  rules: DoctorRuleInfo[];
  /** When the report was made (epoch ms). */
  time: number;
}

/** One tool as a host would present it to its model. */
export interface HostToolView {
  /** The tool's own name. */
  tool: string;
  /** The name the host builds and the model sees (`mcp__server__tool` in Claude Code). */
  name: string;
  /** The description as the host passes it on (cut where the host cuts). */
  description?: string;
  descriptionCut: boolean;
  /** Why the host would not offer the tool at all, when it would not. */
  dropped?: string;
}

export interface RunDoctorRequest extends CancellableRequest {
  /** Default: every enabled server. */
  servers?: ServerName[];
  /** Default: every host. The spec's rules always apply. */
  hosts?: DoctorHost[];
  /**
   * false: leave the token counts out (zero), for a quick check such as the one on connect;
   * loading the tokenizers and counting take the main process a while.
   */
  tokens?: boolean;
  /**
   * false: check only a connection already open (the check on connect). A server that is not
   * connected, or whose connection closes or is replaced during the check, is reported as not
   * connected with no findings; the check never connects, reconnects or starts a session, so
   * a server the user disconnected meanwhile stays disconnected. Default true: connect as needed.
   */
  connect?: boolean;
}

export interface DoctorApi {
  /** Connects the servers as needed (unless `connect` is false), reads their lists and checks them against each host's rules. */
  runDoctor(request: RunDoctorRequest): Promise<DoctorReport>;
  /** The server's tools as a host would show them. */
  toolsAsHost(request: { name: ServerName; host: DoctorHost }): Promise<HostToolView[]>;
}

const HostSchema = z.enum(DOCTOR_HOSTS);

export const doctorChannels: ChannelTable<DoctorApi> = {
  runDoctor: {
    channel: 'doctor:run',
    request: z.strictObject({ servers: z.array(ServerNameSchema).max(500).optional(), hosts: z.array(HostSchema).max(DOCTOR_HOSTS.length).optional(), tokens: z.boolean().optional(), connect: z.boolean().optional(), callId: CallIdSchema.optional() }),
  },
  toolsAsHost: { channel: 'doctor:tools-as-host', request: z.strictObject({ name: ServerNameSchema, host: HostSchema }) },
};
