/**
 * How a connection settles its protocol era, from the entry's Protocol setting:
 *
 * - `auto` (the default): the SDK's detection (`versionNegotiation: auto`): a
 *   server/discover probe, then `initialize` if the server is a 2025 one. On stdio a
 *   server that stays silent for `eraProbeTimeoutMs` is a 2025 one; over HTTP silence is
 *   an outage and the connect timeout applies. A remembered verdict (EraCache) skips the
 *   probe. SSE, WebSocket and the IDE transports exist only in the 2025 protocol: no probe.
 * - `legacy`: the 2025 `initialize` handshake, as MCP Workbench always did.
 * - `2026-07-28` (or a later revision): that revision or nothing (an SDK pin, no fallback).
 * - an earlier date (`2025-06-18`): `initialize` offering exactly that version.
 */
import type { ClientOptions, PriorDiscovery } from '@modelcontextprotocol/client';
import { isModernVersion, MODERN_PROTOCOL_VERSION, PROTOCOL_LEGACY, type ProtocolSetting, type TransportType } from '../../../../shared/config/server-config';
import type { EraVerdict } from './era-cache';

export type EraMode = { kind: 'auto' } | { kind: 'legacy'; version?: string } | { kind: 'modern'; version: string };

/** The transports the 2026-07-28 revision defines (claudeai-proxy is Streamable HTTP). */
const MODERN_TRANSPORTS = new Set<TransportType>(['stdio', 'http', 'claudeai-proxy']);

export function eraModeOf(setting: ProtocolSetting | undefined): EraMode {
  const value = setting?.trim();
  if (!value || value === 'auto') return { kind: 'auto' };
  if (value === PROTOCOL_LEGACY) return { kind: 'legacy' };
  if (value === 'modern') return { kind: 'modern', version: MODERN_PROTOCOL_VERSION };
  return isModernVersion(value) ? { kind: 'modern', version: value } : { kind: 'legacy', version: value };
}

export interface EraPlan {
  clientOptions: Pick<ClientOptions, 'versionNegotiation' | 'supportedProtocolVersions'>;
  /** A remembered verdict to connect from without probing. */
  prior?: PriorDiscovery;
  source: 'detected' | 'remembered' | 'configured';
  /** The SDK probes on this connect (its verdict is worth remembering). */
  probing: boolean;
}

export interface EraPlanContext {
  transport: TransportType;
  verdict?: EraVerdict | undefined;
  /** stdio: how long a silent server gets before it counts as a 2025 one. */
  probeTimeoutMs: number;
  /** HTTP: the probe waits as long as initialize would. */
  connectTimeoutMs: number;
}

export function planEra(mode: EraMode, ctx: EraPlanContext): EraPlan {
  if (mode.kind === 'legacy') {
    return { clientOptions: mode.version ? { supportedProtocolVersions: [mode.version] } : {}, source: 'configured', probing: false };
  }
  const probe = { timeoutMs: ctx.transport === 'stdio' ? ctx.probeTimeoutMs : ctx.connectTimeoutMs, maxRetries: 0 };
  if (mode.kind === 'modern') {
    return { clientOptions: { versionNegotiation: { mode: { pin: mode.version }, probe } }, source: 'configured', probing: false };
  }
  if (!MODERN_TRANSPORTS.has(ctx.transport)) return { clientOptions: {}, source: 'configured', probing: false };
  const auto: EraPlan['clientOptions'] = { versionNegotiation: { mode: 'auto', probe } };
  if (ctx.verdict?.era === 'legacy') return { clientOptions: auto, prior: { kind: 'legacy' }, source: 'remembered', probing: false };
  if (ctx.verdict?.era === 'modern') return { clientOptions: auto, prior: { kind: 'modern', discover: ctx.verdict.discover }, source: 'remembered', probing: false };
  return { clientOptions: auto, source: 'detected', probing: true };
}
